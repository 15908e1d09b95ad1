import type pg from 'pg';

/** How much the reports benchmark writes. */
export interface ReportSeedSizes {
  establishments: number;
  /** Followers of the one big establishment; every second one has a device with push on. */
  followers: number;
  /** Followers of each other establishment. */
  otherFollowers: number;
  /** Notifications of the other establishments (the big one gets as many as its deliveries need). */
  otherNotifications: number;
  deliveries: number;
  pageViews: number;
}

export const TIME_ZONES = ['America/New_York', 'Europe/Bratislava', 'Asia/Tokyo', 'UTC'];

/** One delivery statement writes about this many rows, as a fan-out would in batches. */
const DELIVERY_CHUNK = 1_000_000;

/** Page views per statement (see below). */
const PAGE_VIEW_BATCH = 1_000;

/**
 * Writes a year of activity with set-based SQL, in the order production writes it, so the triggers of
 * migration 0009 build the rollups: businesses, people, follows, devices, notifications, their
 * deliveries (received on about 80%, clicked on about 10%), public page views. Business 1 (New York)
 * is the big one. Returns its id and how long each step took.
 */
export async function seedReports(client: pg.Client, sizes: ReportSeedSizes) {
  const steps: [string, number][] = [];
  const step = async (label: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    steps.push([label, performance.now() - started]);
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const count = async (text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rowCount ?? 0;

  await step(`${sizes.establishments} establishments in ${TIME_ZONES.length} time zones`, () =>
    client.query(
      `INSERT INTO establishments (public_id, name, email, time_zone, created_at)
       SELECT 'bench-' || g, CASE WHEN g = 1 THEN 'Big Café' ELSE 'Business ' || g END, 'e' || g || '@bench.test',
              ($2::text[])[1 + (g - 1) % cardinality($2::text[])], now() - interval '800 days'
       FROM generate_series(1, $1::int) g`,
      [sizes.establishments, TIME_ZONES],
    ),
  );
  const bigId = (
    await client.query<{ id: string }>(`SELECT id FROM establishments WHERE public_id = 'bench-1'`)
  ).rows[0]!.id;

  // Who follows what, when, by which source: a plan the next three statements share.
  const people = sizes.followers + sizes.otherFollowers * (sizes.establishments - 1);
  await client.query(
    `CREATE TEMP TABLE bench_plan AS
     SELECT g, gen_random_uuid() AS user_id, e.id AS establishment_id, x.followed_at, x.source,
            random() < 0.7 AS verified,
            CASE WHEN g <= $2 THEN g % 2 = 0 ELSE random() < 0.5 END AS has_push
     FROM (SELECT g, now() - random() * interval '365 days' AS followed_at,
                  (ARRAY['qr','qr','qr','poster','poster','share','share','direct','direct','direct'])[1 + floor(random() * 10)::int] AS source,
                  CASE WHEN g <= $2 THEN 1 ELSE 2 + (g - $2 - 1) / $3 END AS k
           FROM generate_series(1, $1::int) g) x
     JOIN establishments e ON e.public_id = 'bench-' || x.k`,
    [people, sizes.followers, Math.max(sizes.otherFollowers, 1)],
  );
  await step(`${people.toLocaleString('en')} users (70% verified)`, () =>
    client.query(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, role, email_verified, created_at)
       SELECT user_id, 'follower' || g || '@bench.test', 'x', 'Follower', 'No ' || g, 'customer', verified,
              followed_at - interval '2 minutes'
       FROM bench_plan ORDER BY followed_at`,
    ),
  );
  await step(`${people.toLocaleString('en')} follows (memberships, row triggers)`, () =>
    client.query(
      `INSERT INTO memberships (user_id, establishment_id, kind, source, created_at)
       SELECT user_id, establishment_id, 'customer', source, followed_at FROM bench_plan ORDER BY followed_at`,
    ),
  );
  let devices = 0;
  await step('push subscriptions (half the followers, row triggers)', async () => {
    devices = await count(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at, last_seen_at)
       SELECT user_id, 'https://push.bench.test/' || g, 'key', 'auth', followed_at + interval '1 minute', now()
       FROM bench_plan WHERE has_push ORDER BY followed_at`,
    );
  });
  steps[steps.length - 1]![0] = `${devices.toLocaleString('en')} push subscriptions (row triggers)`;

  // The big one's deliveries go to its followers' devices, in user order as the fan-out's batches
  // (ranges of user ids) write them; the rest fill up to `deliveries`.
  await client.query(
    `CREATE TEMP TABLE big_devices AS
     SELECT s.id, s.user_id FROM push_subscriptions s JOIN bench_plan p ON p.user_id = s.user_id
     WHERE p.establishment_id = $1 ORDER BY s.user_id`,
    [bigId],
  );
  const bigDevices = Number(
    (await client.query<{ n: string }>('SELECT count(*) AS n FROM big_devices')).rows[0]!.n,
  );
  const bigNotifications = Math.max(1, Math.round((sizes.deliveries * 0.95) / bigDevices));
  const perOther = Math.max(
    0,
    Math.round((sizes.deliveries - bigNotifications * bigDevices) / Math.max(sizes.otherNotifications, 1)),
  );
  const notificationCount = bigNotifications + sizes.otherNotifications;
  await step(`${notificationCount.toLocaleString('en')} notifications over 400 days (40% posted)`, () =>
    client.query(
      `INSERT INTO notifications (establishment_id, text, in_feed, status, audience, batches_done, created_at, completed_at)
       SELECT establishment_id, 'Bench notification', random() < 0.4, 'done', audience, true, at, at + interval '1 minute'
       FROM (
         SELECT $1::uuid AS establishment_id, $3::int AS audience,
                now() - random() * interval '2 hours' - (i - 1) * (400.0 / $2) * interval '1 day' AS at
         FROM generate_series(1, $2::int) i
         UNION ALL
         SELECT e.id, $5::int, now() - random() * interval '400 days'
         FROM generate_series(1, $4::int) i
         JOIN establishments e ON e.public_id = 'bench-' || (2 + i % ($6::int - 1))
       ) n ORDER BY at`,
      [bigId, bigNotifications, bigDevices, sizes.otherNotifications, perOther, sizes.establishments],
    ),
  );

  await client.query(
    `CREATE TEMP TABLE big_notifications AS
     SELECT row_number() OVER (ORDER BY created_at) AS ord, id, created_at FROM notifications WHERE establishment_id = $1`,
    [bigId],
  );
  const perChunk = Math.max(1, Math.floor(DELIVERY_CHUNK / bigDevices));
  let delivered = 0;
  const deliveriesStarted = performance.now();
  for (let first = 1; first <= bigNotifications; first += perChunk) {
    const started = performance.now();
    const rows = await count(
      `INSERT INTO deliveries (notification_id, target_id, user_id, outcome, http_status, attempts, decided_at, received_at, clicked_at)
       SELECT notification_id, target_id, user_id, 'sent', 201, 1, at + interval '1 second',
              CASE WHEN r < 0.8 THEN at + r * interval '1 hour' END,
              CASE WHEN r < 0.1 THEN at + r * interval '3 hours' END
       FROM (SELECT n.id AS notification_id, n.created_at AS at, d.id AS target_id, d.user_id, random() AS r
             FROM big_notifications n CROSS JOIN big_devices d WHERE n.ord BETWEEN $1 AND $2) x`,
      [first, first + perChunk - 1],
    );
    delivered += rows;
    console.log(
      `    deliveries ${delivered.toLocaleString('en')} (${rows.toLocaleString('en')} in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  if (perOther > 0) {
    delivered += await count(
      `INSERT INTO deliveries (notification_id, target_id, user_id, outcome, http_status, attempts, decided_at, received_at, clicked_at)
       SELECT id, gen_random_uuid(), gen_random_uuid(), 'sent', 201, 1, at + interval '1 second',
              CASE WHEN r < 0.8 THEN at + r * interval '1 hour' END,
              CASE WHEN r < 0.1 THEN at + r * interval '3 hours' END
       FROM (SELECT n.id, n.created_at AS at, random() AS r
             FROM notifications n CROSS JOIN generate_series(1, $2::int) WHERE n.establishment_id <> $1) x`,
      [bigId, perOther],
    );
  }
  steps.push([
    `${delivered.toLocaleString('en')} deliveries (statements of ${(perChunk * bigDevices).toLocaleString('en')}, statement trigger)`,
    performance.now() - deliveriesStarted,
  ]);
  console.log(`  deliveries: ${((performance.now() - deliveriesStarted) / 1000).toFixed(1)} s`);

  // Page views: each visitor's first view in one statement, then a later view of most of them, as the
  // app writes them one by one (a row trigger counts a visitor when no other view of theirs that day
  // exists). In batches: the trigger takes an advisory lock per visitor until the transaction ends,
  // and a statement of 100,000 views runs out of lock table ("out of shared memory").
  const anonymous = Math.round(sizes.pageViews * 0.02);
  const firstViews = Math.round((sizes.pageViews - anonymous) * 0.6);
  const repeatShare = (sizes.pageViews - anonymous - firstViews) / firstViews;
  await step(
    `${sizes.pageViews.toLocaleString('en')} page views (row trigger, statements of ${PAGE_VIEW_BATCH})`,
    async () => {
      for (let first = 1; first <= firstViews; first += PAGE_VIEW_BATCH) {
        const last = Math.min(firstViews, first + PAGE_VIEW_BATCH - 1);
        await client.query(
          `INSERT INTO page_views (at, path, establishment_id, source, visitor_hash)
         SELECT at, '/' || e.public_id, e.id, source, md5('visitor' || g)
         FROM (SELECT g, now() - random() * interval '365 days' AS at,
                      (ARRAY['qr','qr','poster','share','share','direct','direct','direct'])[1 + floor(random() * 8)::int] AS source,
                      CASE WHEN g % 10 < 4 THEN 1 ELSE 2 + g % ($3::int - 1) END AS k
               FROM generate_series($1::int, $2::int) g) x
         JOIN establishments e ON e.public_id = 'bench-' || x.k
         ORDER BY at`,
          [first, last, sizes.establishments],
        );
        await client.query(
          `INSERT INTO page_views (at, path, establishment_id, source, visitor_hash)
         SELECT least(now(), at + random() * interval '20 minutes'), path, establishment_id, source, visitor_hash
         FROM page_views
         WHERE visitor_hash IN (SELECT md5('visitor' || g) FROM generate_series($1::int, $2::int) g)`,
          [first, first + Math.round((last - first + 1) * repeatShare) - 1],
        );
      }
      await client.query(
        `INSERT INTO page_views (at, path, source, visitor_hash)
       SELECT now() - random() * interval '365 days', '/feed', 'direct', md5('member' || g)
       FROM generate_series(1, $1::int) g`,
        [anonymous],
      );
    },
  );

  await client.query('DROP TABLE bench_plan, big_devices, big_notifications');
  await step('VACUUM ANALYZE', () => client.query('VACUUM ANALYZE'));
  return { bigId, steps, deliveries: delivered, notifications: notificationCount };
}
