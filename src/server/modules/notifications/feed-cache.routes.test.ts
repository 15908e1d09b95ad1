/**
 * The feed cache: followers' first feed pages are built from each establishment's newest
 * posts kept in memory with its feed_version, which the database's triggers raise with every change
 * a follower could see. These tests make the changes as another process would (SQL on the same
 * database, not through this app's routes) and read the feeds through HTTP: every change shows at
 * the very next request, and each reader gets their own reaction only.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
import {
  a,
  business,
  call,
  finished,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import type { FeedPage, Post } from '../../../shared/schemas/notification.schema';
import { executorOf } from '../../db/client';

setupNotificationsApp();

/** Another process's write: straight to the database. */
const sql = (text: string, values: unknown[] = []) => t.ctx.database.sql.executeSql(text, values);

async function page(url: string, user: Session): Promise<Post[]> {
  const res = await call('GET', url, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<FeedPage>().items;
}

/** The establishment's page and the social feed, as the follower reads them, must agree. */
async function bothFeeds(establishmentId: string, user: Session): Promise<Post[]> {
  const own = await page(`/api/establishments/${establishmentId}/posts`, user);
  const social = await page('/api/feed', user);
  expect(social).toEqual(own);
  return own;
}

describe('feed cache', () => {
  it('shows every change made by any process at the next request', async () => {
    const { establishment, client } = await business('Cached Bistro');
    const follower = await a.followerOf(establishment.id, 'cache-reader');
    const first = await sendOk(client, establishment.id, { text: 'soup of the day', post: true });
    await sendOk(client, establishment.id, { text: 'happy hour', post: true });
    expect((await bothFeeds(establishment.id, follower)).map((p) => p.text)).toEqual([
      'happy hour',
      'soup of the day',
    ]);

    // Edited by another process.
    await sql(`UPDATE notifications SET text = 'soup: lentils', edited_at = now() WHERE id = $1`, [first.id]);
    let posts = await bothFeeds(establishment.id, follower);
    expect(posts.map((p) => p.text)).toEqual(['happy hour', 'soup: lentils']);
    expect(posts[1]!.editedAt).not.toBeNull();

    // Sent by the scheduler of another process.
    await sql(
      `INSERT INTO notifications (establishment_id, author_id, text, in_feed, status)
       VALUES ($1, $2, 'released at noon', true, 'done')`,
      [establishment.id, client.id],
    );
    expect((await bothFeeds(establishment.id, follower))[0]!.text).toBe('released at noon');

    // Reactions and comments by other people, through other processes.
    const other = await a.followerOf(establishment.id, 'cache-other');
    await sql(`INSERT INTO post_reactions (notification_id, user_id, kind) VALUES ($1, $2, 'love')`, [
      first.id,
      other.id,
    ]);
    await sql(`INSERT INTO post_comments (notification_id, author_id, text) VALUES ($1, $2, 'yum')`, [
      first.id,
      other.id,
    ]);
    posts = await bothFeeds(establishment.id, follower);
    const soup = posts.find((p) => p.id === first.id)!;
    expect(soup.reactions).toEqual({ counts: [{ kind: 'love', count: 1 }], mine: null });
    expect(soup.comments.count).toBe(1);

    // The business renamed, the author renamed, comments turned off for the business.
    await sql(`UPDATE establishments SET name = 'Renamed Bistro', comments_enabled = false WHERE id = $1`, [
      establishment.id,
    ]);
    await sql(`UPDATE users SET first_name = 'Renée', last_name = 'Author' WHERE id = $1`, [client.id]);
    posts = await bothFeeds(establishment.id, follower);
    expect(posts.every((p) => p.establishment.name === 'Renamed Bistro')).toBe(true);
    expect(posts.every((p) => p.authorName === 'Renée Author')).toBe(true);
    expect(posts.every((p) => !p.comments.enabled)).toBe(true);

    // Deleted by another process.
    await sql(`UPDATE notifications SET deleted_at = now() WHERE id = $1`, [first.id]);
    expect((await bothFeeds(establishment.id, follower)).map((p) => p.text)).toEqual([
      'released at noon',
      'happy hour',
    ]);
  });

  it('keeps the first page in memory: a change that does not raise the feed version is not read again', async () => {
    const { establishment, client } = await business('Remembered Deli');
    const follower = await a.followerOf(establishment.id, 'cache-memory');
    const sent = await sendOk(client, establishment.id, { text: 'as sent', post: true });
    expect((await bothFeeds(establishment.id, follower))[0]!.text).toBe('as sent');

    // Without the triggers (replication mode) the version stays: the cached page is served...
    await t.ctx.db.transaction(async (tx) => {
      const raw = executorOf(tx);
      await raw.executeSql(`SET LOCAL session_replication_role = replica`);
      await raw.executeSql(`UPDATE notifications SET text = 'behind the cache' WHERE id = $1`, [sent.id]);
    });
    expect((await bothFeeds(establishment.id, follower))[0]!.text).toBe('as sent');
    // ...and read again once the version moves.
    await sql(`UPDATE establishments SET feed_version = feed_version + 1 WHERE id = $1`, [establishment.id]);
    expect((await bothFeeds(establishment.id, follower))[0]!.text).toBe('behind the cache');
    // Later pages are never cached; senders read the database with their delivery figures.
    const senderView = await page(`/api/establishments/${establishment.id}/posts`, client);
    expect(senderView[0]!.delivery).not.toBeNull();
  });

  it('gives each reader their own reaction and everyone the same counts', async () => {
    const { establishment, client } = await business('Reacted Pub');
    const reacting = await a.followerOf(establishment.id, 'cache-react');
    const watching = await a.followerOf(establishment.id, 'cache-watch');
    const sent = await sendOk(client, establishment.id, { text: 'quiz night', post: true });
    const react = await call(
      'PUT',
      `/api/notifications/${sent.id}/reaction`,
      { kind: 'celebrate' },
      reacting.token,
    );
    expect(react.statusCode, react.body).toBe(200);

    const seenByWatcher = (await bothFeeds(establishment.id, watching))[0]!;
    const seenByReactor = (await bothFeeds(establishment.id, reacting))[0]!;
    expect(seenByWatcher.reactions).toEqual({ counts: [{ kind: 'celebrate', count: 1 }], mine: null });
    expect(seenByReactor.reactions).toEqual({ counts: [{ kind: 'celebrate', count: 1 }], mine: 'celebrate' });

    const removed = await call('DELETE', `/api/notifications/${sent.id}/reaction`, undefined, reacting.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await bothFeeds(establishment.id, reacting))[0]!.reactions).toEqual({ counts: [], mine: null });
  });

  it('follows what the reader follows: a new follow or an unfollow changes the next social feed', async () => {
    const one = await business('Followed Bakery');
    const two = await business('Later Books');
    const reader = await a.followerOf(one.establishment.id, 'cache-follows');
    await sendOk(one.client, one.establishment.id, { text: 'croissants', post: true });
    await sendOk(two.client, two.establishment.id, { text: 'new novels', post: true });
    expect((await page('/api/feed', reader)).map((p) => p.text)).toEqual(['croissants']);
    await a.follow(reader, two.establishment.id);
    expect((await page('/api/feed', reader)).map((p) => p.text)).toEqual(['new novels', 'croissants']);
    const unfollow = await call(
      'DELETE',
      `/api/establishments/${one.establishment.id}/follow`,
      undefined,
      reader.token,
    );
    expect(unfollow.statusCode, unfollow.body).toBe(200);
    expect((await page('/api/feed', reader)).map((p) => p.text)).toEqual(['new novels']);
    // A blocked business leaves the feed at once.
    await sql(`UPDATE establishments SET blocked_at = now() WHERE id = $1`, [two.establishment.id]);
    expect(await page('/api/feed', reader)).toEqual([]);
  });
  it('gives a sender the page read from the database: the cached posts with figures, targets and reactions read fresh', async () => {
    const { establishment, client } = await business('Cached Sender Cafe');
    const follower = await a.followerOf(establishment.id, 'cache-sender-follower');
    const sends = [
      await sendOk(client, establishment.id, { text: 'lunch menu', post: true }),
      await sendOk(client, establishment.id, { text: 'quiz night', post: true }),
      await sendOk(client, establishment.id, { text: 'brunch', post: true }),
    ];
    const second = sends[1]!;
    // The fan-outs finish first: two reads made while one completes would differ by its status.
    for (const sent of sends) await finished(client, sent.id);
    const firstPage = `/api/establishments/${establishment.id}/posts?limit=2`;
    // all=true reads the page from the database: every post here is in the feed, so the same page.
    const fromDatabase = () => page(`${firstPage}&all=true`, client);
    const cached = async () => {
      const res = await call('GET', firstPage, undefined, client.token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<FeedPage>();
      expect(body.nextCursor).not.toBeNull();
      return body.items;
    };
    expect(await page(firstPage, follower)).toHaveLength(2);
    expect(await cached()).toEqual(await fromDatabase());

    // What moves no feed_version, by another process: the fan-out's progress and outcomes, targets.
    await sql(`UPDATE notifications SET status = 'sending', audience = 7, error = 'slow' WHERE id = $1`, [
      second.id,
    ]);
    await sql(
      `INSERT INTO deliveries (notification_id, target_id, user_id, outcome, received_at, clicked_at, channel)
       VALUES ($1, gen_random_uuid(), $2, 'sent', now(), now(), 'push'),
              ($1, gen_random_uuid(), $2, 'failed', NULL, NULL, 'push'),
              ($1, gen_random_uuid(), $2, 'pending', NULL, NULL, 'email')`,
      [second.id, follower.id],
    );
    await sql(
      `INSERT INTO notification_targets (notification_id, preference_id, preference_name)
       VALUES ($1, gen_random_uuid(), 'Wine lovers'), ($1, gen_random_uuid(), 'Beer lovers')`,
      [second.id],
    );
    // The sender's own reaction; the follower's is not theirs.
    await sql(`INSERT INTO post_reactions (notification_id, user_id, kind) VALUES ($1, $2, 'like')`, [
      second.id,
      client.id,
    ]);
    await sql(`INSERT INTO post_reactions (notification_id, user_id, kind) VALUES ($1, $2, 'love')`, [
      second.id,
      follower.id,
    ]);
    const posts = await cached();
    expect(posts).toEqual(await fromDatabase());
    const quiz = posts.find((p) => p.id === second.id)!;
    expect(quiz.delivery).toMatchObject({
      status: 'sending',
      audience: 7,
      error: 'slow',
      sent: 1,
      failed: 1,
      pending: 5,
    });
    expect(quiz.delivery!.channels.push).toMatchObject({ sent: 1, failed: 1, received: 1, clicked: 1 });
    expect(quiz.targets!.map((target) => target.name)).toEqual(['Beer lovers', 'Wine lovers']);
    expect(quiz.reactions.mine).toBe('like');
    // The follower's page holds none of it.
    const seen = await page(firstPage, follower);
    expect(seen.every((p) => p.delivery === null && p.targets === null)).toBe(true);
    expect(seen.find((p) => p.id === second.id)!.reactions.mine).toBe('love');
  });
});
