/**
 * A follower in one tap, over HTTP: the device's push subscription makes a guest follower (no email,
 * no password), its welcome rings at once, it reads and reacts, and sends reach it like any
 * follower's; a second business from the same device is the same guest; an account's device is
 * not taken; bad input is a field's error; unfollowing everything leaves nothing behind; a device
 * the push service refuses leaves no guest; registering or signing in on that device turns the guest
 * into the account. Real app, SMTP sink and push service.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD, type Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import type { TestSubscription } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { PushMessage } from '../../../shared/push/payload';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import type { GuestFollowResponse } from '../../../shared/schemas/guest.schema';
import type { FeedPage, Post } from '../../../shared/schemas/notification.schema';
import { sweepJobs } from '../../jobs/sweep.job';

const fixture = setupRouteFixture({
  push: 1,
  env: { RATE_LIMIT_GUEST_FOLLOWS_PER_BUSINESS_PER_HOUR: '3', RATE_LIMIT_GUEST_FOLLOWS_PER_IP_PER_HOUR: '4' },
});
const call = (...args: Parameters<(typeof fixture)['a']['call']>) => fixture.a.call(...args);
const push = () => fixture.pushes[0]!;

const WELCOME = 'Welcome to the Tap Bar: a free espresso tonight.';

async function business(name: string) {
  const { a, admin } = fixture;
  const establishment = await a.establishment(admin, name);
  const operator = await a.clientOf(admin, establishment.id, 'operator');
  const saved = await call(
    'PUT',
    `/api/establishments/${establishment.id}`,
    { ...establishment, welcomeText: WELCOME },
    operator.token,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return { establishment, operator };
}

let address = 0;
/** "Get notifications", then "Allow": what the page sends, from a table's own address by default. */
function tap(
  establishmentId: string,
  subscription: TestSubscription | Record<string, unknown>,
  remoteAddress = `10.46.${Math.floor(++address / 250)}.${address % 250}`,
  token?: string,
) {
  return fixture.t.request({
    method: 'POST',
    url: '/api/account/guest',
    remoteAddress,
    ...(token ? { token } : {}),
    payload: { establishmentId, subscription, source: 'qr', language: 'sk' },
  });
}

async function followsWithOneTap(establishment: Establishment, phone = push().subscribe()) {
  const res = await tap(establishment.publicId, phone);
  expect(res.statusCode, res.body).toBe(201);
  return { phone, guest: res.json<GuestFollowResponse>() };
}

const messagesOf = (kind: 'welcome' | 'send', phone: TestSubscription) =>
  push()
    .messages(phone.endpoint)
    .map((m) => m.json as PushMessage)
    .filter((m) => (kind === 'send' ? m.kind === undefined : m.kind === kind));

