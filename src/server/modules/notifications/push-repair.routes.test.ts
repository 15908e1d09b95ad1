/**
 * Push that repairs itself and can be taken back, through HTTP and the real pipeline
 * against a local push service: every push carries the post's Topic and tag; an offer's end bounds
 * its TTL; "Update on phones" and "Withdraw from phones" reach the devices that got the first push;
 * devices that keep failing or went silent are skipped and shown to their owner; a browser's new
 * subscription replaces the old one with the device's secret.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { business, completed, device, until } from '../../../../tests/support/delivery-integrity';
import { expectError } from '../../../../tests/support/expect-error';
import type { PushService, TestSubscription } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type PushMessage, pushTopicOf } from '../../../shared/push/payload';
import type { DeviceList, Post, SubscribeResponse } from '../../../shared/schemas/notification.schema';
import { expireSubscriptionsJob } from '../../delivery';

let push: PushService;
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture({
  push: 1,
  env: { PUSH_MAX_ATTEMPTS: '2', PUSH_FAILED_SENDS_TO_SKIP: '2' },
});
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

const messagesTo = (s: TestSubscription) => push.messages(s.endpoint);
const jsonOf = (s: TestSubscription) => messagesTo(s).map((m) => m.json as PushMessage);
const send = (client: Session, establishmentId: string, body: Record<string, unknown>) =>
  a.call(
    'POST',
    `/api/establishments/${establishmentId}/notifications`,
    { post: true, ...body },
    client.token,
  );

async function sentAndDone(client: Session, establishmentId: string, text: string, extra = {}) {
  const res = await send(client, establishmentId, { text, ...extra });
  expect(res.statusCode, res.body).toBe(202);
  const post = res.json<{ notification: Post }>().notification;
  return until(a, client, post.id, completed, 20_000);
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not reached: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const subscribe = async (user: Session, s: TestSubscription) => {
  const res = await a.call('POST', '/notifications/subscribe', s, user.token);
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<SubscribeResponse>();
};
const devicesOf = async (user: Session) => {
  const res = await a.call('GET', '/api/account/devices', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeviceList>().items;
};
const reachOf = async (client: Session, establishmentId: string) => {
  const res = await a.call('GET', `/api/establishments/${establishmentId}/audience`, undefined, client.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ followers: number; reachable: number; devices: number }>();
};

describe('every push about a post', () => {
  it('carries its Topic (at most 32 base64url characters) and its tag, and lives no longer than its offer', async () => {
    const { establishment, client } = await business(a, admin, 'Topic Tapas');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(a, push, follower);
    const plain = await sentAndDone(client, establishment.id, 'Tapas night');
    const [first] = messagesTo(phone);
    expect(first!.topic).toBe(pushTopicOf(plain.id));
    expect(first!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect((first!.json as PushMessage).tag).toBe(`notification-${plain.id}`);
    expect(first!.ttl).toBeGreaterThan(23 * 3600);

    const validUntil = new Date(Date.now() + 2 * 3600_000).toISOString();
    const offer = await sentAndDone(client, establishment.id, 'Two for one until ten', { validUntil });
    expect(offer.validUntil).toBe(validUntil);
    const second = messagesTo(phone)[1]!;
    expect(second.topic).toBe(pushTopicOf(offer.id));
    expect(second.ttl).toBeLessThanOrEqual(2 * 3600);
    expect(second.ttl).toBeGreaterThan(2 * 3600 - 60);
    // Followers read the end too.
    const asFollower = await a.call('GET', `/api/notifications/${offer.id}`, undefined, follower.token);
    expect(asFollower.json<{ post: Post }>().post.validUntil).toBe(validUntil);
  });

  it('refuses an offer that ends before it is sent, on the field', async () => {
    const { establishment, client } = await business(a, admin, 'Backwards Bistro');
    const past = new Date(Date.now() - 60_000).toISOString();
    expectError(
      await send(client, establishment.id, { text: 'Too late', validUntil: past }),
      400,
      ErrorCode.VALIDATION,
      {
        validUntil: Msg.endAfterStart,
      },
    );
    const scheduledFor = new Date(Date.now() + 3 * 3600_000).toISOString();
    const before = new Date(Date.now() + 2 * 3600_000).toISOString();
    expectError(
      await send(client, establishment.id, { text: 'Ends first', scheduledFor, validUntil: before }),
      400,
      ErrorCode.VALIDATION,
      { validUntil: Msg.endAfterStart },
    );
    expectError(
      await send(client, establishment.id, { text: 'Nonsense', validUntil: 'tomorrow' }),
      400,
      ErrorCode.VALIDATION,
      { validUntil: Msg.scheduleInvalid },
    );
  });
});

describe('update on phones', () => {
  it('replaces the notification on the devices that got it, once each, quietly, and only when asked', async () => {
    const { establishment, client } = await business(a, admin, 'Edited Eatery');
    const [one, two] = [await a.followerOf(establishment.id), await a.followerOf(establishment.id)];
    const [phone, tablet] = [await device(a, push, one), await device(a, push, two)];
    const gone = await device(a, push, two);
    push.respond(gone.endpoint, { status: 410 });
    const post = await sentAndDone(client, establishment.id, 'Soup of the day: tomato');

    const quiet = await a.call(
      'PATCH',
      `/api/notifications/${post.id}`,
      { text: 'Soup: lentil' },
      client.token,
    );
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(quiet.json<{ message: string }>().message).toBe(Msg.postUpdated);

    const res = await a.call(
      'PATCH',
      `/api/notifications/${post.id}`,
      { text: 'Soup of the day: pumpkin', updatePhones: true },
      client.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string; post: Post }>()).toMatchObject({
      message: Msg.postUpdatedOnPhones,
      post: { text: 'Soup of the day: pumpkin' },
    });
    await waitFor(() => messagesTo(phone).length === 2 && messagesTo(tablet).length === 2, 'the update');
    for (const s of [phone, tablet]) {
      const [first, update] = messagesTo(s);
      expect(update!.topic).toBe(first!.topic);
      expect(update!.json).toMatchObject({
        id: post.id,
        tag: `notification-${post.id}`,
        body: 'Soup of the day: pumpkin',
        updated: true,
      });
      // A click on the update still counts.
      expect((update!.json as PushMessage).receipt).toBeTruthy();
    }
    expect(push.requests(gone.endpoint)).toHaveLength(1);
    // Followers cannot.
    const byFollower = await a.call(
      'PATCH',
      `/api/notifications/${post.id}`,
      { text: 'Hacked', updatePhones: true },
      one.token,
    );
    expect(byFollower.statusCode).toBe(403);
    expectError(
      await a.call(
        'PATCH',
        `/api/notifications/${post.id}`,
        { text: 'x'.repeat(2000), updatePhones: 'yes' },
        client.token,
      ),
      400,
      ErrorCode.VALIDATION,
    );
  });
});

describe('withdraw from phones', () => {
  it("tells each device that got it, in its follower's language, and delivers nothing still pending", async () => {
    const { establishment, client } = await business(a, admin, 'Withdrawn Wine Bar');
    const german = await a.followerOf(establishment.id);
    // SETUP: this follower reads the app in German (their profile's language).
    await t.ctx.database.sql.executeSql(`UPDATE users SET language = 'de' WHERE id = $1`, [german.id]);
    const english = await a.followerOf(establishment.id);
    const [phone, laptop] = [await device(a, push, german), await device(a, push, english)];
    const flaky = await device(a, push, english);
    push.respondAlways(flaky.endpoint, { status: 503 });
    const res = await send(client, establishment.id, { text: 'Free wine at nine' });
    const post = res.json<{ notification: Post }>().notification;
    await until(a, client, post.id, (p) => p.delivery?.sent === 2);
    expect(push.requests(flaky.endpoint)).toHaveLength(1);

    const removed = await a.call(
      'DELETE',
      `/api/notifications/${post.id}?withdraw=true`,
      undefined,
      client.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ message: string }>().message).toBe(Msg.postWithdrawn);
    await waitFor(() => messagesTo(phone).length === 2 && messagesTo(laptop).length === 2, 'the withdrawal');
    const [withdrawnDe] = jsonOf(phone).slice(1);
    const [withdrawnEn] = jsonOf(laptop).slice(1);
    expect(withdrawnDe).toMatchObject({ kind: 'withdrawn', id: post.id, tag: `notification-${post.id}` });
    expect(withdrawnDe!.body).toBe('Diese Nachricht wurde zurückgezogen.');
    expect(withdrawnEn!.body).toBe('This message was withdrawn.');
    expect(messagesTo(phone)[1]!.topic).toBe(pushTopicOf(post.id));
    // The retry of the failing device never goes out: the send is over.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(push.requests(flaky.endpoint)).toHaveLength(1);
    push.respondAlways(flaky.endpoint, null);
    // The post is gone for its followers.
    expect((await a.call('GET', `/api/notifications/${post.id}`, undefined, german.token)).statusCode).toBe(
      404,
    );
    expectError(
      await a.call('DELETE', `/api/notifications/${post.id}?withdraw=maybe`, undefined, client.token),
      400,
      ErrorCode.VALIDATION,
    );
  });
});

describe('devices that stopped receiving', () => {
  it('are skipped after failed sends in a row, shown to their owner, and count in no reach until they show a push', async () => {
    const { establishment, client } = await business(a, admin, 'Breaker Brasserie');
    const follower = await a.followerOf(establishment.id);
    const healthy = await device(a, push, follower);
    const broken = await device(a, push, follower);
    push.respondAlways(broken.endpoint, { status: 500 });
    expect(await reachOf(client, establishment.id)).toMatchObject({ followers: 1, reachable: 1, devices: 2 });

    // PUSH_FAILED_SENDS_TO_SKIP=2: two sends that fail it, each after PUSH_MAX_ATTEMPTS requests.
    for (const text of ['First', 'Second']) {
      const done = await sentAndDone(client, establishment.id, text);
      expect(done.delivery).toMatchObject({ audience: 2, sent: 1, failed: 1 });
    }
    const requestsBefore = push.requests(broken.endpoint).length;
    const third = await sentAndDone(client, establishment.id, 'Third');
    expect(third.delivery).toMatchObject({ audience: 1, sent: 1, failed: 0 });
    expect(push.requests(broken.endpoint)).toHaveLength(requestsBefore);
    expect(await reachOf(client, establishment.id)).toMatchObject({ reachable: 1, devices: 1 });

    const listed = await devicesOf(follower);
    expect(listed).toHaveLength(2);
    const staleOnes = listed.filter((d) => d.staleSince !== null);
    expect(staleOnes).toHaveLength(1);
    // Registering the same endpoint again does not repair it: the browser is told to take a new one.
    expect(await subscribe(follower, broken)).toMatchObject({ created: false, stale: true });
    expect(await subscribe(follower, healthy)).toMatchObject({ created: false, stale: false });

    push.respondAlways(broken.endpoint, null);
  });

  it('are skipped once silent for PUSH_STALE_DAYS while their push service accepted pushes', async () => {
    const { establishment, client } = await business(a, admin, 'Silent Saloon');
    const follower = await a.followerOf(establishment.id);
    const silent = await device(a, push, follower);
    await sentAndDone(client, establishment.id, 'Anyone there?');
    // SETUP: the device was last seen (sign-in, receipt) 61 days ago, before that push was accepted.
    await t.ctx.database.sql.executeSql(
      `UPDATE push_subscriptions SET last_seen_at = now() - interval '61 days' WHERE endpoint = $1`,
      [silent.endpoint],
    );
    await t.ctx.jobs.send(expireSubscriptionsJob, {});
    const end = Date.now() + 10_000;
    let items = await devicesOf(follower);
    while (items[0]?.staleSince === null && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      items = await devicesOf(follower);
    }
    expect(items).toHaveLength(1);
    expect(items[0]!.staleSince).not.toBeNull();
    expect(await reachOf(client, establishment.id)).toMatchObject({ followers: 1, reachable: 0, devices: 0 });

    // The receipt of the last push it got: it works after all.
    const receipt = (messagesTo(silent)[0]!.json as PushMessage).receipt!;
    const id = (messagesTo(silent)[0]!.json as PushMessage).id;
    const event = await a.call('POST', `/api/notifications/${id}/events`, { type: 'received', receipt });
    expect(event.statusCode, event.body).toBe(204);
    expect((await devicesOf(follower))[0]!.staleSince).toBeNull();
    expect(await reachOf(client, establishment.id)).toMatchObject({ reachable: 1, devices: 1 });
  });

  it('can be removed by their owner, and by nobody else', async () => {
    const owner = await a.userWithRole('customer', 'owner');
    const stranger = await a.userWithRole('customer', 'stranger');
    await device(a, push, owner);
    const [mine] = await devicesOf(owner);
    expect(await devicesOf(stranger)).toEqual([]);
    expectError(
      await a.call('DELETE', `/api/account/devices/${mine!.id}`, undefined, stranger.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectError(
      await a.call('DELETE', '/api/account/devices/not-a-uuid', undefined, owner.token),
      400,
      ErrorCode.VALIDATION,
    );
    expectError(await a.call('GET', '/api/account/devices'), 401, ErrorCode.UNAUTHORIZED);
    const removed = await a.call('DELETE', `/api/account/devices/${mine!.id}`, undefined, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ message: string }>().message).toBe(Msg.deviceRemoved);
    expect(await devicesOf(owner)).toEqual([]);
  });
});

describe('a subscription the browser replaced', () => {
  it('moves to the new endpoint with the secret of the old one; a wrong or spent secret moves nothing', async () => {
    const { establishment, client } = await business(a, admin, 'Renewed Rooftop');
    const follower = await a.followerOf(establishment.id);
    const old = push.subscribe();
    const { deviceSecret } = await subscribe(follower, old);
    expect(deviceSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const renewed = push.subscribe();
    const change = (body: Record<string, unknown>) => a.call('POST', '/api/push/subscription-change', body);

    expectError(
      await change({ oldEndpoint: old.endpoint, deviceSecret: 'A'.repeat(43), subscription: renewed }),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectError(
      await change({
        oldEndpoint: old.endpoint,
        deviceSecret,
        subscription: { ...renewed, endpoint: 'http://x/y' },
      }),
      400,
      ErrorCode.VALIDATION,
    );
    const moved = await change({ oldEndpoint: old.endpoint, deviceSecret, subscription: renewed });
    expect(moved.statusCode, moved.body).toBe(200);
    const next = moved.json<{ deviceSecret: string }>().deviceSecret;
    expect(next).not.toBe(deviceSecret);
    // Spent: the old endpoint is no more, and its secret proves nothing.
    expectError(
      await change({ oldEndpoint: old.endpoint, deviceSecret, subscription: push.subscribe() }),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect(await devicesOf(follower)).toHaveLength(1);

    const post = await sentAndDone(client, establishment.id, 'Still reaching you');
    expect(post.delivery).toMatchObject({ audience: 1, sent: 1 });
    expect(jsonOf(renewed).map((m) => m.id)).toEqual([post.id]);
    expect(messagesTo(old)).toHaveLength(0);

    // Another account's endpoint is not taken over.
    const other = await a.userWithRole('customer', 'other');
    const theirs = push.subscribe();
    await subscribe(other, theirs);
    expectError(
      await change({ oldEndpoint: renewed.endpoint, deviceSecret: next, subscription: theirs }),
      409,
      ErrorCode.CONFLICT,
      { 'subscription.endpoint': Msg.subscriptionTaken },
    );
  });
});
