import { beforeAll, describe, expect, it } from 'vitest';
import { actors, type Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { ContactRequestList } from '../../../shared/schemas/contact.schema';

const SUPPORT = 'reps@broadcast.test';
const LIMIT = 3;

let t: TestApp;
let admin: Session;
let representant: Session;
let ipSeq = 0;
/** Each caller its own address, so only the rate-limit test meets the per-IP limit. */
const nextIp = () => `198.51.100.${++ipSeq}`;

const request = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jana Nováková',
  business: 'Kaviareň Lipa',
  email: `jana-${++ipSeq}@lipa.test`,
  phone: '+421 900 111 222',
  message: 'Dobrý deň, máme kaviareň v Košiciach a chceli by sme posielať obedové menu.',
  language: 'sk',
  ...overrides,
});

const send = (payload: unknown, ip = nextIp()) =>
  t.request({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });
const list = (token?: string, query = '') =>
  t.request({ method: 'GET', url: `/api/contact-requests${query}`, token });

const fixture = setupRouteFixture({
  env: { SUPPORT_EMAIL: SUPPORT, RATE_LIMIT_LOGIN_PER_MINUTE: String(LIMIT) },
});
beforeAll(async () => {
  ({ t, admin } = fixture);
  representant = await fixture.a.userWithRole('representant');
});

describe('POST /api/contact', () => {
  it("stores the request and emails the representatives with a Reply-To of the business's address", async () => {
    const body = request({ business: 'Pizzeria Napoli' });
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: Msg.contactRequestSent });

    const mail = await t.mail.waitFor(SUPPORT, (m) => m.subject.includes('Pizzeria Napoli'));
    expect(mail.subject).toBe('Contact request from Pizzeria Napoli');
    expect(mail.replyTo).toEqual([body.email]);
    expect(mail.text).toContain('Jana Nováková from Pizzeria Napoli would like to use Broadcast.');
    expect(mail.text).toContain(`Email: ${body.email}`);
    expect(mail.text).toContain('Phone: +421 900 111 222');
    expect(mail.text).toContain('Language: Slovak');
    expect(mail.text).toContain(body.message);
    expect(mail.html).toContain('Pizzeria Napoli');
  });

  it('writes what the visitor typed as text: no links of theirs, HTML escaped, line breaks kept', async () => {
    const res = await send(
      request({
        name: 'Eve <b>Bold</b>',
        business: 'Visit http://evil.example/x',
        phone: '',
        message: 'First line\nOpen www.evil.example now\n<script>alert(1)</script>',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const mail = await t.mail.waitFor(SUPPORT, (m) => m.subject.includes('evil'));
    expect(mail.subject).toBe('Contact request from Visit http[:]//evil[.]example/x');
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('http://evil');
    }
    expect(mail.text).toContain('First line\nOpen www[.]evil[.]example now\n<script>alert(1)</script>');
    expect(mail.text).toContain('Phone: not given');
    expect(mail.html).toContain('Eve &lt;b&gt;Bold&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<b>');
  });

  it('answers 400 naming each missing or bad field', async () => {
    const empty = await send({ name: '', business: ' ', email: '', message: '' });
    expectError(empty, 400, ErrorCode.VALIDATION, {
      name: 'name is required',
      business: 'business name is required',
      email: 'email is required',
      message: 'message is required',
    });
    expectError(await send(request({ email: 'not-an-email' })), 400, ErrorCode.VALIDATION, {
      email: Msg.invalidEmail,
    });
    expectError(await send(request({ phone: 'call me' })), 400, ErrorCode.VALIDATION, {
      phone: Msg.invalidPhone,
    });
    expectError(await send(request({ message: 'x'.repeat(2001) })), 400, ErrorCode.VALIDATION, {
      message: 'Message must be at most 2000 characters',
    });
    expectError(await send(request({ language: 'xx' })), 400, ErrorCode.VALIDATION, {
      language: Msg.chooseLanguage,
    });
    const broken = await t.request({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
      remoteAddress: nextIp(),
    });
    expect(broken.statusCode).toBe(400);
  });

  it('is rate limited per IP: 429 with Retry-After', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < LIMIT; i++) expect((await send(request(), ip)).statusCode).toBe(201);
    const refused = await send(request(), ip);
    const body = expectError(refused, 429, ErrorCode.RATE_LIMITED);
    expect(body.error).toBe(Msg.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not held back.
    expect((await send(request())).statusCode).toBe(201);
  });
});

describe('GET /api/contact-requests', () => {
  it('answers 401 without a session and 403 to customers and clients', async () => {
    expectError(await list(), 401, ErrorCode.UNAUTHORIZED);
    for (const role of ['customer', 'client'] as const) {
      const user = await actors(t).userWithRole(role);
      expectError(await list(user.token), 403, ErrorCode.FORBIDDEN);
    }
  });

  it('lists the requests newest first for representatives and admins, page by page', async () => {
    const businesses = ['Paged One', 'Paged Two', 'Paged Three'];
    for (const business of businesses) expect((await send(request({ business }))).statusCode).toBe(201);

    for (const who of [representant, admin]) {
      const res = await list(who.token);
      expect(res.statusCode, res.body).toBe(200);
      const { items } = res.json<ContactRequestList>();
      expect(items.slice(0, 3).map((item) => item.business)).toEqual([...businesses].reverse());
      expect(items[0]).toMatchObject({
        name: 'Jana Nováková',
        phone: '+421 900 111 222',
        language: 'sk',
        message: expect.stringContaining('obedové menu'),
        createdAt: expect.any(String),
      });
    }

    // One at a time, the cursor walks on without skipping or repeating.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await list(representant.token, query);
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json<ContactRequestList>();
      expect(body.items.length).toBeLessThanOrEqual(1);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
    } while (cursor && seen.length < 50);
    const all = (await list(representant.token, '?limit=100')).json<ContactRequestList>().items;
    expect(seen).toEqual(all.map((item) => item.id));
  });

  it('answers 400 to a bad cursor or limit', async () => {
    expectError(await list(representant.token, '?cursor=nonsense'), 400, ErrorCode.VALIDATION, {
      cursor: Msg.invalidCursor,
    });
    const forged = Buffer.from(JSON.stringify(['yesterday', "1' OR 1=1"])).toString('base64url');
    expectError(await list(representant.token, `?cursor=${forged}`), 400, ErrorCode.VALIDATION, {
      cursor: Msg.invalidCursor,
    });
    expectError(await list(representant.token, '?limit=0'), 400, ErrorCode.VALIDATION);
  });
});
