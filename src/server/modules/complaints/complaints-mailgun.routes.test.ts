/**
 * Mailgun's `complained` event, signed with the webhook signing key (MAILGUN_WEBHOOK_SIGNING_KEY),
 * posted to POST /api/email/complaints/mailgun: the follower and the business come back in the
 * event's user-variables, from the X-Mailgun-Variables header our email carried (read here from
 * the email the SMTP sink received). A forged or stale signature, a replayed token, a malformed
 * event: a 4xx naming it, nothing changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import {
  choicesOf,
  emailFollower,
  MAILGUN_KEY,
  mailgunComplaint,
  mailgunSignature,
  postMailgun,
} from '../../../../tests/support/complaints';
import { business, completed, sendOk, until } from '../../../../tests/support/delivery-integrity';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import type { TestApp } from '../../../../tests/support/test-app';
import type { Post } from '../../../shared/schemas/notification.schema';

const fixture = setupRouteFixture({ env: { MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY } });
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
beforeAll(() => {
  ({ t, a, admin } = fixture);
});

/** A business, a follower by email, and the email that follower received from it. */
async function emailed(tag: string) {
  const { establishment, client } = await business(a, admin, `Mailgun ${tag}`);
  const reader = await emailFollower(a, establishment.id, tag);
  const res = await sendOk(t, client, establishment.id, `News from ${tag}`);
  await until(a, client, res.json<{ notification: Post }>().notification.id, completed, 30_000);
  const mail = (await t.mail.waitFor(reader.user.email)) as ReceivedMail;
  return { establishment, reader, mail };
}

describe("Mailgun's complained event", () => {
  it("stops that follower's email from that business; the same event again changes nothing", async () => {
    const { establishment, reader, mail } = await emailed('signed');
    expect(JSON.parse(mail.headers['x-mailgun-variables']!)).toHaveProperty('broadcast-unsubscribe');
    const body = { signature: mailgunSignature(), 'event-data': mailgunComplaint(mail) };
    const res = await postMailgun(t, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'recorded' });
    expect(await choicesOf(a, reader.user)).toMatchObject({ [establishment.id]: 'feed' });
    // Mailgun retrying the same call, or reporting the same message in another event: counted once.
    expect((await postMailgun(t, body)).json()).toMatchObject({ outcome: 'repeat' });
    const again = { signature: mailgunSignature(), 'event-data': mailgunComplaint(mail) };
    expect((await postMailgun(t, again)).json()).toMatchObject({ outcome: 'repeat' });
  });

  it('ignores events other than complaints, taking their token', async () => {
    const { establishment, reader, mail } = await emailed('delivered');
    const signature = mailgunSignature();
    const delivered = { signature, 'event-data': mailgunComplaint(mail, { event: 'delivered' }) };
    const res = await postMailgun(t, delivered);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'ignored' });
    expect(await choicesOf(a, reader.user)).toMatchObject({ [establishment.id]: 'email' });
    // The delivered event's signature cannot carry a complaint.
    const replayed = await postMailgun(t, { signature, 'event-data': mailgunComplaint(mail) });
    expect(replayed.statusCode, replayed.body).toBe(409);
    expect(replayed.json().error).toMatch(/signature.token was used already for another event/);
    expect(await choicesOf(a, reader.user)).toMatchObject({ [establishment.id]: 'email' });
  });
});

describe('a forged, stale, replayed or malformed call', () => {
  let target: Awaited<ReturnType<typeof emailed>>;
  beforeAll(async () => {
    target = await emailed('guarded');
  });
  const unchanged = async () =>
    expect(await choicesOf(a, target.reader.user)).toMatchObject({ [target.establishment.id]: 'email' });
  const complaint = () => mailgunComplaint(target.mail);

  it('is 401 for a signature of another key or a stale timestamp', async () => {
    const forged = await postMailgun(t, {
      signature: mailgunSignature(undefined, 'another-signing-key'),
      'event-data': complaint(),
    });
    expect(forged.statusCode, forged.body).toBe(401);
    expect(forged.json().error).toMatch(/signature.signature does not match MAILGUN_WEBHOOK_SIGNING_KEY/);
    const stale = await postMailgun(t, {
      signature: mailgunSignature(Math.floor(Date.now() / 1000) - 3600),
      'event-data': complaint(),
    });
    expect(stale.statusCode, stale.body).toBe(401);
    expect(stale.json().error).toBe('signature.timestamp is 60 minutes old; at most 15 are accepted.');
    await unchanged();
  });

  it('is 409 for a token taken with another event (a replay)', async () => {
    const signature = mailgunSignature();
    const ignored = { signature, 'event-data': mailgunComplaint(target.mail, { event: 'opened' }) };
    expect((await postMailgun(t, ignored)).statusCode).toBe(200);
    const replay = await postMailgun(t, { signature, 'event-data': complaint() });
    expect(replay.statusCode, replay.body).toBe(409);
    await unchanged();
  });

  it('is 400 naming the field that is missing or wrong', async () => {
    const { message: _message, ...withoutMessage } = complaint();
    const cases: [unknown, string][] = [
      [{ 'event-data': complaint() }, 'signature'],
      [
        { signature: { ...mailgunSignature(), signature: 'zz' }, 'event-data': complaint() },
        'signature.signature',
      ],
      [{ signature: mailgunSignature() }, 'event-data'],
      [{ signature: mailgunSignature(), 'event-data': { ...complaint(), id: '' } }, 'event-data.id'],
      [{ signature: mailgunSignature(), 'event-data': withoutMessage }, 'event-data.message'],
    ];
    for (const [body, field] of cases) {
      const res = await postMailgun(t, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
    await unchanged();
  });

  it('is 422 for an email without our variables, 403 for a token not signed by this server', async () => {
    const without = await postMailgun(t, {
      signature: mailgunSignature(),
      'event-data': { ...complaint(), 'user-variables': {} },
    });
    expect(without.statusCode, without.body).toBe(422);
    expect(without.json().error).toMatch(/user-variables has no broadcast-unsubscribe/);
    const token = JSON.parse(target.mail.headers['x-mailgun-variables']!)['broadcast-unsubscribe'] as string;
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const forged = await postMailgun(t, {
      signature: mailgunSignature(),
      'event-data': { ...complaint(), 'user-variables': { 'broadcast-unsubscribe': altered } },
    });
    expect(forged.statusCode, forged.body).toBe(403);
    await unchanged();
  });
});
