import type pg from 'pg';
import { hashPassword } from '../../src/server/lib/passwords';

/** How much bench:api writes. */
export interface ApiSeedSizes {
  establishments: number;
  posts: number;
  followers: number;
}

/** The people the benchmark signs in as, and what it loads. */
/** Conversations in the inbox of the client's business (bench-2): the inbox list's load. */
export const CONVERSATIONS = 10_000;

export interface ApiSeed {
  password: string;
  customerEmail: string;
  clientEmail: string;
  /** Public ids of every establishment, for the public profile. */
  publicIds: string[];
  /** Ids of the establishments the bench customer follows (their feeds). */
  followedIds: string[];
  /** The establishment the bench client operates (its dashboard). */
  clientEstablishmentId: string;
  steps: [string, number][];
}

/** Establishments the bench customer follows: their feed pages and the social feed merge them. */
const FOLLOWED = 10;

/**
 * Writes the benchmark's database with set-based SQL: establishments with realistic profiles and three
 * gallery pictures each, one operator each, `followers` customers spread unevenly (a few businesses
 * have thousands, most a few dozen), `posts` notifications over two years (80% posted to the feed,
 * texts of 40-600 characters), reactions and comments on recent posts, and a year of report rollups.
 * Row triggers (reports) are switched off for the bulk rows (session_replication_role = replica)
 * and the rollups written directly, so a million posts seed quickly (docs/benchmarks.md#api).
 */
