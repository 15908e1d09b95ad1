/**
 * First-party page views over HTTP (POST /api/analytics/pageview): what is stored (path, the public
 * page's establishment, source, the referrer's host, a salted visitor hash; never an IP address),
 * how a public page's views and visitors reach its funnel (GET /api/reports/funnel), the per-IP rate
 * limit, the visit source of a follow and of a registration, and forwarding to a Plausible-compatible
 * endpoint (a real HTTP sink started here).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, type Session, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Funnel } from '../../../shared/schemas/report.schema';
import type { VisitSource } from '../../../shared/schemas/report-sources';
import { analyticsSalts, pageViews } from '../../db/schema';
import { housekeepingJob } from '../../jobs/housekeeping.job';

/** Views per IP per minute in these tests: each test sends from addresses of its own. */
const LIMIT = 6;

let t: TestApp;
let admin: Session;
let ipSeq = 0;
/** An address no other test sends from. */
const freshIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const fixture = setupRouteFixture({ env: { RATE_LIMIT_PAGEVIEWS_PER_MINUTE: String(LIMIT) } });
beforeAll(() => {
  ({ t, admin } = fixture);
});

function view(
  app: TestApp,
  payload: unknown,
  {
    ip = '192.0.2.1',
    userAgent = 'Mozilla/5.0 (Test)',
    cookie,
  }: { ip?: string; userAgent?: string; cookie?: string } = {},
) {
  return app.request({
    method: 'POST',
    url: '/api/analytics/pageview',
    remoteAddress: ip,
    headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
}

async function expectRecorded(
  payload: unknown,
  client?: { ip?: string; userAgent?: string; cookie?: string },
) {
  const res = await view(t, payload, client);
  expect(res.statusCode, res.body).toBe(204);
  expect(res.body).toBe('');
}

async function funnelOf(establishmentId?: string): Promise<Funnel> {
  const res = await t.request({
    method: 'GET',
    url: `/api/reports/funnel${establishmentId ? `?establishmentId=${establishmentId}` : ''}`,
    token: admin.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Funnel>();
}

const bySource = (funnel: Funnel, source: VisitSource) => funnel.sources.find((s) => s.source === source)!;

const storedViews = (path: string) => t.ctx.db.select().from(pageViews).where(eq(pageViews.path, path));

describe('POST /api/analytics/pageview', () => {
  it('answers 204 and stores the path, the page’s establishment, the source and the referrer’s host; no IP anywhere', async () => {
    const place = await actors(t).establishment(admin, 'Stored Views Bistro');
    const ip = '203.0.113.77';
    await expectRecorded(
      {
        path: `/${place.publicId}`,
        referrer: 'https://www.Example.org/search?q=someone%40example.test#top',
        source: 'poster',
      },
      { ip, userAgent: 'Stored/1.0' },
    );

    const rows = await storedViews(`/${place.publicId}`);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      establishmentId: place.id,
      source: 'poster',
      referrerHost: 'www.example.org',
    });
    expect(row!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    // Neither the address nor the referrer's query is kept, in any column or the salts.
    expect(JSON.stringify(rows)).not.toContain(ip);
    expect(JSON.stringify(rows)).not.toContain('someone');
    const salts = await t.ctx.db.select().from(analyticsSalts);
    expect(salts.map((s) => s.day)).toEqual([new Date().toISOString().slice(0, 10)]);
    expect(JSON.stringify(salts)).not.toContain(ip);
    const columns = await t.ctx.database.sql.executeSql(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'page_views'`,
    );
    const names = (columns.rows as { column_name: string }[]).map((c) => c.column_name);
    expect(names).toContain('visitor_hash');
    expect(names.some((name) => /ip|addr/.test(name))).toBe(false);

    // A link's token (an email's unsubscribe page) is not kept: the path is.
    await expectRecorded({ path: '/unsubscribe/secret.link.token' }, { ip: freshIp() });
    expect(await storedViews('/unsubscribe/[token]')).toHaveLength(1);
    expect(await storedViews('/unsubscribe/secret.link.token')).toHaveLength(0);

    // No referrer, no source: a direct visit with an empty referrer host.
    await expectRecorded({ path: '/home' }, { ip: freshIp() });
    expect(await storedViews('/home')).toEqual([
      expect.objectContaining({ establishmentId: null, source: 'direct', referrerHost: '' }),
    ]);
  });

  it('does not count a view that comes with the consent cookie of "Only necessary"; Accept\'s cookie counts', async () => {
    const refused = await view(
      t,
      { path: '/only-necessary' },
      { ip: freshIp(), cookie: 'consent=necessary' },
    );
    expect(refused.statusCode, refused.body).toBe(204);
    expect(await storedViews('/only-necessary')).toHaveLength(0);

    await expectRecorded({ path: '/accepted' }, { ip: freshIp(), cookie: 'theme=x; consent=all' });
    // Accept stored `true` before "Only necessary" existed.
    await expectRecorded({ path: '/accepted' }, { ip: freshIp(), cookie: 'consent=true' });
    expect(await storedViews('/accepted')).toHaveLength(2);
  });

  it('answers 400 naming the field for a bad path, a huge path and a bad source', async () => {
    const ip = freshIp();
    const bad = (payload: unknown, fields: Record<string, string>) =>
      view(t, payload, { ip }).then((res) => expectError(res, 400, ErrorCode.VALIDATION, fields));
    await bad({ path: 'no-leading-slash' }, { path: Msg.pathInvalid });
    await bad({ path: '/with space' }, { path: Msg.pathInvalid });
    await bad({ path: '/page?query=1' }, { path: Msg.pathInvalid });
    await bad({ path: `/${'a'.repeat(2000)}` }, { path: 'The path is too long' });
    await bad({ path: '/x', source: 'billboard' }, { source: 'Choose one of: qr, poster, share, direct' });
    await bad({}, { path: 'The path is required' });
  });

  it('counts a public page’s views and visitors in its funnel: same IP and browser once, another browser again', async () => {
    const place = await actors(t).establishment(admin, 'Counted Café');
    const platformBefore = await funnelOf();
    const ip = freshIp();

    await expectRecorded({ path: `/${place.publicId}` }, { ip, userAgent: 'Browser/A' });
    let funnel = await funnelOf(place.id);
    expect(bySource(funnel, 'direct')).toMatchObject({ views: 1, visitors: 1 });

    // The same visitor again, on the registration page (the same business): one more view.
    await expectRecorded({ path: `/${place.publicId}/register` }, { ip, userAgent: 'Browser/A' });
    funnel = await funnelOf(place.id);
    expect(bySource(funnel, 'direct')).toMatchObject({ views: 2, visitors: 1 });

    // Another browser at the same address is another visitor.
    await expectRecorded({ path: `/${place.publicId}` }, { ip, userAgent: 'Browser/B' });
    funnel = await funnelOf(place.id);
    expect(bySource(funnel, 'direct')).toMatchObject({ views: 3, visitors: 2 });
    expect(funnel.total).toMatchObject({ views: 3, visitors: 2 });

    // By its id too, and from a QR code.
    await expectRecorded({ path: `/${place.id}`, source: 'qr' }, { ip: freshIp(), userAgent: 'Browser/C' });
    funnel = await funnelOf(place.id);
    expect(bySource(funnel, 'qr')).toMatchObject({ views: 1, visitors: 1 });
    expect(funnel.total).toMatchObject({ views: 4, visitors: 3 });

    const platform = await funnelOf();
    expect(platform.total.views - platformBefore.total.views).toBe(4);
  });

  it('counts one visitor for views sent at the same moment', { tags: ['postgres'] }, async () => {
    const place = await actors(t).establishment(admin, 'Burst Bakery');
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => view(t, { path: `/${place.publicId}` }, { ip, userAgent: 'Burst/1' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([204, 204, 204, 204]);
    expect((await funnelOf(place.id)).total).toMatchObject({ views: 4, visitors: 1 });
  });

  it('stores app paths and unknown businesses without an establishment, outside every funnel', async () => {
    const place = await actors(t).establishment(admin, 'Untouched Tavern');
    const platformBefore = await funnelOf();
    const ip = freshIp();
    for (const path of ['/app/reports/dashboard', '/login', '/gdpr/privacy', '/no-such-business-zz9']) {
      await expectRecorded({ path }, { ip });
      expect(await storedViews(path)).toEqual([expect.objectContaining({ establishmentId: null })]);
    }
    expect((await funnelOf(place.id)).total.views).toBe(0);
    expect((await funnelOf()).total).toEqual(platformBefore.total);
  });

  it(`answers 429 after ${LIMIT} views a minute from one IP, and other IPs go on`, async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) await expectRecorded({ path: `/home` }, { ip });
    const refused = await view(t, { path: '/home' }, { ip });
    expectError(refused, 429, ErrorCode.RATE_LIMITED);
    expect(refused.headers['retry-after']).toBeDefined();
    await expectRecorded({ path: '/home' }, { ip: freshIp() });
  });
});

describe('the visit source of a follow and of a registration', () => {
  it('a follow with source=qr counts under qr in the funnel; without a body it is direct', async () => {
    const a = actors(t);
    const place = await a.establishment(admin, 'Sticker Bar');
    const fromQr = await a.userWithRole('customer', 'qr-follower');
    const res = await t.request({
      method: 'POST',
      url: `/api/establishments/${place.publicId}/follow`,
      token: fromQr.token,
      payload: { source: 'qr' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await a.followerOf(place.id, 'direct-follower');

    const funnel = await funnelOf(place.id);
    expect(bySource(funnel, 'qr').followers).toBe(1);
    expect(bySource(funnel, 'direct').followers).toBe(1);
    expect(funnel.total.followers).toBe(2);

    const other = await a.userWithRole('customer', 'bad-source');
    expectError(
      await t.request({
        method: 'POST',
        url: `/api/establishments/${place.id}/follow`,
        token: other.token,
        payload: { source: 'billboard' },
      }),
      400,
      ErrorCode.VALIDATION,
      { source: 'Choose one of: qr, poster, share, direct' },
    );
  });

  it('registering on a business’s page keeps where the visit came from', async () => {
    const place = await actors(t).establishment(admin, 'Poster Pub');
    const res = await t.request({
      method: 'POST',
      url: '/api/account/register',
      remoteAddress: freshIp(),
      payload: {
        firstName: 'Pia',
        lastName: 'Poster',
        email: uniqueEmail('poster'),
        phone: '+421 900 123 456',
        terms: true,
        establishmentId: place.publicId,
        source: 'poster',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(bySource(await funnelOf(place.id), 'poster').followers).toBe(1);
  });
});

describe('forwarding to a Plausible-compatible endpoint', () => {
  let forwarding: TestApp;
  let sink: Server;
  const received: { headers: IncomingHttpHeaders; body: unknown }[] = [];

  beforeAll(async () => {
    sink = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(body) });
        response.writeHead(202).end('ok');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const { port } = sink.address() as AddressInfo;
    forwarding = await startTestApp({
      ANALYTICS_FORWARD_URL: `http://127.0.0.1:${port}/api/event`,
      ANALYTICS_FORWARD_DOMAIN: 'broadcast.example',
    });
  });
  afterAll(async () => {
    await forwarding?.close();
    await new Promise((resolve) => sink?.close(resolve));
  });

  it('posts the view with the visitor’s User-Agent and address, which the job keeps sealed', async () => {
    const owner = await actors(forwarding).userWithRole('admin');
    const place = await actors(forwarding).establishment(owner, 'Forwarded Fare');
    const ip = '198.51.100.9';
    const res = await view(
      forwarding,
      { path: `/${place.publicId}`, referrer: 'https://news.example/story', source: 'qr' },
      { ip, userAgent: 'Forwarded/2.0' },
    );
    expect(res.statusCode, res.body).toBe(204);

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [event] = received;
    expect(event!.body).toEqual({
      name: 'pageview',
      url: `http://app.test/${place.publicId}?utm_source=qr`,
      domain: 'broadcast.example',
      referrer: 'https://news.example/story',
    });
    expect(event!.headers['user-agent']).toBe('Forwarded/2.0');
    expect(event!.headers['x-forwarded-for']).toBe(ip);
    expect(event!.headers['content-type']).toBe('application/json');

    // The job's row (pg-boss keeps finished jobs for days) does not carry the address readably.
    const { rows } = await forwarding.ctx.database.sql.executeSql(
      `SELECT data::text AS data FROM pgboss.job WHERE name = 'analytics.forward-pageview'
       UNION ALL SELECT data::text FROM pgboss.archive WHERE name = 'analytics.forward-pageview'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows as { data: string }[]) expect(row.data).not.toContain(ip);
    // The view itself is stored and counted as without forwarding.
    const funnel = await forwarding.request({
      method: 'GET',
      url: `/api/reports/funnel?establishmentId=${place.id}`,
      token: owner.token,
    });
    expect(bySource(funnel.json<Funnel>(), 'qr')).toMatchObject({ views: 1, visitors: 1 });
  });
});

describe('salts', () => {
  it('are deleted by the hourly housekeeping once older than yesterday, even on days without page views', async () => {
    const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    await t.ctx.db
      .insert(analyticsSalts)
      .values([3, 2, 1].map((days) => ({ day: dayAgo(days), salt: `old-${days}` })))
      .onConflictDoNothing();
    await t.ctx.jobs.send(housekeepingJob, {});
    const kept = async () =>
      (await t.ctx.db.select().from(analyticsSalts)).map((salt) => salt.day).filter((day) => day < dayAgo(0));
    await expect.poll(kept, { timeout: 15_000 }).toEqual([dayAgo(1)]);
  });
});
