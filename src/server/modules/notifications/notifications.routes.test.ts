/**
 * Notifications over HTTP and through the real delivery pipeline: the app (routes, pg-boss jobs,
 * workers) on a throw-away database sends to a real local push service over HTTPS, which checks
 * our VAPID tokens and decrypts every message with the test subscription's keys. Everything
 * asserted is what a client, a browser or the push service sees.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, type Session, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { multipart } from '../../../../tests/support/multipart';
import {
  type PushService,
  startPushService,
  type TestSubscription,
} from '../../../../tests/support/push-service';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { FieldLabel, Msg, required } from '../../../shared/messages';
import type { PushMessage } from '../../../shared/push/payload';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import type { FeedPage, Post } from '../../../shared/schemas/notification.schema';
import { expireSubscriptionsJob } from '../../jobs/notification-delivery.job';

let t: TestApp;
let push: PushService;
let a: ReturnType<typeof actors>;
let admin: Session;

beforeAll(async () => {
  push = await startPushService();
  t = await startTestApp({ PUSH_CA_FILE: push.caFile });
  a = actors(t);
  admin = await a.userWithRole('admin');
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const call = (...args: Parameters<ReturnType<typeof actors>['call']>) => a.call(...args);

/** The browser registers a push-service subscription for this signed-in user. */
async function device(user: Session): Promise<TestSubscription> {
  const subscription = push.subscribe();
  const res = await call('POST', '/notifications/subscribe', subscription, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return subscription;
}

async function send(user: Session, establishmentId: string, body: Record<string, unknown>) {
  return call('POST', `/api/establishments/${establishmentId}/notifications`, body, user.token);
}

async function sendOk(user: Session, establishmentId: string, body: Record<string, unknown>): Promise<Post> {
  const res = await send(user, establishmentId, body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ notification: Post }>().notification;
}

/** Poll the detail as its sender would until the send is finished. */
async function finished(user: Session, id: string, timeoutMs = 20_000): Promise<Post> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/api/notifications/${id}`, undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json<{ post: Post }>().post;
    if (
      post.delivery &&
      (post.delivery.status === 'done' || post.delivery.status === 'halted') &&
      post.delivery.completedAt
    )
      return post;
    if (Date.now() > until) throw new Error(`send not finished: ${JSON.stringify(post.delivery)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The establishment's feed as this user sees it (all: with push-only sends, for senders). */
async function postsOf(establishmentId: string, user: Session, all = false): Promise<Post[]> {
  const url = `/api/establishments/${establishmentId}/posts${all ? '?all=true' : ''}`;
  const res = await call('GET', url, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedPage>().items;
}

const messagesTo = (subscription: TestSubscription) =>
  push.messages(subscription.endpoint).map((m) => m.json as PushMessage);

async function business(name: string): Promise<{ establishment: Establishment; client: Session }> {
  const establishment = await a.establishment(admin, name);
  const client = await a.clientOf(admin, establishment.id);
  return { establishment, client };
}

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

describe('sending', () => {
  it('reaches every device of every follower with the right decrypted message, and nobody else', async () => {
    const { establishment, client } = await business('Bistro Push');
    const followers = await Promise.all([1, 2, 3].map((i) => a.followerOf(establishment.id, `f${i}`)));
    const devices = [
      ...(await Promise.all(followers.map(device))),
      await device(followers[0]!), // a second phone
      await device(client), // operators are in the audience too: they see what their followers see
    ];
    const stranger = await device(await a.userWithRole('customer', 'stranger'));

    const res = await send(client, establishment.id, {
      text: '  Lunch menu: soup and goulash 🍲  ',
      post: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<{ notification: Post; message: string }>();
    expect(body.message).toBe(Msg.notificationSent);
    expect(body.notification.text).toBe('Lunch menu: soup and goulash 🍲');

    const post = await finished(client, body.notification.id);
    expect(post.delivery).toMatchObject({
      status: 'done',
      audience: 5,
      sent: 5,
      failed: 0,
      gone: 0,
      pending: 0,
    });

    for (const subscription of devices) {
      const received = push.messages(subscription.endpoint);
      expect(received, subscription.endpoint).toHaveLength(1);
      const [message] = received;
      expect(message!.json).toMatchObject({
        v: 1,
        id: post.id,
        establishmentId: establishment.id,
        title: 'Bistro Push',
        body: 'Lunch menu: soup and goulash 🍲',
        url: `/app/establishment/${establishment.id}/notification/${post.id}`,
        tag: `notification-${post.id}`,
        image: null,
      });
      expect((message!.json as PushMessage).receipt).toMatch(/^[0-9a-f-]{36}\.[\w-]{22}$/);
      expect(message!.ttl).toBe(86_400);
      expect(message!.urgency).toBe('normal');
      expect(message!.vapid.aud).toBe(push.origin);
    }
    // One VAPID token serves the whole send to this push service.
    expect(new Set(devices.map((d) => push.messages(d.endpoint)[0]!.vapid.exp)).size).toBe(1);
    expect(push.messages(stranger.endpoint)).toHaveLength(0);
  });

  it('says "Notification has been sent!" for a push-only send, which stays out of the feeds', async () => {
    const { establishment, client } = await business('Push Only Pub');
    const follower = await a.followerOf(establishment.id);
    await device(follower);
    const res = await send(client, establishment.id, { text: 'Happy hour now', post: false });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(Msg.notificationOnlySent);
    await finished(client, res.json().notification.id);
    expect(await postsOf(establishment.id, follower)).toHaveLength(0);
    expect((await postsOf(establishment.id, client, true)).map((p) => p.text)).toEqual(['Happy hour now']);
  });

  it('lets the registering representative and admins send, and nobody else', async () => {
    const representative = await a.userWithRole('representant');
    const signup = await call(
      'POST',
      '/api/establishments/client-signup',
      {
        client: {
          firstName: 'Rita',
          lastName: 'Rep',
          email: `rep-client-${Date.now()}@example.test`,
          phone: '+421 905 000 000',
        },
        establishment: {
          name: 'Rep Books',
          email: 'books@example.test',
          phone: '+421 2 5555 5555',
          address1: 'Street 2',
          city: 'Košice',
          state: 'Košice Region',
          zip: '040 01',
          country: 'Slovakia',
          businessId: '87654321',
          taxId: '2020987654',
          vatNumber: 'SK2020987654',
        },
      },
      representative.token,
    );
    expect(signup.statusCode, signup.body).toBe(201);
    const establishment = signup.json<{ establishment: Establishment }>().establishment;
    expect(
      (await send(representative, establishment.id, { text: 'From the rep', post: true })).statusCode,
    ).toBe(202);
    expect((await send(admin, establishment.id, { text: 'From the admin', post: true })).statusCode).toBe(
      202,
    );

    const otherRep = await a.userWithRole('representant', 'other-rep');
    const follower = await a.followerOf(establishment.id);
    const otherClient = (await business('Other Shop')).client;
    for (const user of [otherRep, follower, otherClient]) {
      expectError(
        await send(user, establishment.id, { text: 'Not mine', post: true }),
        403,
        ErrorCode.FORBIDDEN,
      );
    }
    expectError(
      await send({ ...follower, token: '' }, establishment.id, { text: 'x', post: true }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
  });

  it('checks everything before anything is sent, naming the field', async () => {
    const { establishment, client } = await business('Strict Café');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ text: '', post: true }, 'text', required(FieldLabel.text)],
      [{ text: '   ', post: true }, 'text', required(FieldLabel.text)],
      [{ post: true }, 'text', required(FieldLabel.text)],
      [{ text: 42, post: true }, 'text', 'Text must be text'],
      [{ text: 'x'.repeat(2001), post: true }, 'text', 'Text must be at most 2000 characters'],
      [{ text: 'ok' }, 'post', 'post must be true or false'],
      [{ text: 'ok', post: 'yes' }, 'post', 'post must be true or false'],
      [{ text: 'ok', post: true, mediaId: 'nope' }, 'mediaId', 'Upload the picture again.'],
    ];
    for (const [body, field, message] of cases) {
      expectError(await send(client, establishment.id, body), 400, ErrorCode.VALIDATION, {
        [field]: message,
      });
    }
    // 1,500 euro signs are 4,500 bytes of UTF-8: over the 4 KB a push message may carry.
    expectError(
      await send(client, establishment.id, { text: '€'.repeat(1500), post: true }),
      400,
      ErrorCode.PAYLOAD_TOO_LARGE,
      {
        text: Msg.pushTooLarge,
      },
    );
    expectError(
      await send(client, establishment.id, { text: 'ok', post: true, mediaId: crypto.randomUUID() }),
      400,
      ErrorCode.VALIDATION,
      { mediaId: Msg.mediaNotFound },
    );
    expectError(
      await send(client, crypto.randomUUID(), { text: 'ok', post: true }),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect(await postsOf(establishment.id, client, true)).toHaveLength(0);
  });

  it('refuses to send for a blocked or inactive establishment', async () => {
    const { establishment, client } = await business('Paused Pets');
    expect(
      (
        await call(
          'PUT',
          `/api/establishments/${establishment.id}`,
          { ...establishment, active: false },
          admin.token,
        )
      ).statusCode,
    ).toBe(200);
    const inactive = expectError(
      await send(client, establishment.id, { text: 'Hello', post: true }),
      403,
      ErrorCode.ESTABLISHMENT_INACTIVE,
    );
    expect(inactive.error).toBe(Msg.establishmentCannotSendInactive);
    expect(
      (await call('POST', `/api/establishments/${establishment.id}/block`, undefined, admin.token))
        .statusCode,
    ).toBe(200);
    const blocked = expectError(
      await send(admin, establishment.id, { text: 'Hello', post: true }),
      403,
      ErrorCode.ESTABLISHMENT_BLOCKED,
    );
    expect(blocked.error).toBe(Msg.establishmentCannotSendBlocked);
  });

  it('sends a picture: re-encoded, served, and in the push message', async () => {
    const { establishment, client } = await business('Picture Pizzeria');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const upload = await t.request({
      method: 'POST',
      url: `/api/establishments/${establishment.id}/media`,
      token: client.token,
      ...(await multipart([
        { name: 'file', value: new Blob([png], { type: 'image/png' }), filename: 'pizza.png' },
      ])),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const media = upload.json<{ media: { id: string; url: string; width: number; height: number } }>().media;
    expect(media).toMatchObject({ width: 1600, height: 800, url: `/image/post/${media.id}.jpeg` });
    const image = await call('GET', media.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const post = await sendOk(client, establishment.id, {
      text: 'Pizza of the day',
      mediaId: media.id,
      post: true,
    });
    expect(post.media).toEqual(media);
    await finished(client, post.id);
    expect(messagesTo(phone)[0]).toMatchObject({ image: media.url });

    const text = await t.request({
      method: 'POST',
      url: `/api/establishments/${establishment.id}/media`,
      token: client.token,
      ...(await multipart([
        { name: 'file', value: new Blob(['soup'], { type: 'text/plain' }), filename: 'menu.txt' },
      ])),
    });
    expectError(text, 415, ErrorCode.UNSUPPORTED_MEDIA, { file: Msg.imageInvalid });
    const other = await business('Other Pizzeria');
    expectError(
      await send(other.client, other.establishment.id, {
        text: 'Stolen picture',
        mediaId: media.id,
        post: true,
      }),
      400,
      ErrorCode.VALIDATION,
      { mediaId: Msg.mediaNotFound },
    );
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

describe('feeds', () => {
  it("pages the customer's social feed across every followed establishment, newest first", async () => {
    const one = await business('Feed Bakery');
    const two = await business('Feed Books');
    const customer = await a.followerOf(one.establishment.id);
    await a.follow(customer, two.establishment.id);
    const texts = ['bread 1', 'book 1', 'bread 2', 'book 2', 'bread 3'];
    for (const [i, text] of texts.entries()) {
      const { establishment, client } = i % 2 === 0 ? one : two;
      await sendOk(client, establishment.id, { text, post: true });
    }
    await sendOk(one.client, one.establishment.id, { text: 'push only', post: false });
    const unfollowed = await business('Feed Elsewhere');
    await sendOk(unfollowed.client, unfollowed.establishment.id, { text: 'not followed', post: true });

    const seen: Post[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/feed?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, undefined, customer.token);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<FeedPage>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((p) => p.text)).toEqual([...texts].reverse());
    expect(new Set(seen.map((p) => p.establishment.name))).toEqual(new Set(['Feed Bakery', 'Feed Books']));
    expect(seen.every((p) => p.delivery === null)).toBe(true);

    expectError(
      await call('GET', '/api/feed?cursor=garbage', undefined, customer.token),
      400,
      ErrorCode.VALIDATION,
    );
    expectError(
      await call('GET', '/api/feed?limit=500', undefined, customer.token),
      400,
      ErrorCode.VALIDATION,
    );
    expectError(await call('GET', '/api/feed'), 401, ErrorCode.UNAUTHORIZED);
  });

  it("shows an establishment's posts to its followers and senders only", async () => {
    const { establishment, client } = await business('Private Feed Pub');
    await sendOk(client, establishment.id, { text: 'Members news', post: true });
    const follower = await a.followerOf(establishment.id);
    const stranger = await a.userWithRole('customer', 'stranger');
    expect((await postsOf(establishment.id, follower)).map((p) => p.text)).toEqual(['Members news']);
    expect((await postsOf(establishment.id, client))[0]!.delivery).toMatchObject({
      audience: expect.any(Number),
    });
    expectError(
      await call('GET', `/api/establishments/${establishment.id}/posts`, undefined, stranger.token),
      403,
      ErrorCode.FORBIDDEN,
    );
  });

  it('lets the author or an admin edit and delete a post, nobody else', async () => {
    const { establishment, client } = await business('Editable Eatery');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const follower = await a.followerOf(establishment.id);
    const post = await sendOk(client, establishment.id, { text: 'Typo in the menu', post: true });

    for (const user of [colleague, follower]) {
      expectError(
        await call('PATCH', `/api/notifications/${post.id}`, { text: 'Hijacked' }, user.token),
        403,
        ErrorCode.FORBIDDEN,
      );
      expectError(
        await call('DELETE', `/api/notifications/${post.id}`, undefined, user.token),
        403,
        ErrorCode.FORBIDDEN,
      );
    }
    expectError(
      await call('PATCH', `/api/notifications/${post.id}`, { text: '' }, client.token),
      400,
      ErrorCode.VALIDATION,
      {
        text: required(FieldLabel.text),
      },
    );
    const edited = await call('PATCH', `/api/notifications/${post.id}`, { text: 'Fixed menu' }, client.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: Msg.postUpdated, post: { text: 'Fixed menu' } });
    expect(edited.json<{ post: Post }>().post.editedAt).not.toBeNull();

    const byAdmin = await call(
      'PATCH',
      `/api/notifications/${post.id}`,
      { text: 'Admin fixed' },
      admin.token,
    );
    expect(byAdmin.statusCode).toBe(200);
    const removed = await call('DELETE', `/api/notifications/${post.id}`, undefined, admin.token);
    expect(removed.json()).toEqual({ message: Msg.postDeleted });
    expectError(
      await call('GET', `/api/notifications/${post.id}`, undefined, client.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect(await postsOf(establishment.id, follower)).toHaveLength(0);
    expectError(
      await call('GET', '/api/notifications/not-a-uuid', undefined, client.token),
      400,
      ErrorCode.VALIDATION,
    );
  });
});

describe('email verification', () => {
  /** Follow an email's verification link, as the person would: POST /api/account/verify with its token. */
  async function verifyByLink(mail: ReceivedMail) {
    const link = mail.links.find((l) => l.includes('/verify/'));
    expect(link, mail.text).toBeDefined();
    const res = await call('POST', '/api/account/verify', { token: link!.split('/').pop() });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Someone registers from the business's page (following it) and signs in with the emailed password. */
  async function registered(establishment: Establishment, tag: string) {
    const email = uniqueEmail(tag);
    const res = await call('POST', '/api/account/register', {
      firstName: 'Vera',
      lastName: 'Waiting',
      email,
      phone: '+421 900 123 456',
      terms: true,
      establishmentId: establishment.publicId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await t.mail.waitFor(email);
    const password = /Your password for signing in: (\S+)/.exec(mail.text)![1]!;
    const login = await call('POST', '/api/account/login', { email, password });
    expect(login.statusCode, login.body).toBe(200);
    return { email, mail, token: login.json<{ accessToken: string }>().accessToken };
  }

  const notVerified = (res: Awaited<ReturnType<typeof call>>) => {
    const body = expectError(res, 403, ErrorCode.EMAIL_NOT_VERIFIED);
    expect(body.error).toBe(Msg.emailNotVerified);
  };

  it('an unverified follower reads no feed and subscribes no device until they confirm their email', async () => {
    const { establishment, client } = await business('Verify Vinoteka');
    const post = await sendOk(client, establishment.id, { text: 'Members only', post: true });
    const elsewhere = await business('Not Followed Noodles');
    const waiting = await registered(establishment, 'waiting');
    const get = (url: string) => call('GET', url, undefined, waiting.token);

    notVerified(await get('/api/feed'));
    notVerified(await get(`/api/establishments/${establishment.id}/posts`));
    notVerified(await get(`/api/establishments/${establishment.publicId}/posts`));
    notVerified(await get(`/api/notifications/${post.id}`));
    notVerified(await call('POST', '/notifications/subscribe', push.subscribe(), waiting.token));
    // Not a follower there: confirming the email would not help, so it is a plain 403.
    expectError(
      await get(`/api/establishments/${elsewhere.establishment.id}/posts`),
      403,
      ErrorCode.FORBIDDEN,
    );

    await verifyByLink(waiting.mail);
    // The token they already hold now reads and subscribes.
    const feed = await get('/api/feed');
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json<FeedPage>().items.map((p) => p.text)).toEqual(['Members only']);
    expect((await get(`/api/establishments/${establishment.id}/posts`)).statusCode).toBe(200);
    expect((await get(`/api/notifications/${post.id}`)).json<{ post: Post }>().post.text).toBe(
      'Members only',
    );
    const subscribed = await call('POST', '/notifications/subscribe', push.subscribe(), waiting.token);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    expectError(
      await get(`/api/establishments/${elsewhere.establishment.id}/posts`),
      403,
      ErrorCode.FORBIDDEN,
    );
  });

  it("delivers to verified followers only: an unverified follower's device receives nothing", async () => {
    const { establishment, client } = await business('Confirmed Crêperie');
    const verified = await a.followerOf(establishment.id, 'confirmed');
    const waiting = await a.followerOf(establishment.id, 'unconfirmed');
    const [verifiedPhone, waitingPhone, clientPhone] = [
      await device(verified),
      await device(waiting),
      await device(client),
    ];
    // SETUP: their address is not confirmed any more (as after changing it), the device subscribed before.
    await t.ctx.database.sql.executeSql('UPDATE users SET email_verified = false WHERE id = $1', [
      waiting.id,
    ]);

    const first = await sendOk(client, establishment.id, { text: 'Crêpes at noon', post: true });
    expect((await finished(client, first.id)).delivery).toMatchObject({ audience: 2, sent: 2, pending: 0 });
    expect(messagesTo(verifiedPhone).map((m) => m.body)).toEqual(['Crêpes at noon']);
    expect(messagesTo(clientPhone).map((m) => m.body)).toEqual(['Crêpes at noon']);
    expect(messagesTo(waitingPhone)).toEqual([]);
    const counted = await call('GET', `/api/establishments/${establishment.id}`, undefined, client.token);
    expect(counted.json<{ establishment: Establishment }>().establishment.followerCount).toBe(1);

    // They confirm the address from a fresh verification email: the next send reaches them too.
    const resend = await call('POST', '/api/account/verify/resend', undefined, waiting.token);
    expect(resend.statusCode, resend.body).toBe(200);
    await verifyByLink(
      await t.mail.waitFor(waiting.email, (m) => m.links.some((l) => l.includes('/verify/'))),
    );
    const second = await sendOk(client, establishment.id, { text: 'Crêpes again', post: true });
    expect((await finished(client, second.id)).delivery).toMatchObject({ audience: 3, sent: 3 });
    expect(messagesTo(waitingPhone).map((m) => m.body)).toEqual(['Crêpes again']);
    expect(messagesTo(verifiedPhone)).toHaveLength(2);
  });

  it('an unverified client cannot send for the establishment they operate until they confirm', async () => {
    const { establishment, client } = await business('Unconfirmed Owner');
    await t.ctx.database.sql.executeSql('UPDATE users SET email_verified = false WHERE id = $1', [client.id]);
    notVerified(await send(client, establishment.id, { text: 'Too early', post: true }));
    expect(await postsOf(establishment.id, admin, true)).toEqual([]);
  });
});

describe('API surface', () => {
  it('lists every notifications call in /api/docs', async () => {
    const res = await call('GET', '/api/docs/json');
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const expected: [string, string][] = [
      ['get', '/api/push/public-key'],
      ['post', '/notifications/subscribe'],
      ['post', '/notifications/unsubscribe'],
      ['post', '/api/establishments/{id}/media'],
      ['post', '/api/establishments/{id}/notifications'],
      ['get', '/api/establishments/{id}/posts'],
      ['get', '/api/feed'],
      ['get', '/api/notifications/{id}'],
      ['patch', '/api/notifications/{id}'],
      ['delete', '/api/notifications/{id}'],
      ['post', '/api/notifications/{id}/events'],
    ];
    for (const [method, path] of expected) {
      expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
  });
});