async function until(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function sendAndFinish(operator: Session, establishmentId: string, text: string) {
  const sent = await call(
    'POST',
    `/api/establishments/${establishmentId}/notifications`,
    { text, post: true },
    operator.token,
  );
  expect(sent.statusCode, sent.body).toBe(202);
  const id = sent.json<{ notification: Post }>().notification.id;
  await until(async () => {
    const res = await call('GET', `/api/notifications/${id}`, undefined, operator.token);
    const { delivery } = res.json<{ post: Post }>().post;
    return delivery?.status === 'done' && delivery.completedAt !== null;
  }, `the send "${text}"`);
  return id;
}

async function followerCount(establishmentId: string, operator: Session) {
  const res = await call('GET', `/api/establishments/${establishmentId}`, undefined, operator.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ establishment: Establishment }>().establishment.followerCount;
}

const userExists = async (id: string) =>
  (await fixture.t.ctx.database.sql.executeSql('SELECT 1 FROM users WHERE id = $1', [id])).rows.length > 0;

describe('a follower in one tap', () => {
  it('follows with no field typed: a guest, signed in on the device, its welcome at once, sends after', async () => {
    const { establishment, operator } = await business('Tap Bar');
    const { phone, guest } = await followsWithOneTap(establishment);
    expect(guest.user).toMatchObject({ guest: true, email: '', role: 'customer', language: 'sk' });
    expect(guest.establishmentId).toBe(establishment.id);
    expect(guest.user.establishments).toEqual([{ establishmentId: establishment.id, kind: 'customer' }]);

    await until(() => messagesOf('welcome', phone).length === 1, 'the welcome');
    expect(messagesOf('welcome', phone)[0]).toMatchObject({ body: WELCOME });
    expect(await followerCount(establishment.id, operator)).toBe(1);
    // The operator sees it among the followers, and apart: a device without an account.
    const view = await call('GET', `/api/establishments/${establishment.id}`, undefined, operator.token);
    expect(view.json<{ establishment: { guestCount: number } }>().establishment.guestCount).toBe(1);
    const members = await call(
      'GET',
      `/api/establishments/${establishment.id}/members`,
      undefined,
      operator.token,
    );
    const listed = members.json<{
      items: { userId: string; guest: boolean; email: string }[];
      guestCount: number;
    }>();
    expect(listed.guestCount).toBe(1);
    expect(listed.items.find((m) => m.userId === guest.user.id)).toMatchObject({ guest: true, email: '' });
    expect(listed.items.find((m) => m.userId === operator.id)).toMatchObject({ guest: false });

    const postId = await sendAndFinish(operator, establishment.id, 'Happy hour at six');
    await until(() => messagesOf('send', phone).length === 1, 'the send');
    // The device's own session: the feed, the post a push opens, a reaction.
    const feed = await call('GET', '/api/feed', undefined, guest.accessToken);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json<FeedPage>().items.map((p) => p.text)).toEqual(['Happy hour at six']);
    expect((await call('GET', `/api/notifications/${postId}`, undefined, guest.accessToken)).statusCode).toBe(
      200,
    );
    const liked = await call(
      'PUT',
      `/api/notifications/${postId}/reaction`,
      { kind: 'like' },
      guest.accessToken,
    );
    expect(liked.statusCode, liked.body).toBe(200);
    // Speaking needs an account: the comments are read, not written.
    expect(
      (await call('GET', `/api/notifications/${postId}/comments`, undefined, guest.accessToken)).statusCode,
    ).toBe(200);
    expectError(
      await call('POST', `/api/notifications/${postId}/comments`, { text: 'Cheers' }, guest.accessToken),
      403,
      ErrorCode.FORBIDDEN,
    );
  });

  it('is the same guest when the same device follows a second business, with no session', async () => {
    const one = await business('First Tap');
    const two = await business('Second Tap');
    const { phone, guest } = await followsWithOneTap(one.establishment);
    const again = await tap(two.establishment.publicId, phone);
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json<GuestFollowResponse>();
    expect(second.user.id).toBe(guest.user.id);
    expect(second.user.establishments.map((m) => m.establishmentId).sort()).toEqual(
      [one.establishment.id, two.establishment.id].sort(),
    );
    await until(() => messagesOf('welcome', phone).length === 2, 'both welcomes');
    // Tapped twice on the same page: followed once, welcomed once.
    expect((await tap(two.establishment.publicId, phone)).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(messagesOf('welcome', phone)).toHaveLength(2);
  });

  it("refuses to take an account's device, or a guest's endpoint with other keys", async () => {
    const { establishment } = await business('Taken Tap');
    const customer = await fixture.a.userWithRole('customer', 'has-a-phone');
    const phone = push().subscribe();
    expect((await call('POST', '/notifications/subscribe', phone, customer.token)).statusCode).toBe(201);
    expectError(await tap(establishment.publicId, phone), 409, ErrorCode.CONFLICT, {
      'subscription.endpoint': Msg.deviceHasAccount,
    });

    const { phone: guestPhone } = await followsWithOneTap(establishment);
    const other = push().subscribe();
    expectError(
      await tap(establishment.publicId, { ...other, endpoint: guestPhone.endpoint }),
      409,
      ErrorCode.CONFLICT,
    );
  });

  it('answers bad input with the field it concerns, never a 500', async () => {
    const { establishment } = await business('Careful Tap');
    const phone = push().subscribe();
    expectError(await tap('no-such-business', phone), 400, ErrorCode.NOT_FOUND, {
      establishmentId: 'This business cannot be followed right now.',
    });
    const elsewhere = { ...phone, endpoint: 'https://push.example.com/send/abc' };
    const refused = expectError(await tap(establishment.publicId, elsewhere), 400, ErrorCode.VALIDATION);
    expect(Object.keys(refused.fields ?? {})).toEqual(['subscription.endpoint']);
    for (const subscription of [
      {},
      { endpoint: 'not a url' },
      { ...phone, keys: { p256dh: 'x', auth: 'y' } },
    ]) {
      const res = await tap(establishment.publicId, subscription);
      expect(res.statusCode, res.body).toBe(400);
    }
    const empty = await fixture.t.request({ method: 'POST', url: '/api/account/guest', payload: {} });
    expect(empty.statusCode, empty.body).toBe(400);
    const huge = await tap('x'.repeat(5000), phone);
    expect(huge.statusCode, huge.body).toBe(400);
  });

  it('leaves nothing behind when a guest unfollows everything', async () => {
    const { establishment, operator } = await business('Leaving Tap');
    const { phone, guest } = await followsWithOneTap(establishment);
    await until(() => messagesOf('welcome', phone).length === 1, 'the welcome');
    const left = await call(
      'DELETE',
      `/api/establishments/${establishment.id}/follow`,
      undefined,
      guest.accessToken,
    );
    expect(left.statusCode, left.body).toBe(200);
    expect(await userExists(guest.user.id)).toBe(false);
    expectError(
      await call('GET', '/api/account/me', undefined, guest.accessToken),
      401,
      ErrorCode.UNAUTHORIZED,
    );
    const { rows } = await fixture.t.ctx.database.sql.executeSql(
      'SELECT 1 FROM push_subscriptions WHERE endpoint = $1',
      [phone.endpoint],
    );
    expect(rows).toHaveLength(0);
    expect(await followerCount(establishment.id, operator)).toBe(0);
  });

  it('removes a guest whose device the push service refuses', async () => {
    const { establishment } = await business('Refused Tap');
    const phone = push().subscribe();
    push().expire(phone.endpoint);
    const { guest } = await followsWithOneTap(establishment, phone);
    // The welcome is refused with 410: the device is gone, and with it the guest (the sweep).
    await until(async () => {
      const { rows } = await fixture.t.ctx.database.sql.executeSql(
        'SELECT 1 FROM push_subscriptions WHERE endpoint = $1',
        [phone.endpoint],
      );
      return rows.length === 0;
    }, 'the refused device removed');
    // SETUP: the sweep leaves guests younger than its grace alone; this one was made minutes ago.
    await fixture.t.ctx.database.sql.executeSql(
      `UPDATE users SET created_at = now() - interval '10 minutes' WHERE id = $1`,
      [guest.user.id],
    );
    await sweepJobs(fixture.t.ctx)[0]!.handle({});
    expect(await userExists(guest.user.id)).toBe(false);
    // The business hears it as a leave (webhooks, figures), like any other unfollow.
    const { rows } = await fixture.t.ctx.database.sql.executeSql(
      `SELECT establishment_id FROM domain_events WHERE type = 'unfollow' AND subject_id = $1`,
      [guest.user.id],
    );
    expect(rows).toEqual([{ establishment_id: establishment.id }]);
  });

  it('limits guests per business per hour, and follows per address', async () => {
    const { establishment } = await business('Busy Tap');
    for (let i = 0; i < 3; i++) await followsWithOneTap(establishment);
    const refused = expectError(
      await tap(establishment.publicId, push().subscribe()),
      429,
      ErrorCode.RATE_LIMITED,
    );
    expect(refused.error).toBe(Msg.guestFollowsLimited);

    const { establishment: other } = await business('Crowded Tap');
    const results: number[] = [];
    for (let i = 0; i < 5; i++)
      results.push((await tap(other.publicId, push().subscribe(), '10.99.0.1')).statusCode);
    expect(results.slice(0, 3)).toEqual([201, 201, 201]);
    expect(results.at(-1)).toBe(429);
  });
});

describe('an account later, never lost', () => {
  it('registering on the device turns the guest into the account: follows and device move, nothing twice', async () => {
    const one = await business('Merge One');
    const two = await business('Merge Two');
    const { phone, guest } = await followsWithOneTap(one.establishment);
    expect((await tap(two.establishment.publicId, phone)).statusCode).toBe(201);
    await until(() => messagesOf('welcome', phone).length === 2, 'both welcomes');

    const registered = await fixture.t.request({
      method: 'POST',
      url: '/api/account/register',
      token: guest.accessToken,
      remoteAddress: '10.47.0.1',
      payload: {
        firstName: 'Mia',
        lastName: 'Table',
        email: `merge-${Date.now()}@example.com`,
        phone: '+421 907 333 444',
        terms: true,
        establishmentId: one.establishment.publicId,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const account = registered.json<{ accessToken: string; user: { id: string; guest: boolean } }>();
    expect(account.user.guest).toBe(false);
    expect(await userExists(guest.user.id)).toBe(false);
    const me = await call('GET', '/api/account/me', undefined, account.accessToken);
    expect(
      me
        .json<{ user: { establishments: { establishmentId: string }[] } }>()
        .user.establishments.map((m) => m.establishmentId)
        .sort(),
    ).toEqual([one.establishment.id, two.establishment.id].sort());
    const devices = await call('GET', '/api/account/devices', undefined, account.accessToken);
    expect(devices.json<{ items: unknown[] }>().items).toHaveLength(1);
    expect(await followerCount(one.establishment.id, one.operator)).toBe(0);
    expect(await followerCount(two.establishment.id, two.operator)).toBe(0);

    // Their device keeps ringing (pushes do not wait for the email), with no second welcome.
    await sendAndFinish(two.operator, two.establishment.id, 'Still here');
    await until(() => messagesOf('send', phone).length === 1, 'the send after registering');
    expect(messagesOf('welcome', phone)).toHaveLength(2);
  });

  it('signing in on the device turns the guest into that account', async () => {
    const { establishment } = await business('Merge Sign In');
    const customer = await fixture.a.userWithRole('customer', 'merge-sign-in');
    const { guest } = await followsWithOneTap(establishment);
    const login = await fixture.t.request({
      method: 'POST',
      url: '/api/account/login',
      token: guest.accessToken,
      payload: { email: customer.email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await userExists(guest.user.id)).toBe(false);
    const token = login.json<{ accessToken: string }>().accessToken;
    const me = await call('GET', '/api/account/me', undefined, token);
    expect(
      me.json<{ user: { establishments: { establishmentId: string }[] } }>().user.establishments,
    ).toEqual([{ establishmentId: establishment.id, kind: 'customer' }]);
    const devices = await call('GET', '/api/account/devices', undefined, token);
    expect(devices.json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('signs in as usual with a token that is no longer good', async () => {
    const customer = await fixture.a.userWithRole('customer', 'stale-token');
    const login = await fixture.t.request({
      method: 'POST',
      url: '/api/account/login',
      token: 'not-a-token',
      payload: { email: customer.email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
  });
});
