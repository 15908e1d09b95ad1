/**
 * The caps on what floods phones: weekly sends running per business (WEEKLY_SENDS_PER_BUSINESS) and
 * "Update on phones" of one post per hour (RATE_LIMIT_PHONE_UPDATES_PER_POST_PER_HOUR), over HTTP,
 * with the app's jobs sending to a real local push service.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import type { PushService } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { ErrorCode } from '../../../shared/errors';
import { limitMessage } from '../../../shared/limit-messages';
import { Msg } from '../../../shared/messages';
import type { Post } from '../../../shared/schemas/notification.schema';

const WEEKLY_MAX = 3;
const fixture = setupRouteFixture({ push: 1, env: { WEEKLY_SENDS_PER_BUSINESS: String(WEEKLY_MAX) } });
let a: ReturnType<typeof actors>;
let admin: Session;
let push: PushService;
beforeAll(() => {
  ({ a, admin } = fixture);
  push = fixture.pushes[0]!;
});

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function business(name: string) {
  const establishment = await a.establishment(admin, name);
  const client = await a.clientOf(admin, establishment.id);
  return { establishment, client };
}

const send = (user: Session, establishmentId: string, body: Record<string, unknown>) =>
  a.call('POST', `/api/establishments/${establishmentId}/notifications`, body, user.token);

/** A weekly send whose first goes out in `days` days, for four weeks. */
const weekly = (user: Session, establishmentId: string, days: number) =>
  send(user, establishmentId, {
    text: `Weekly special ${days}`,
    post: true,
    scheduledFor: iso(Date.now() + days * DAY),
    repeat: { until: iso(Date.now() + (days + 28) * DAY).slice(0, 10) },
  });

const updateOnPhones = (user: Session, id: string, text: string) =>
  a.call('PATCH', `/api/notifications/${id}`, { text, updatePhones: true }, user.token);

describe('weekly sends per business', () => {
  it('refuses one more past the limit with a 409 naming it; cancelling one frees its place', async () => {
    const { establishment, client } = await business('Weekly Cap Bistro');
    const running: Post[] = [];
    for (let i = 1; i <= WEEKLY_MAX; i++) {
      const res = await weekly(client, establishment.id, i);
      expect(res.statusCode, res.body).toBe(202);
      running.push(res.json<{ notification: Post }>().notification);
    }

    const refused = expectError(await weekly(client, establishment.id, 5), 409, ErrorCode.CONFLICT);
    expect(refused.error).toBe(limitMessage('weeklySendsLimit', WEEKLY_MAX));
    expect(refused.error).toContain(`${WEEKLY_MAX} weekly sends`);
    // Nothing of it was stored: still three scheduled.
    const list = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/scheduled`,
      undefined,
      client.token,
    );
    expect(list.json<{ items: Post[] }>().items).toHaveLength(WEEKLY_MAX);

    // A one-off scheduled send and another business's weekly send are not held by this limit.
    const once = await send(client, establishment.id, {
      text: 'Just once',
      post: true,
      scheduledFor: iso(Date.now() + 2 * DAY),
    });
    expect(once.statusCode, once.body).toBe(202);
    const other = await business('Weekly Cap Tavern');
    expect((await weekly(other.client, other.establishment.id, 1)).statusCode).toBe(202);

    const cancelled = await a.call('DELETE', `/api/notifications/${running[0]!.id}`, undefined, client.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ message: string }>().message).toBe(Msg.weeklySendCancelled);
    const again = await weekly(client, establishment.id, 5);
    expect(again.statusCode, again.body).toBe(202);
    expectError(await weekly(client, establishment.id, 6), 409, ErrorCode.CONFLICT);
  });
});

describe('"Update on phones" per post per hour', () => {
  it('allows 3 an hour; the 4th is a 429 naming the limit, and changes nothing', async () => {
    const { establishment, client } = await business('Phone Update Cafe');
    const follower = await a.followerOf(establishment.id);
    const subscription = push.subscribe();
    const subscribed = await a.call('POST', '/notifications/subscribe', subscription, follower.token);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const res = await send(client, establishment.id, { text: 'Soup: tomato', post: true });
    expect(res.statusCode, res.body).toBe(202);
    const post = res.json<{ notification: Post }>().notification;
    const other = (await send(client, establishment.id, { text: 'Cake: apple', post: true })).json<{
      notification: Post;
    }>().notification;

    for (let i = 1; i <= 3; i++) {
      const ok = await updateOnPhones(client, post.id, `Soup: tomato (${i})`);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<{ message: string }>().message).toBe(Msg.postUpdatedOnPhones);
    }
    const refused = expectError(
      await updateOnPhones(client, post.id, 'Soup: pumpkin'),
      429,
      ErrorCode.RATE_LIMITED,
    );
    expect(refused.error).toBe(limitMessage('phoneUpdatesLimit', 3));
    const detail = await a.call('GET', `/api/notifications/${post.id}`, undefined, client.token);
    expect(detail.json<{ post: Post }>().post.text).toBe('Soup: tomato (3)');

    // Saving the text without pushing it again still works; another post has its own count.
    const quiet = await a.call(
      'PATCH',
      `/api/notifications/${post.id}`,
      { text: 'Soup: pumpkin' },
      client.token,
    );
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect((await updateOnPhones(client, other.id, 'Cake: plum')).statusCode).toBe(200);
  });
});
