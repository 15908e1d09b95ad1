/**
 * Calling the API with an establishment's key, as a till or a web shop does: the same
 * send endpoint as the app (with Idempotency-Key), its posts, its dashboard figures and its
 * followers, each within the key's scopes and on its own establishment only; everything else is
 * refused. The app runs with its jobs and a real local push service, so a send is seen arriving.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { createKey, keysUrl, listKeys, withKey } from '../../../../tests/support/api-keys-api';
import { expectError } from '../../../../tests/support/expect-error';
import type { PushService, TestSubscription } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { PushMessage } from '../../../shared/push/payload';
import type { FeedPage, Post } from '../../../shared/schemas/notification.schema';
import type { Dashboard } from '../../../shared/schemas/report.schema';

const KEY_LIMIT = 30;
const fixture = setupRouteFixture({ push: 1, env: { RATE_LIMIT_API_KEY_PER_MINUTE: String(KEY_LIMIT) } });
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
let push: PushService;
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

async function shop(name = 'Key Bakery') {
  const establishment = await a.establishment(admin, name);
  const client = await a.clientOf(admin, establishment.id);
  return { establishment, client };
}

const notificationsUrl = (establishmentId: string) => `/api/establishments/${establishmentId}/notifications`;

/** POST a notification with the key, as the card's curl example does. */
const sendWithKey = (key: string, establishmentId: string, text: string, idempotencyKey = randomUUID()) =>
  withKey(t, key, {
    method: 'POST',
    url: notificationsUrl(establishmentId),
    headers: { 'idempotency-key': idempotencyKey },
    payload: { text, post: true },
  });