export async function seedApiDatabase(client: pg.Client, sizes: ApiSeedSizes): Promise<ApiSeed> {
  const steps: [string, number][] = [];
  const step = async (label: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    const ms = performance.now() - started;
    steps.push([label, ms]);
    console.log(`  ${label}: ${(ms / 1000).toFixed(1)} s`);
  };
  const password = 'bench-password-1';
  const hash = await hashPassword(password);
  await client.query(
    `SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB';
     SET session_replication_role = replica`,
  );

  await step(`${sizes.establishments} establishments, 3 gallery pictures each`, async () => {
    await client.query(
      `INSERT INTO establishments (public_id, name, subheader, email, phone, website, address1, city, zip, country,
                                   business_id, logo, cover, time_zone, created_at, updated_at)
       SELECT 'bench-' || g, 'Café Bench ' || g, 'Coffee, cakes and a quiet corner since ' || (1990 + g % 30),
              'hello' || g || '@bench.test', '+421 900 ' || lpad(g::text, 6, '0'), 'https://bench' || g || '.example',
              'Hlavná ' || g, 'Košice', '040 01', 'SK', lpad(g::text, 8, '0'),
              'logo-' || md5(g::text), 'cover-' || md5(g::text), 'Europe/Bratislava',
              now() - interval '800 days', now() - interval '800 days'
       FROM generate_series(1, $1::int) g`,
      [sizes.establishments],
    );
    await client.query(
      `INSERT INTO gallery_images (establishment_id, image, caption, width, height, created_at)
       SELECT e.id, 'gallery-' || md5(e.id::text || k), 'Our terrace in the summer, picture ' || k, 1600, 1067,
              e.created_at + k * interval '1 day'
       FROM establishments e CROSS JOIN generate_series(1, 3) k`,
    );
  });

  await step(
    `${sizes.establishments} operators and ${sizes.followers.toLocaleString('en')} customers`,
    async () => {
      await client.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified, created_at)
       SELECT 'client' || g || '@bench.test', $2, 'Operator', 'No ' || g, 'client', true, now() - interval '800 days'
       FROM generate_series(1, $1::int) g`,
        [sizes.establishments, hash],
      );
      await client.query(
        `INSERT INTO memberships (user_id, establishment_id, kind, created_at)
       SELECT u.id, e.id, 'client', e.created_at
       FROM users u JOIN establishments e ON u.email = 'client' || substr(e.public_id, 7) || '@bench.test'`,
      );
      await client.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified, created_at)
       SELECT 'customer' || g || '@bench.test', $2, 'Customer', 'No ' || g, 'customer', random() < 0.9,
              now() - random() * interval '700 days'
       FROM generate_series(1, $1::int) g`,
        [sizes.followers, hash],
      );
      // Spread unevenly: establishment k gets a share falling with k (k = 1 has the most).
      await client.query(
        `INSERT INTO memberships (user_id, establishment_id, kind, source, created_at)
       SELECT u.id, e.id, 'customer', 'qr', u.created_at + interval '1 hour'
       FROM (SELECT id, created_at, (1 + floor($1::int * power(random(), 2)))::int AS k
             FROM users WHERE role = 'customer') u
       JOIN establishments e ON e.public_id = 'bench-' || u.k`,
        [sizes.establishments],
      );
      // The bench customer also follows establishments 2..FOLLOWED+1.
      await client.query(
        `INSERT INTO memberships (user_id, establishment_id, kind, created_at)
       SELECT u.id, e.id, 'customer', now() - interval '1 day'
       FROM users u, establishments e
       WHERE u.email = 'customer1@bench.test'
         AND e.public_id = ANY($1::text[])
       ON CONFLICT DO NOTHING`,
        [Array.from({ length: FOLLOWED }, (_, i) => `bench-${i + 2}`)],
      );
      await client.query(`UPDATE users SET email_verified = true WHERE email = 'customer1@bench.test'`);
    },
  );

  await step(`${sizes.posts.toLocaleString('en')} notifications over 2 years (80% posts)`, async () => {
    // Texts of realistic lengths: a sentence or a few paragraphs, cut at 40-600 characters.
    await client.query(
      `INSERT INTO notifications (establishment_id, author_id, text, in_feed, status, audience, batches_done,
                                  created_at, completed_at)
       SELECT e.id, m.user_id,
              left(repeat('Today''s lunch menu: garlic soup, chicken paprikash with dumplings, and a slice of our walnut cake. ', 7),
                   40 + (random() * 560)::int),
              random() < 0.8, 'done', 100, true, at, at + interval '1 minute'
       FROM (SELECT i, ((i - 1) % $2::int) + 1 AS k,
                    -- Milliseconds, as the app writes them (the feed's cursors carry milliseconds).
                    date_trunc('milliseconds', now() - random() * interval '730 days') AS at
             FROM generate_series(1, $1::int) i) x
       JOIN establishments e ON e.public_id = 'bench-' || x.k
       JOIN memberships m ON m.establishment_id = e.id AND m.kind = 'client'`,
      [sizes.posts, sizes.establishments],
    );
  });

  await step('reactions and comments on the latest posts', async () => {
    await client.query(
      `INSERT INTO post_reactions (notification_id, user_id, kind, created_at)
       SELECT n.id, m.user_id, (ARRAY['like','love','laugh','wow'])[1 + floor(random() * 4)::int], n.created_at
       FROM (SELECT id, establishment_id, created_at,
                    row_number() OVER (PARTITION BY establishment_id ORDER BY created_at DESC) AS r
             FROM notifications WHERE in_feed) n
       JOIN LATERAL (SELECT user_id FROM memberships WHERE establishment_id = n.establishment_id LIMIT 5) m ON true
       WHERE n.r <= 40
       ON CONFLICT DO NOTHING`,
    );
    await client.query(
      `INSERT INTO post_comments (notification_id, author_id, text, created_at)
       SELECT n.id, m.user_id, 'Looks delicious, see you at noon!', n.created_at + interval '5 minutes'
       FROM (SELECT id, establishment_id, created_at,
                    row_number() OVER (PARTITION BY establishment_id ORDER BY created_at DESC) AS r
             FROM notifications WHERE in_feed) n
       JOIN LATERAL (SELECT user_id FROM memberships WHERE establishment_id = n.establishment_id LIMIT 2) m ON true
       WHERE n.r <= 40`,
    );
  });

  await step("10,000 conversations in one business's inbox (bench-2), two messages each", async () => {
    await client.query(
      `INSERT INTO conversations (establishment_id, follower_id, created_at, last_message_at, answered,
                                  unread_by_business, unread_by_follower, closed_at)
       SELECT e.id, u.id, at - interval '1 hour', at, r < 0.6, r >= 0.6 AND r < 0.8, false,
              CASE WHEN r >= 0.9 THEN at END
       FROM (SELECT id, date_trunc('milliseconds', now() - random() * interval '365 days') AS at, random() AS r
             FROM users WHERE role = 'customer' ORDER BY id LIMIT $1::int) u
       JOIN establishments e ON e.public_id = 'bench-2'`,
      [CONVERSATIONS],
    );
    await client.query(
      `INSERT INTO conversation_messages (conversation_id, author_id, from_business, text, created_at)
       SELECT c.id, c.follower_id, false, 'Do you have a table for four at eight tonight?', c.created_at
       FROM conversations c
       UNION ALL
       SELECT c.id, NULL, true, 'Yes, see you at eight!', c.last_message_at
       FROM conversations c WHERE c.answered`,
    );
  });

  await step('a year of report rollups', () =>
    client.query(
      `INSERT INTO report_daily (establishment_id, day, shard, notifications, posts, devices, reach, clicks, follows, unfollows)
       SELECT e.id, (current_date - d)::date, 0, 3, 2, 300, 240, 30, 2, 1
       FROM establishments e CROSS JOIN generate_series(0, 365) d`,
    ),
  );

  await step('VACUUM ANALYZE', () => client.query('VACUUM ANALYZE'));
  await client.query('SET session_replication_role = origin');

  const publicIds = (
    await client.query<{ public_id: string }>('SELECT public_id FROM establishments ORDER BY public_id')
  ).rows.map((r) => r.public_id);
  const followedIds = (
    await client.query<{ id: string }>(
      `SELECT m.establishment_id AS id FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE u.email = 'customer1@bench.test' ORDER BY 1`,
    )
  ).rows.map((r) => r.id);
  const clientEstablishmentId = (
    await client.query<{ id: string }>(`SELECT id FROM establishments WHERE public_id = 'bench-2'`)
  ).rows[0]!.id;
  return {
    password,
    customerEmail: 'customer1@bench.test',
    clientEmail: 'client2@bench.test',
    publicIds,
    followedIds,
    clientEstablishmentId,
    steps,
  };
}
