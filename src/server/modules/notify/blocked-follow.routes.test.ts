/**
 * While an admin blocks a business, its followers' feed leaves its posts out; the follows answer
 * (GET /api/account/follows) says it is blocked, so the feed says "temporarily unavailable" rather
 * than "has not posted anything yet". The unblock brings both back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { FeedPage } from '../../../shared/schemas/notification.schema';
import type { FollowList } from '../../../shared/schemas/notify.schema';

const fixture = setupRouteFixture();
let a: ReturnType<typeof actors>;
let admin: Session;
beforeAll(() => {
  ({ a, admin } = fixture);
});

async function follows(user: Session) {
  const res = await a.call('GET', '/api/account/follows', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FollowList>().items.map((item) => item.establishment);
}

async function feedTexts(user: Session) {
  const res = await a.call('GET', '/api/feed', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedPage>().items.map((post) => post.text);
}

async function adminPost(path: string) {
  const res = await a.call('POST', path, undefined, admin.token);
  expect(res.statusCode, res.body).toBe(200);
}

describe("a blocked business in its followers' follows", () => {
  it('is flagged blocked while its posts leave the feed, and back after the unblock', async () => {
    const roma = await a.establishment(admin, 'Blocked Roma');
    const open = await a.establishment(admin, 'Open Bakery');
    const client = await a.clientOf(admin, roma.id, 'roma-client');
    const sent = await a.call(
      'POST',
      `/api/establishments/${roma.id}/notifications`,
      { text: 'Pasta night', post: true },
      client.token,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const follower = await a.followerOf(roma.id, 'roma-follower');
    await a.follow(follower, open.id);

    expect(await feedTexts(follower)).toEqual(['Pasta night']);
    expect((await follows(follower)).map((e) => [e.name, e.blocked])).toEqual([
      ['Open Bakery', false],
      ['Blocked Roma', false],
    ]);

    await adminPost(`/api/establishments/${roma.id}/block`);
    expect(await feedTexts(follower)).toEqual([]);
    expect((await follows(follower)).map((e) => [e.name, e.blocked])).toEqual([
      ['Open Bakery', false],
      ['Blocked Roma', true],
    ]);

    await adminPost(`/api/establishments/${roma.id}/unblock`);
    expect(await feedTexts(follower)).toEqual(['Pasta night']);
    expect((await follows(follower)).find((e) => e.id === roma.id)?.blocked).toBe(false);
  });
});
