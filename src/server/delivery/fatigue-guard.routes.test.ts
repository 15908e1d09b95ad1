/**
 * The fatigue guard through HTTP and the real pipeline, with the product's default limits (one
 * push a day and three a week per follower and business, five a day in all): what phones ring,
 * what the feed holds, what the compose's count and the post's figures say.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../tests/support/api-actors';
import {
  a,
  business,
  call,
  device,
  finished,
  messagesTo,
  postsOf,
  send,
  setupNotificationsApp,
  t,
} from '../../../tests/support/notifications-api';
import type { Post } from '../../shared/schemas/notification.schema';

setupNotificationsApp({
  FATIGUE_PER_DAY: '1',
  FATIGUE_PER_WEEK: '3',
  FATIGUE_MAX_PER_DAY: '3',
  FATIGUE_MAX_PER_WEEK: '10',
  FATIGUE_FOLLOWER_PER_DAY: '5',
});

async function sendNow(client: Session, establishmentId: string, text: string): Promise<Post> {
  const res = await send(client, establishmentId, { text, post: true });
  expect(res.statusCode, res.body).toBe(202);
  return finished(client, res.json<{ notification: Post }>().notification.id, 30_000);
}

const heldNow = async (client: Session, establishmentId: string) => {
  const res = await call('GET', `/api/establishments/${establishmentId}/audience`, undefined, client.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ held: number }>().held;
};

/** Time passes for the guard: the business's sends so far went out `days` earlier. */
async function daysPass(establishmentId: string, days: number) {
  await t.ctx.database.sql.executeSql(
    'UPDATE notifications SET created_at = created_at - make_interval(days => $2::int) WHERE establishment_id = $1',
    [establishmentId, days],
  );
}

describe('the fatigue guard', () => {
  it('rings a follower once for three sends in a row; the feed holds all three, the figures say who waits', async () => {
    const { establishment, client } = await business('Guarded Bar');
    const follower = await a.followerOf(establishment.id, 'regular');
    const phone = await device(follower);
    const ownerPhone = await device(client);
    expect(await heldNow(client, establishment.id)).toBe(0);

    const first = await sendNow(client, establishment.id, 'Happy hour at five');
    expect(first.delivery).toMatchObject({ sent: 2, held: 0 });
    // The compose form knows before the next send: this follower had a message today.
    expect(await heldNow(client, establishment.id)).toBe(1);

    const second = await sendNow(client, establishment.id, 'Quiz night tonight');
    const third = await sendNow(client, establishment.id, 'Last call for the quiz');
    for (const post of [second, third]) expect(post.delivery).toMatchObject({ sent: 1, held: 1 });

    expect(messagesTo(phone).map((m) => m.id)).toEqual([first.id]);
    // The business's own operators are not followers: their phone rings for each send.
    expect(messagesTo(ownerPhone).map((m) => m.id)).toEqual([first.id, second.id, third.id]);
    const feed = await postsOf(establishment.id, follower);
    expect(feed.map((p) => p.text)).toEqual([
      'Last call for the quiz',
      'Quiz night tonight',
      'Happy hour at five',
    ]);
  });

  it('rings again the next day, and at most three times in seven days', async () => {
    const { establishment, client } = await business('Weekly Bistro');
    const follower = await a.followerOf(establishment.id, 'weekly');
    const phone = await device(follower);
    const rung: string[] = [];
    for (const day of [1, 2, 3]) {
      const post = await sendNow(client, establishment.id, `Day ${day} special`);
      expect(post.delivery?.held).toBe(0);
      rung.push(post.id);
      await daysPass(establishment.id, 1);
    }
    const fourth = await sendNow(client, establishment.id, 'Day 4 special');
    expect(fourth.delivery).toMatchObject({ sent: 0, held: 1 });
    expect(messagesTo(phone).map((m) => m.id)).toEqual(rung);
    // A week after the first, that one no longer counts.
    await daysPass(establishment.id, 4);
    const later = await sendNow(client, establishment.id, 'Next week special');
    expect(later.delivery).toMatchObject({ sent: 1, held: 0 });
  });

  it('rings as often as the business chose: two a day rings twice, the third is held', async () => {
    const { establishment, client } = await business('Chatty Bakery');
    const follower = await a.followerOf(establishment.id, 'bakery-regular');
    const phone = await device(follower);
    const chosen = await call(
      'PUT',
      `/api/establishments/${establishment.id}/notification-limits`,
      { perDay: 2, perWeek: 5 },
      client.token,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    const posts: Post[] = [];
    for (const text of ['Rolls are out', 'Cake at noon', 'Closing soon'])
      posts.push(await sendNow(client, establishment.id, text));
    expect(posts.map((p) => p.delivery?.held)).toEqual([0, 0, 1]);
    expect(messagesTo(phone).map((m) => m.id)).toEqual([posts[0]!.id, posts[1]!.id]);
  });

  it('counts a choice above a ceiling lowered since as the ceiling (3 a day)', async () => {
    const { establishment, client } = await business('Loud Pub');
    await device(await a.followerOf(establishment.id, 'pub-regular'));
    await t.ctx.database.sql.executeSql(
      'UPDATE establishments SET notify_per_day = 50, notify_per_week = 50 WHERE id = $1',
      [establishment.id],
    );
    const held: number[] = [];
    for (const round of [1, 2, 3, 4])
      held.push((await sendNow(client, establishment.id, `Round ${round}`)).delivery?.held ?? -1);
    expect(held).toEqual([0, 0, 0, 1]);
  });

  it("holds a follower's sixth business of the day, and counts each business only for its own follower", async () => {
    const businesses = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => business(`Street Cafe ${i}`)));
    const follower = await a.followerOf(businesses[0]!.establishment.id, 'street-regular');
    for (const { establishment } of businesses.slice(1)) await a.follow(follower, establishment.id);
    const phone = await device(follower);
    const posts: Post[] = [];
    for (const { establishment, client } of businesses)
      posts.push(await sendNow(client, establishment.id, `News from ${establishment.name}`));
    expect(posts.map((p) => p.delivery?.held)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(messagesTo(phone)).toHaveLength(5);
  });

  it('holds an email over the limit as it holds a push', async () => {
    const { establishment, client } = await business('Letter Bookshop');
    const reader = await a.followerOf(establishment.id, 'reader');
    const chosen = await call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'email', marketingConsent: true },
      reader.token,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    const first = await sendNow(client, establishment.id, 'New arrivals on the shelf');
    const second = await sendNow(client, establishment.id, 'Signing on Saturday');
    expect(first.delivery?.channels.email.sent).toBe(1);
    expect(second.delivery).toMatchObject({ held: 1, channels: { email: { sent: 0 } } });
    const mails = t.mail.received.filter((m) => m.to.includes(reader.email.toLowerCase()));
    // The subject is the send's first line.
    expect(mails.map((m) => m.subject)).toEqual(['New arrivals on the shelf']);
  });
});
