/**
 * A customer's first minute over HTTP: registering signs the person in on that device
 * with a provisional session that may follow, choose how to be notified and turn push on; the
 * welcome and every send ring that device at once, while email waits for the emailed link; the
 * link, opened with that session, makes it a full one; opened on a device with no session within
 * the hour of the email, it signs the person in there; opened anywhere, it ends every other session
 * opened by registering, and the devices they turned on stop getting pushes. The operator sees who
 * is waiting. Real app, SMTP sink and push service.
 */
import { describe, expect, it } from 'vitest';
import { hasLink, linkToken } from '../../../../tests/support/account-mails';
import { establishmentFields, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  call,
  finished,
  push,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import type { TestSubscription } from '../../../../tests/support/push-service';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { PushMessage } from '../../../shared/push/payload';
import type { Establishment } from '../../../shared/schemas/establishment.schema';

setupNotificationsApp();

const WELCOME = 'Welcome to the Table Bar: a free espresso tonight.';

async function businessWithWelcome(name: string) {
  const establishment = await a.establishment(admin, name);
  const operator = await a.clientOf(admin, establishment.id, 'operator');
  const res = await call(
    'PUT',
    `/api/establishments/${establishment.id}`,
    establishmentFields(name, { welcomeText: WELCOME }),
    operator.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { establishment, operator };
}

let address = 0;
/** Someone registers on the business's page, as its form sends it; answers their session and link. */
async function registersAt(establishmentId: string, tag: string) {
  const email = uniqueEmail(tag);
  const res = await t.request({
    method: 'POST',
    url: '/api/account/register',
    remoteAddress: `10.29.0.${++address}`,
    payload: {
      firstName: 'Mia',
      lastName: 'Table',
      email,
      phone: '+421 907 333 444',
      terms: true,
      establishmentId,
      source: 'qr',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ accessToken: string; user: { id: string; emailVerified: boolean } }>();
  expect(body.user.emailVerified).toBe(false);
  const welcome = await t.mail.waitFor(email, hasLink('verify'));
  return { email, token: body.accessToken, userId: body.user.id, verifyToken: linkToken(welcome, 'verify') };
}

const verify = (verifyToken: string, session?: string) =>
  call('POST', '/api/account/verify', { token: verifyToken }, session);

/** A used link opened again: "already verified", and no session (no access token, no user). */
async function expectUsedLink(verifyToken: string) {
  const again = await verify(verifyToken);
  expect(again.statusCode, again.body).toBe(200);
  expect(again.json()).toMatchObject({ message: Msg.alreadyVerified, alreadyVerified: true });
  expect(again.json()).not.toHaveProperty('accessToken');
  expect(again.json()).not.toHaveProperty('user');
  expect(again.headers['set-cookie']).toBeUndefined();
}

/** What reached this phone: the welcome, or a send (a message with no kind). */
const messagesOf = (kind: 'welcome' | 'send', phone: TestSubscription) =>
  push
    .messages(phone.endpoint)
    .map((m) => m.json as PushMessage)
    .filter((m) => (kind === 'send' ? m.kind === undefined : m.kind === kind));

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitingCountOf(establishmentId: string, token: string) {
  const res = await call('GET', `/api/establishments/${establishmentId}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  const { establishment } = res.json<{ establishment: Establishment & { waitingCount?: number } }>();
  return { followers: establishment.followerCount, waiting: establishment.waitingCount };
}

describe("a customer's first minute", () => {
  it('signs in at registration; follow, choice and push work; the phone rings before the link, which upgrades that session', async () => {
    const { establishment, operator } = await businessWithWelcome('Table Bar');
    const person = await registersAt(establishment.id, 'first-minute');

    // Signed in, unverified: follows already (registered from the page), chooses, turns push on.
    const me = await call('GET', '/api/account/me', undefined, person.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user).toMatchObject({ emailVerified: false });
    const choice = await call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'phone' },
      person.token,
    );
    expect(choice.statusCode, choice.body).toBe(200);
    const phone = push.subscribe();
    const subscribed = await call('POST', '/notifications/subscribe', phone, person.token);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    // Reading their feed does not wait for the confirmed address (what a push opens must open).
    expect((await call('GET', '/api/feed', undefined, person.token)).statusCode).toBe(200);

    // The operator sees them waiting, not as a follower yet.
    expect(await waitingCountOf(establishment.id, operator.token)).toEqual({ followers: 0, waiting: 1 });

    // The welcome rings at once, the device being ready, and so does a send: whoever turned the
    // device on holds it. No email reaches them yet.
    await until(() => messagesOf('welcome', phone).length === 1, 'the welcome');
    expect(messagesOf('welcome', phone)[0]).toMatchObject({ body: WELCOME });
    const before = await sendOk(operator, establishment.id, { text: 'Before the link', post: true });
    await finished(operator, before.id);
    await until(() => messagesOf('send', phone).length === 1, 'the send before the link');

    // The emailed link, opened in the same browser: verified, this session is a full one.
    const verified = await verify(person.verifyToken, person.token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: Msg.verified, establishmentId: establishment.id });
    expect((await call('GET', '/api/feed', undefined, person.token)).statusCode).toBe(200);

    // No second welcome at verification; sends go on reaching them.
    const after = await sendOk(operator, establishment.id, { text: 'After the link', post: true });
    await finished(operator, after.id);
    await until(() => messagesOf('send', phone).length === 2, 'the send after the link');
    expect(messagesOf('welcome', phone)).toHaveLength(1);
    expect(await waitingCountOf(establishment.id, operator.token)).toEqual({ followers: 1, waiting: 0 });
  });

  it('signs the person in where the link is opened with no session, and ends the session that registered', async () => {
    const { establishment } = await businessWithWelcome('Link Bar');
    const person = await registersAt(establishment.id, 'other-device');

    const verified = await verify(person.verifyToken);
    expect(verified.statusCode, verified.body).toBe(200);
    const body = verified.json<{ accessToken: string; user: { id: string; emailVerified: boolean } }>();
    expect(body).toMatchObject({
      message: Msg.verified,
      establishmentId: establishment.id,
      user: { id: person.userId, emailVerified: true },
    });
    expect((await call('GET', '/api/feed', undefined, body.accessToken)).statusCode).toBe(200);
    // Whoever registered did not prove they hold the address: that session ends.
    expectError(await call('GET', '/api/account/me', undefined, person.token), 401, ErrorCode.UNAUTHORIZED);
    // Single use: the same link again only says the email is verified, and opens no session.
    await expectUsedLink(person.verifyToken);
  });

  it('stops pushing to the device of whoever registered someone else’s address once its owner confirms it elsewhere', async () => {
    const { establishment, operator } = await businessWithWelcome('Stranger Bar');
    const stranger = await registersAt(establishment.id, 'not-mine');
    const strangersPhone = push.subscribe();
    const subscribed = await call('POST', '/notifications/subscribe', strangersPhone, stranger.token);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    await until(() => messagesOf('welcome', strangersPhone).length === 1, 'the welcome');

    // The address's owner opens the link on their own device: signed in there.
    const verified = await verify(stranger.verifyToken);
    expect(verified.statusCode, verified.body).toBe(200);
    const owner = verified.json<{ accessToken: string }>();
    const ownersPhone = push.subscribe();
    const ownDevice = await call('POST', '/notifications/subscribe', ownersPhone, owner.accessToken);
    expect(ownDevice.statusCode, ownDevice.body).toBe(201);
    const devices = await call('GET', '/api/account/devices', undefined, owner.accessToken);
    expect(devices.statusCode, devices.body).toBe(200);
    expect(devices.json<{ items: unknown[] }>().items).toHaveLength(1);

    const sent = await sendOk(operator, establishment.id, { text: 'For the owner only', post: true });
    await finished(operator, sent.id);
    await until(() => messagesOf('send', ownersPhone).length === 1, 'the send to the owner');
    expect(messagesOf('send', strangersPhone)).toHaveLength(0);
  });

  it('keeps the link single use', async () => {
    const { establishment } = await businessWithWelcome('Once Bar');
    const person = await registersAt(establishment.id, 'single-use');
    expect((await verify(person.verifyToken)).statusCode).toBe(200);
    // Single use: the same link again only says the email is verified, and opens no session.
    await expectUsedLink(person.verifyToken);
  });

  it('verifies but signs nobody in with a link older than an hour, or on a device someone else is signed in on', async () => {
    const { establishment } = await businessWithWelcome('Late Bar');
    const late = await registersAt(establishment.id, 'late-link');
    // The email went out 61 minutes ago.
    await t.ctx.database.sql.executeSql(
      `UPDATE auth_tokens SET created_at = now() - interval '61 minutes' WHERE user_id = $1`,
      [late.userId],
    );
    const old = await verify(late.verifyToken);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json()).toEqual({ message: Msg.verified, establishmentId: establishment.id });
    expectError(await call('GET', '/api/account/me', undefined, late.token), 401, ErrorCode.UNAUTHORIZED);

    // Opened where another person is signed in: verified, nobody swapped, that person stays.
    const person = await registersAt(establishment.id, 'shared-device');
    const other = await a.userWithRole('customer', 'shared-device-owner');
    const shared = await verify(person.verifyToken, other.token);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).not.toHaveProperty('accessToken');
    expect((await call('GET', '/api/account/me', undefined, other.token)).json().user.id).toBe(other.id);
  });

  it('keeps a provisional session unverified even if an admin confirms the address', async () => {
    const { establishment, operator } = await businessWithWelcome('Admin Bar');
    const post = await sendOk(operator, establishment.id, { text: 'Say something', post: true });
    const person = await registersAt(establishment.id, 'admin-confirmed');
    const confirmed = await call(
      'PATCH',
      `/api/management/users/${person.userId}`,
      { emailVerified: true },
      admin.token,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Commenting is what waits for a confirmed address (reading does not).
    expectError(
      await call('POST', `/api/notifications/${post.id}/comments`, { text: 'Hello' }, person.token),
      403,
      ErrorCode.EMAIL_NOT_VERIFIED,
    );
  });
});
