/**
 * Notifications over HTTP and through the real delivery pipeline (subscriptions, push service answers,
 * receipts and clicks): the app (routes, pg-boss jobs, workers) on a throw-away database sends to a
 * real local push service over HTTPS, which checks our VAPID tokens and decrypts every message with
 * the test subscription's keys. Everything asserted is what a client, a browser or the push service
 * sees. Shared setup and helpers: tests/support/notifications-api.ts.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  business,
  call,
  device,
  finished,
  messagesTo,
  push,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import type { TestSubscription } from '../../../../tests/support/push-service';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Post } from '../../../shared/schemas/notification.schema';
import { expireSubscriptionsJob } from '../../delivery';

setupNotificationsApp();

describe('subscriptions', () => {
  it('serves the VAPID public key the browser subscribes with', async () => {
    const res = await call('GET', '/api/push/public-key');
    expect(res.statusCode).toBe(200);
    const key = Buffer.from(res.json<{ publicKey: string }>().publicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    const again = await call('GET', '/api/push/public-key');
    expect(again.json()).toEqual(res.json());
  });

  it('creates a subscription once, refreshes it after, and needs a signed-in user', async () => {
    const user = await a.userWithRole('customer');
    const subscription = push.subscribe();
    expectError(await call('POST', '/notifications/subscribe', subscription), 401, ErrorCode.UNAUTHORIZED);
    const first = await call('POST', '/notifications/subscribe', subscription, user.token);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ created: true });
    const second = await call('POST', '/notifications/subscribe', subscription, user.token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ created: false, subscriptionId: first.json().subscriptionId });
  });

  it('refuses what is not a push subscription, naming the field', async () => {
    const user = await a.userWithRole('customer');
    const good = push.subscribe();
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://push.example/x' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 42 } }, 'keys.auth'],
      // The right length, but not a point on the curve.
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } }, 'keys.p256dh'],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ ...good, endpoint: `https://push.example/${'x'.repeat(3000)}` }, 'endpoint'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/notifications/subscribe', body, user.token);
      const error = expectError(res, 400, ErrorCode.VALIDATION);
      expect(Object.keys(error.fields ?? {}), res.body).toContain(field);
    }
  });

  it('expires subscriptions the browser ended or that were not seen for long', async () => {
    const { establishment, client } = await business('Expiry Espresso');
    const follower = await a.followerOf(establishment.id);
    const [stale, ended, fresh] = [push.subscribe(), push.subscribe(), push.subscribe()];
    for (const s of [stale, fresh]) await call('POST', '/notifications/subscribe', s, follower.token);
    await call(
      'POST',
      '/notifications/subscribe',
      { ...ended, expirationTime: Date.now() - 1000 },
      follower.token,
    );
    // SETUP: this device was last seen a year ago.
    await t.ctx.database.sql.executeSql(
      "UPDATE push_subscriptions SET last_seen_at = now() - interval '365 days' WHERE endpoint = $1",
      [stale.endpoint],
    );
    // The daily job, run now through the queue.
    await t.ctx.jobs.send(expireSubscriptionsJob, {});
    await new Promise((r) => setTimeout(r, 3000));
    const post = await sendOk(client, establishment.id, { text: 'Who is still here?', post: false });
    expect((await finished(client, post.id)).delivery).toMatchObject({ audience: 1, sent: 1 });
    expect([stale, ended, fresh].map((s) => messagesTo(s).length)).toEqual([0, 0, 1]);
    // A device signing in again subscribes anew.
    const back = await call('POST', '/notifications/subscribe', stale, follower.token);
    expect(back.json()).toMatchObject({ created: true });
  });

  it('forgets a device on sign-out', async () => {
    const { establishment, client } = await business('Unsubscribe Bar');
    const follower = await a.followerOf(establishment.id);
    const kept = await device(follower);
    const dropped = await device(follower);
    const res = await call(
      'POST',
      '/notifications/unsubscribe',
      { endpoint: dropped.endpoint },
      follower.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const sent = await sendOk(client, establishment.id, { text: 'Only one device left', post: false });
    await finished(client, sent.id);
    expect(messagesTo(kept)).toHaveLength(1);
    expect(messagesTo(dropped)).toHaveLength(0);
  });
});

describe('push service answers', () => {
  it('gives each answer its outcome: 404/410 remove the subscription, 400/413 fail, 5xx and resets are retried', async () => {
    const { establishment, client } = await business('Answer Arcade');
    const follower = await a.followerOf(establishment.id);
    const [accepted, gone410, gone404, tooBig, bad, flaky, reset] = await Promise.all(
      Array.from({ length: 7 }, () => device(follower)),
    );
    push.respond(gone410!.endpoint, { status: 410 });
    push.respond(gone404!.endpoint, { status: 404 });
    push.respond(tooBig!.endpoint, { status: 413 });
    push.respond(bad!.endpoint, { status: 400 });
    push.respond(flaky!.endpoint, { status: 503 }, { status: 500 });
    push.respond(reset!.endpoint, { reset: true });

    const post = await sendOk(client, establishment.id, { text: 'Every answer', post: true });
    const done = await finished(client, post.id, 30_000);
    expect(done.delivery).toMatchObject({
      status: 'done',
      audience: 7,
      sent: 3,
      failed: 2,
      gone: 2,
      pending: 0,
    });
    expect(messagesTo(accepted!)).toHaveLength(1);
    expect(messagesTo(flaky!)).toHaveLength(1);
    expect(messagesTo(reset!)).toHaveLength(1);
    expect(push.requests(flaky!.endpoint).map((r) => r.status)).toEqual([503, 500, 201]);
    // Each request is one try: the permanent answers are not repeated.
    for (const s of [gone410, gone404, tooBig, bad]) expect(push.requests(s!.endpoint)).toHaveLength(1);

    // The gone subscriptions were removed: registering them again creates them anew, the others exist.
    const again = async (s: TestSubscription) =>
      (await call('POST', '/notifications/subscribe', s, follower.token)).json<{ created: boolean }>()
        .created;
    expect(await again(gone410!)).toBe(true);
    expect(await again(gone404!)).toBe(true);
    expect(await again(tooBig!)).toBe(false);
    expect(await again(accepted!)).toBe(false);
  });

  it('waits as long as a 429 Retry-After asks before trying that push service again', async () => {
    const { establishment, client } = await business('Slow Down Saloon');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    push.respond(phone.endpoint, { status: 429, retryAfter: 2 });
    const post = await sendOk(client, establishment.id, { text: 'Patience', post: true });
    const done = await finished(client, post.id, 30_000);
    expect(done.delivery).toMatchObject({ sent: 1, pending: 0, failed: 0 });
    const [first, second] = push.requests(phone.endpoint);
    expect(first!.status).toBe(429);
    expect(second!.status).toBe(201);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(2000);
  });
});

describe('receipts and clicks', () => {
  it('counts what the service worker reports with the token from the message, and nothing forged', async () => {
    const { establishment, client } = await business('Receipt Ramen');
    const follower = await a.followerOf(establishment.id);
    const [phone, tablet] = [await device(follower), await device(follower)];
    const post = await sendOk(client, establishment.id, { text: 'Ramen tonight', post: true });
    await finished(client, post.id);
    const receiptOf = (s: TestSubscription) => messagesTo(s)[0]!.receipt!;

    const event = (type: string, receipt: string, id = post.id) =>
      call('POST', `/api/notifications/${id}/events`, { type, receipt });
    expect((await event('received', receiptOf(phone))).statusCode).toBe(204);
    expect((await event('received', receiptOf(phone))).statusCode).toBe(204); // twice counts once
    expect((await event('clicked', receiptOf(tablet))).statusCode).toBe(204); // a click implies receipt

    const forged = `${receiptOf(phone).split('.')[0]}.${'A'.repeat(22)}`;
    expectError(await event('received', forged), 400, ErrorCode.VALIDATION, { receipt: Msg.receiptInvalid });
    const other = await sendOk(client, establishment.id, { text: 'Another', post: true });
    expectError(await event('received', receiptOf(phone), other.id), 400, ErrorCode.VALIDATION, {
      receipt: Msg.receiptInvalid,
    });
    expectError(await event('opened', receiptOf(phone)), 400, ErrorCode.VALIDATION);

    const detail = await call('GET', `/api/notifications/${post.id}`, undefined, client.token);
    expect(detail.json<{ post: Post }>().post.delivery).toMatchObject({ sent: 2, received: 2, clicked: 1 });
    // Followers read the post, not its figures.
    const asFollower = await call('GET', `/api/notifications/${post.id}`, undefined, follower.token);
    expect(asFollower.json<{ post: Post }>().post).toMatchObject({ text: 'Ramen tonight', delivery: null });
  });
});