async function device(user: Session): Promise<TestSubscription> {
  const subscription = push.subscribe();
  const res = await a.call('POST', '/notifications/subscribe', subscription, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return subscription;
}

/** The post as its sender sees it, once its delivery finished. */
async function finished(user: Session, id: string): Promise<Post> {
  for (;;) {
    const res = await a.call('GET', `/api/notifications/${id}`, undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json<{ post: Post }>().post;
    if (post.delivery?.status === 'done' && post.delivery.completedAt) return post;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('sending with a key', () => {
  it('sends through the app’s endpoint; the same Idempotency-Key twice makes one notification', async () => {
    const { establishment, client } = await shop('Till Bakery');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const { key } = await createKey(t, client, establishment.id, ['send']);

    const idempotencyKey = randomUUID();
    const first = await sendWithKey(key, establishment.id, 'Fresh bread is out', idempotencyKey);
    expect(first.statusCode, first.body).toBe(202);
    const sent = first.json<{ notification: Post; message: string }>();
    expect(sent.message).toBe(Msg.notificationSent);
    // Posted under the name of who created the key.
    expect(sent.notification).toMatchObject({ text: 'Fresh bread is out', ownerId: client.id, inFeed: true });

    const again = await sendWithKey(key, establishment.id, 'Fresh bread is out', idempotencyKey);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ notification: Post }>().notification.id).toBe(sent.notification.id);

    const post = await finished(client, sent.notification.id);
    // The follower's phone (the operator has none).
    expect(post.delivery).toMatchObject({ audience: 1, sent: 1, failed: 0 });
    const messages = push.messages(phone.endpoint).map((m) => m.json as PushMessage);
    expect(messages.map((m) => m.body)).toEqual(['Fresh bread is out']);

    // The follower's feed has it once.
    const feed = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/posts`,
      undefined,
      follower.token,
    );
    expect(feed.json<FeedPage>().items.map((item) => item.id)).toEqual([sent.notification.id]);
  });

  it('keeps a key’s Idempotency-Keys apart from its creator’s in the app', async () => {
    const { establishment, client } = await shop('Twin Bakery');
    const { key } = await createKey(t, client, establishment.id, ['send']);
    const idempotencyKey = randomUUID();
    const byKey = await sendWithKey(key, establishment.id, 'From the till', idempotencyKey);
    const inApp = await t.request({
      method: 'POST',
      url: notificationsUrl(establishment.id),
      token: client.token,
      headers: { 'idempotency-key': idempotencyKey },
      payload: { text: 'From the app', post: true },
    });
    expect(inApp.statusCode, inApp.body).toBe(202);
    expect(inApp.headers['idempotent-replayed']).toBeUndefined();
    expect(inApp.json<{ notification: Post }>().notification.id).not.toBe(
      byKey.json<{ notification: Post }>().notification.id,
    );
  });

  it('lists its establishment’s posts, push-only sends too, with their delivery figures', async () => {
    const { establishment, client } = await shop('List Bakery');
    const { key } = await createKey(t, client, establishment.id, ['send']);
    const res = await withKey(t, key, {
      method: 'POST',
      url: notificationsUrl(establishment.id),
      payload: { text: 'Only to phones', post: false },
    });
    expect(res.statusCode, res.body).toBe(202);
    const page = await withKey(t, key, {
      method: 'GET',
      url: `/api/establishments/${establishment.id}/posts?all=true`,
    });
    expect(page.statusCode, page.body).toBe(200);
    const [item] = page.json<FeedPage>().items;
    expect(item).toMatchObject({ text: 'Only to phones', inFeed: false, delivery: expect.any(Object) });
  });
});

describe('reading with a key', () => {
  it('reads its dashboard and funnel with read:stats, and its followers with read:followers', async () => {
    const { establishment, client } = await shop('Figures Bakery');
    const follower = await a.followerOf(establishment.id);
    const { key } = await createKey(t, client, establishment.id, ['read:stats', 'read:followers']);
    const query = `establishmentId=${establishment.id}`;

    const dashboard = await withKey(t, key, { method: 'GET', url: `/api/reports/dashboard?${query}` });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json<Dashboard>().scope.establishmentId).toBe(establishment.id);
    const funnel = await withKey(t, key, { method: 'GET', url: `/api/reports/funnel?${query}` });
    expect(funnel.statusCode, funnel.body).toBe(200);

    const followers = await withKey(t, key, {
      method: 'GET',
      url: `/api/management/export/followers?${query}&format=json`,
    });
    expect(followers.statusCode, followers.body).toBe(200);
    expect(followers.json<Array<{ email: string }>>().map((row) => row.email)).toEqual([follower.email]);
  });
});

describe('what a key may not do', () => {
  it('403 without the scope the route needs', async () => {
    const { establishment, client } = await shop('Scoped Bakery');
    const statsOnly = await createKey(t, client, establishment.id, ['read:stats']);
    const sendOnly = await createKey(t, client, establishment.id, ['send']);
    const query = `establishmentId=${establishment.id}`;
    const refused = [
      await sendWithKey(statsOnly.key, establishment.id, 'Not allowed'),
      await withKey(t, statsOnly.key, {
        method: 'GET',
        url: `/api/establishments/${establishment.id}/posts`,
      }),
      await withKey(t, statsOnly.key, { method: 'GET', url: `/api/management/export/followers?${query}` }),
      await withKey(t, sendOnly.key, { method: 'GET', url: `/api/reports/dashboard?${query}` }),
      await withKey(t, sendOnly.key, { method: 'GET', url: `/api/management/export/followers?${query}` }),
    ];
    for (const res of refused) {
      expect(expectError(res, 403, ErrorCode.FORBIDDEN).error).toBe(Msg.apiKeyScopeMissing);
    }
    const posts = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/posts?all=true`,
      undefined,
      client.token,
    );
    expect(posts.json<FeedPage>().items).toEqual([]);
  });

  it('403 on another establishment, whatever its scopes; the platform’s figures too', async () => {
    const mine = await shop('Mine Bakery');
    const theirs = await shop('Their Bakery');
    const { key } = await createKey(t, mine.client, mine.establishment.id);
    const other = `establishmentId=${theirs.establishment.id}`;
    for (const res of [
      await sendWithKey(key, theirs.establishment.id, 'Not yours'),
      await withKey(t, key, { method: 'GET', url: `/api/establishments/${theirs.establishment.id}/posts` }),
      await withKey(t, key, { method: 'GET', url: `/api/reports/dashboard?${other}` }),
      await withKey(t, key, { method: 'GET', url: `/api/reports/funnel?${other}` }),
      await withKey(t, key, { method: 'GET', url: `/api/management/export/followers?${other}` }),
      await withKey(t, key, { method: 'GET', url: '/api/reports/dashboard' }),
    ]) {
      expectError(res, 403, ErrorCode.FORBIDDEN);
    }
    const posts = await a.call(
      'GET',
      `/api/establishments/${theirs.establishment.id}/posts?all=true`,
      undefined,
      admin.token,
    );
    expect(posts.json<FeedPage>().items).toEqual([]);
  });

  it('403 on every other route, even about its own establishment and its creator', async () => {
    const { establishment, client } = await shop('Closed Bakery');
    const { key } = await createKey(t, client, establishment.id);
    const id = establishment.id;
    const sent = await sendWithKey(key, id, 'Mine');
    const postId = sent.json<{ notification: Post }>().notification.id;
    const calls: Array<[method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object]> =
      [
        ['GET', '/api/account/me'],
        ['POST', '/api/account/profile', { firstName: 'Till' }],
        ['GET', '/api/feed'],
        ['GET', `/api/establishments/${id}`],
        ['GET', '/api/establishments'],
        ['PUT', `/api/establishments/${id}`, { name: 'Renamed' }],
        ['POST', `/api/establishments/${id}/members`, { email: 'x@example.test', kind: 'client' }],
        ['GET', `/api/notifications/${postId}`],
        ['PATCH', `/api/notifications/${postId}`, { text: 'Changed' }],
        ['DELETE', `/api/notifications/${postId}`],
        ['GET', `/api/establishments/${id}/scheduled`],
        ['POST', `/api/establishments/${id}/follow`],
        ['GET', '/api/management/users'],
        ['GET', keysUrl(id)],
      ];
    for (const [method, url, payload] of calls) {
      const res = await withKey(t, key, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(expectError(res, 403, ErrorCode.FORBIDDEN).error).toBe(Msg.apiKeyNotAccepted);
    }
    // A route open to guests that reads a token when one is sent refuses the key rather than
    // treating the caller as the key's creator.
    const profile = await withKey(t, key, {
      method: 'GET',
      url: `/api/public/establishments/${establishment.id}`,
    });
    expectError(profile, 403, ErrorCode.FORBIDDEN);
    expect(profile.json<{ error: string }>().error).toBe(Msg.apiKeyNotAccepted);
    const post = await finished(client, postId);
    expect(post.text).toBe('Mine');
  });

  it('a revoked key and an unknown key get 401', async () => {
    const { establishment, client } = await shop('Revoked Bakery');
    const { key, apiKey } = await createKey(t, client, establishment.id);
    expect((await sendWithKey(key, establishment.id, 'Before')).statusCode).toBe(202);
    const revoked = await a.call(
      'POST',
      `${keysUrl(establishment.id)}/${apiKey.id}/revoke`,
      undefined,
      client.token,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    for (const res of [
      await sendWithKey(key, establishment.id, 'After'),
      await withKey(t, key, { method: 'GET', url: `/api/establishments/${establishment.id}/posts` }),
      await sendWithKey(`bk_${'A'.repeat(43)}`, establishment.id, 'Guessed'),
      await sendWithKey(`${key}x`, establishment.id, 'Altered'),
    ]) {
      expect(expectError(res, 401, ErrorCode.UNAUTHORIZED).error).toBe(Msg.apiKeyInvalid);
    }
  });
});

describe('bookkeeping', () => {
  it('notes when a key was last used, at most once a minute', async () => {
    const { establishment, client } = await shop('Clock Bakery');
    const { key, apiKey } = await createKey(t, client, establishment.id);
    const lastUsed = async () =>
      (await listKeys(t, client, establishment.id)).find((k) => k.id === apiKey.id)!.lastUsedAt;
    expect(await lastUsed()).toBeNull();

    const realNow = t.ctx.now;
    const start = new Date('2031-03-01T10:00:00.000Z');
    try {
      t.ctx.now = () => start;
      await withKey(t, key, { method: 'GET', url: `/api/establishments/${establishment.id}/posts` });
      expect(await lastUsed()).toBe(start.toISOString());
      // Within the minute: not written again.
      t.ctx.now = () => new Date(start.getTime() + 59_000);
      await withKey(t, key, { method: 'GET', url: `/api/establishments/${establishment.id}/posts` });
      expect(await lastUsed()).toBe(start.toISOString());
      const later = new Date(start.getTime() + 61_000);
      t.ctx.now = () => later;
      await withKey(t, key, { method: 'GET', url: `/api/establishments/${establishment.id}/posts` });
      expect(await lastUsed()).toBe(later.toISOString());
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('limits each key on its own: over the limit 429 with Retry-After, other keys and the app unaffected', async () => {
    const { establishment, client } = await shop('Busy Bakery');
    const busy = await createKey(t, client, establishment.id, ['send'], 'Busy till');
    const calm = await createKey(t, client, establishment.id, ['send'], 'Calm till');
    const posts = { method: 'GET' as const, url: `/api/establishments/${establishment.id}/posts` };
    for (let i = 0; i < KEY_LIMIT; i++) {
      const res = await withKey(t, busy.key, posts);
      expect(res.statusCode, `call ${i + 1}: ${res.body}`).toBe(200);
    }
    // Every route a key may call counts against the same limit.
    const over = await sendWithKey(busy.key, establishment.id, 'One too many');
    expectError(over, 429, ErrorCode.RATE_LIMITED);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withKey(t, busy.key, posts)).statusCode).toBe(429);

    expect((await withKey(t, calm.key, posts)).statusCode).toBe(200);
    const inApp = await a.call('GET', posts.url, undefined, client.token);
    expect(inApp.statusCode).toBe(200);
    expect(inApp.json<FeedPage>().items).toEqual([]);
  });
});
