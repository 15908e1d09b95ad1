import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_REPORT_ID } from '../../src/server/db/schema/reports';
import { VISIT_SOURCES } from '../../src/shared/schemas/report-sources';
import { setupRouteFixture } from '../support/route-fixture';

/**
 * The rollups against the raw rows they summarize (DESIGN.md, "Reports and analytics"): a seeded
 * random history of every kind of event the triggers count, across establishments in three time
 * zones and days either side of their midnights, including the awkward ones (unfollows, accounts
 * deleted, verification undone, a device moving to another account, a follower becoming a client),
 * then every figure recomputed from the raw tables. Written with SQL because it backdates events,
 * which the API cannot; the API's own figures are tested through HTTP in modules/reports.
 */

const ZONES = ['Europe/Bratislava', 'America/New_York', 'Pacific/Kiritimati'];

/** A small deterministic generator (mulberry32), so a failure replays the same history. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fixture = setupRouteFixture({ admin: false });
const sql = async (text: string, values?: unknown[]) =>
  (await fixture.t.ctx.database.sql.executeSql(text, values)).rows as Record<string, unknown>[];

/** An instant `hoursAgo` hours before now, give or take minutes: histories straddle local midnights. */
const ago = (next: () => number, maxHours: number) =>
  new Date(Date.now() - Math.floor(next() * maxHours * 3600_000)).toISOString();

async function playHistory(seed: number) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const establishments: string[] = [];
  for (const [i, zone] of ZONES.entries()) {
    const [row] = await sql(
      `INSERT INTO establishments (public_id, name, time_zone) VALUES ($1, $2, $3) RETURNING id`,
      [`rollup-${seed}-${i}`, `Rollup ${i}`, zone],
    );
    establishments.push(row!.id as string);
  }
  const users: string[] = [];
  for (let i = 0; i < 40; i++) {
    // Every eighth a guest follower: no email, nothing to confirm.
    const guest = i % 8 === 0;
    const [row] = await sql(
      `INSERT INTO users (email, password_hash, first_name, last_name, email_verified, guest)
       VALUES ($1, 'x', 'F', 'L', $2, $3) RETURNING id`,
      [guest ? '' : `rollup-${seed}-${i}@example.test`, guest || next() < 0.5, guest],
    );
    users.push(row!.id as string);
  }
  // Follows at times over the last 3 days, by any source; some users follow several.
  for (const user of users) {
    for (const establishment of establishments) {
      if (next() < 0.6) {
        await sql(
          `INSERT INTO memberships (user_id, establishment_id, kind, source, created_at) VALUES ($1, $2, 'customer', $3, $4)`,
          [user, establishment, pick(VISIT_SOURCES), ago(next, 72)],
        );
      }
    }
  }
  // Devices, some moving between accounts or removed.
  const subscriptions: string[] = [];
  for (let i = 0; i < 50; i++) {
    const [row] = await sql(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, 'k', 'a') RETURNING id`,
      [pick(users), `https://push.test/${seed}/${i}`],
    );
    subscriptions.push(row!.id as string);
  }
  // Notifications backdated over 3 days with their deliveries in batches, then receipts and clicks.
  const notifications: string[] = [];
  for (let i = 0; i < 30; i++) {
    const [notification] = await sql(
      `INSERT INTO notifications (establishment_id, text, in_feed, created_at) VALUES ($1, 'Hi', $2, $3) RETURNING id`,
      [pick(establishments), next() < 0.5, ago(next, 72)],
    );
    notifications.push(notification!.id as string);
    const targets = subscriptions.filter(() => next() < 0.4);
    if (targets.length === 0) continue;
    await sql(
      `INSERT INTO deliveries (notification_id, target_id, user_id, received_at)
       SELECT $1, s.id, s.user_id, CASE WHEN random() < 0.3 THEN now() END FROM push_subscriptions s WHERE s.id = ANY($2::uuid[])`,
      [notification!.id, targets],
    );
    for (const target of targets) {
      const roll = next();
      if (roll < 0.5) {
        await sql(
          `UPDATE deliveries SET received_at = COALESCE(received_at, now()),
                  clicked_at = CASE WHEN $3 THEN COALESCE(clicked_at, now()) ELSE clicked_at END
           WHERE notification_id = $1 AND target_id = $2`,
          [notification!.id, target, roll < 0.15],
        );
      }
    }
    // Emailed followers (the email channel: the target is the user), a few of them clicking Open;
    // picked by position, not by the seeded generator, whose sequence the rest of the history follows.
    const emailed = users.filter((_, k) => (k + i) % 5 === 0);
    if (emailed.length > 0) {
      await sql(
        `INSERT INTO deliveries (notification_id, target_id, user_id, channel)
         SELECT $1, u, u, 'email' FROM unnest($2::uuid[]) AS u ON CONFLICT DO NOTHING`,
        [notification!.id, emailed],
      );
      await sql(
        `UPDATE deliveries SET clicked_at = now()
          WHERE notification_id = $1 AND channel = 'email' AND target_id = ANY($2::uuid[])`,
        [notification!.id, emailed.filter((_, k) => k % 3 === 0)],
      );
    }
  }
  // Public page views, the same visitor coming back sometimes.
  for (let i = 0; i < 120; i++) {
    await sql(
      `INSERT INTO page_views (path, establishment_id, source, visitor_hash, at) VALUES ('/x', $1, $2, $3, $4)`,
      [pick(establishments), pick(VISIT_SOURCES), `visitor-${Math.floor(next() * 30)}`, ago(next, 72)],
    );
  }
  // Reactions and comments backdated over 3 days; a reaction changed (its day stays), taken
  // back, made again; a comment removed, put back, deleted for good. Deleted accounts take theirs.
  // Their own generator: the rest of the history stays what it was.
  const more = random(seed + 1_000);
  const choose = <T>(items: readonly T[]) => items[Math.floor(more() * items.length)]!;
  const kinds = ['like', 'love', 'laugh', 'wow', 'sad', 'celebrate'];
  const comments: string[] = [];
  for (let i = 0; i < 80; i++) {
    const [notification, user, at] = [choose(notifications), choose(users), ago(more, 72)];
    const roll = more();
    if (roll < 0.45) {
      await sql(
        `INSERT INTO post_reactions (notification_id, user_id, kind, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (notification_id, user_id) DO UPDATE SET kind = excluded.kind`,
        [notification, user, choose(kinds), at],
      );
    } else if (roll < 0.55) {
      await sql(`DELETE FROM post_reactions WHERE notification_id = $1 AND user_id = $2`, [
        notification,
        user,
      ]);
    } else if (roll < 0.85 || comments.length === 0) {
      const [row] = await sql(
        `INSERT INTO post_comments (notification_id, author_id, text, created_at) VALUES ($1, $2, 'Nice', $3) RETURNING id`,
        [notification, user, at],
      );
      comments.push(row!.id as string);
    } else if (roll < 0.93) {
      await sql(
        `UPDATE post_comments SET deleted_at = CASE WHEN deleted_at IS NULL THEN now() END, deleted_by_id = author_id WHERE id = $1`,
        [choose(comments)],
      );
    } else {
      await sql(`DELETE FROM post_comments WHERE id = $1`, [choose(comments)]);
    }
  }
  // Email on and off: consent given and taken back, addresses bouncing and cleared,
  // choices changed, before the awkward changes below. Their own generator, like reactions'.
  const mail = random(seed + 2_000);
  const anyOf = <T>(items: readonly T[]) => items[Math.floor(mail() * items.length)]!;
  for (let i = 0; i < 60; i++) {
    const roll = mail();
    const user = anyOf(users);
    if (roll < 0.4) {
      await sql(`UPDATE users SET marketing_consent = NOT marketing_consent WHERE id = $1`, [user]);
    } else if (roll < 0.55) {
      await sql(
        `UPDATE users SET email_bounced_at = CASE WHEN email_bounced_at IS NULL THEN now() END WHERE id = $1`,
        [user],
      );
    } else {
      await sql(`UPDATE memberships SET notify = $3 WHERE user_id = $1 AND establishment_id = $2`, [
        user,
        anyOf(establishments),
        anyOf(['auto', 'phone', 'email', 'both', 'feed']),
      ]);
    }
  }
  // Then the awkward changes.
  for (let i = 0; i < 25; i++) {
    const roll = next();
    const user = pick(users);
    if (roll < 0.2) {
      await sql(`UPDATE users SET email_verified = NOT email_verified WHERE id = $1`, [user]);
    } else if (roll < 0.35) {
      await sql(`DELETE FROM memberships WHERE user_id = $1 AND establishment_id = $2`, [
        user,
        pick(establishments),
      ]);
    } else if (roll < 0.45) {
      await sql(`UPDATE memberships SET kind = 'client' WHERE user_id = $1 AND establishment_id = $2`, [
        user,
        pick(establishments),
      ]);
    } else if (roll < 0.53) {
      await sql(`UPDATE push_subscriptions SET user_id = $1 WHERE id = $2`, [user, pick(subscriptions)]);
    } else if (roll < 0.6) {
      // Skipped as stale, or back after a receipt: push on only while live.
      await sql(
        `UPDATE push_subscriptions SET stale_since = CASE WHEN stale_since IS NULL THEN now() END WHERE id = $1`,
        [pick(subscriptions)],
      );
    } else if (roll < 0.75) {
      await sql(`DELETE FROM push_subscriptions WHERE id = $1`, [pick(subscriptions)]);
    } else if (roll < 0.85) {
      await sql(`DELETE FROM users WHERE id = $1`, [user]);
    } else {
      await sql(
        `INSERT INTO memberships (user_id, establishment_id, kind, source) VALUES ($1, $2, 'customer', $3) ON CONFLICT DO NOTHING`,
        [user, pick(establishments), pick(VISIT_SOURCES)],
      );
    }
  }
}

/** Rows of `query` as "key => value" strings, so a mismatch shows which day or source differs. */
async function figures(query: string): Promise<string[]> {
  const rows = await sql(query);
  return rows.map((row) => JSON.stringify(row)).sort();
}

const localDay = (column: string) =>
  `(${column} AT TIME ZONE (SELECT time_zone FROM establishments WHERE id = n.establishment_id))::date::text`;

describe('report rollups', () => {
  beforeAll(async () => {
    await playHistory(1);
    await playHistory(2);
  }, 120_000);

  it("count each local day's sends, posts, devices, emails, receipts and clicks exactly as the raw rows do", async () => {
    const rolled = await figures(`
      SELECT establishment_id::text AS e, day::text AS day, sum(notifications)::int AS notifications,
             sum(posts)::int AS posts, sum(devices)::int AS devices, sum(reach)::int AS reach,
             sum(clicks)::int AS clicks, sum(emails)::int AS emails, sum(email_clicks)::int AS email_clicks
      FROM report_daily WHERE establishment_id <> '${PLATFORM_REPORT_ID}'
      GROUP BY 1, 2 HAVING sum(notifications) + sum(devices) + sum(emails) > 0`);
    const raw = await figures(`
      SELECT n.establishment_id::text AS e, ${localDay('n.created_at')} AS day,
             count(DISTINCT n.id)::int AS notifications,
             count(DISTINCT n.id) FILTER (WHERE n.in_feed)::int AS posts,
             count(d.notification_id) FILTER (WHERE d.channel = 'push')::int AS devices,
             count(d.received_at) FILTER (WHERE d.channel = 'push')::int AS reach,
             count(d.clicked_at) FILTER (WHERE d.channel = 'push')::int AS clicks,
             count(d.notification_id) FILTER (WHERE d.channel = 'email')::int AS emails,
             count(d.clicked_at) FILTER (WHERE d.channel = 'email')::int AS email_clicks
      FROM notifications n LEFT JOIN deliveries d ON d.notification_id = n.id
      GROUP BY 1, 2`);
    expect(rolled.length).toBeGreaterThan(3);
    expect(rolled).toEqual(raw);
  });

  it('count reactions still standing and comments not removed on the local day they were made', async () => {
    const rolled = await figures(`
      SELECT establishment_id::text AS e, day::text AS day, sum(reactions)::int AS reactions,
             sum(comments)::int AS comments
      FROM report_daily WHERE establishment_id <> '${PLATFORM_REPORT_ID}'
      GROUP BY 1, 2 HAVING sum(reactions) <> 0 OR sum(comments) <> 0`);
    const raw = await figures(`
      SELECT e, day, sum(reactions)::int AS reactions, sum(comments)::int AS comments FROM (
        SELECT n.establishment_id::text AS e, ${localDay('r.created_at')} AS day, 1 AS reactions, 0 AS comments
        FROM post_reactions r JOIN notifications n ON n.id = r.notification_id
        UNION ALL
        SELECT n.establishment_id::text, ${localDay('c.created_at')}, 0, 1
        FROM post_comments c JOIN notifications n ON n.id = c.notification_id WHERE c.deleted_at IS NULL
      ) x GROUP BY 1, 2`);
    expect(rolled.length).toBeGreaterThan(3);
    expect(rolled).toEqual(raw);
  });

  it('keep followers now (a confirmed email) and those waiting for confirmation, through verifications, unfollows, role changes and deleted accounts', async () => {
    // follows - unfollows: everyone who follows; confirmed: the followers; the rest wait for the link.
    const rolled = await figures(`
      SELECT establishment_id::text AS e, sum(follows - unfollows)::int AS follows,
             sum(confirmed)::int AS followers, sum(follows - unfollows - confirmed)::int AS waiting
      FROM report_daily WHERE establishment_id <> '${PLATFORM_REPORT_ID}' GROUP BY 1`);
    const raw = await figures(`
      SELECT e.id::text AS e, count(m.user_id)::int AS follows,
             count(m.user_id) FILTER (WHERE u.email_verified)::int AS followers,
             count(m.user_id) FILTER (WHERE NOT u.email_verified)::int AS waiting
      FROM establishments e
      LEFT JOIN memberships m ON m.establishment_id = e.id AND m.kind = 'customer'
      LEFT JOIN users u ON u.id = m.user_id
      WHERE e.deleted_at IS NULL
      GROUP BY 1`);
    expect(rolled).toEqual(raw);
  });

  it('keep each cohort of the funnel (followers by day and source, verified, guests, devices, email on) as the raw rows are now', async () => {
    const rolled = await figures(`
      SELECT establishment_id::text AS e, day::text AS day, source, sum(followers)::int AS followers,
             sum(verified)::int AS verified, sum(guests)::int AS guests, sum(push_devices)::int AS push_devices,
             sum(email_on)::int AS email_on
      FROM report_funnel_daily WHERE establishment_id <> '${PLATFORM_REPORT_ID}'
      GROUP BY 1, 2, 3
      HAVING sum(followers) <> 0 OR sum(verified) <> 0 OR sum(guests) <> 0 OR sum(push_devices) <> 0 OR sum(email_on) <> 0`);
    const raw = await figures(`
      SELECT n.establishment_id::text AS e, ${localDay('n.created_at')} AS day, n.source,
             count(*)::int AS followers, count(*) FILTER (WHERE u.email_verified AND NOT u.guest)::int AS verified,
             count(*) FILTER (WHERE u.guest)::int AS guests,
             coalesce(sum((SELECT count(*) FROM push_subscriptions s
                            WHERE s.user_id = n.user_id AND s.stale_since IS NULL)), 0)::int AS push_devices,
             count(*) FILTER (WHERE u.marketing_consent AND u.email_bounced_at IS NULL
                                AND n.notify IN ('auto', 'email', 'both'))::int AS email_on
      FROM memberships n JOIN users u ON u.id = n.user_id
      WHERE n.kind = 'customer'
      GROUP BY 1, 2, 3`);
    expect(rolled.length).toBeGreaterThan(3);
    expect(rolled).toEqual(raw);
  });

  it('count page views and distinct visitors by local day and source', async () => {
    const rolled = await figures(`
      SELECT establishment_id::text AS e, day::text AS day, source, sum(views)::int AS views
      FROM report_funnel_daily WHERE establishment_id <> '${PLATFORM_REPORT_ID}'
      GROUP BY 1, 2, 3 HAVING sum(views) > 0`);
    const raw = await figures(`
      SELECT n.establishment_id::text AS e, ${localDay('n.at')} AS day, n.source, count(*)::int AS views
      FROM page_views n WHERE n.establishment_id IS NOT NULL GROUP BY 1, 2, 3`);
    expect(rolled).toEqual(raw);
    // A visitor counts once per establishment and local day: on their first view of the day.
    const [visitors] = await sql(`
      SELECT (SELECT sum(visitors)::int FROM report_funnel_daily WHERE establishment_id <> '${PLATFORM_REPORT_ID}') AS rolled,
             (SELECT count(DISTINCT (n.visitor_hash, n.establishment_id, ${localDay('n.at')}))::int
              FROM page_views n WHERE n.establishment_id IS NOT NULL) AS raw`);
    expect(visitors!.rolled).toBe(visitors!.raw);
  });

  it("keep the platform's rows as the sum of the establishments' rows, day by day", async () => {
    const columns =
      'notifications, posts, devices, reach, clicks, follows, unfollows, reactions, comments, emails, email_clicks, confirmed, automated, automated_clicks'
        .split(', ')
        .map((c) => `sum(${c})::int AS ${c}`)
        .join(', ');
    const platform = await figures(
      `SELECT day::text AS day, ${columns} FROM report_daily WHERE establishment_id = '${PLATFORM_REPORT_ID}' GROUP BY 1`,
    );
    const summed = await figures(
      `SELECT day::text AS day, ${columns} FROM report_daily WHERE establishment_id <> '${PLATFORM_REPORT_ID}' GROUP BY 1`,
    );
    expect(platform).toEqual(summed);
    const funnelColumns = 'views, visitors, followers, verified, push_devices, email_on, guests'
      .split(', ')
      .map((c) => `sum(${c})::int AS ${c}`)
      .join(', ');
    const platformFunnel = await figures(
      `SELECT day::text AS day, source, ${funnelColumns} FROM report_funnel_daily WHERE establishment_id = '${PLATFORM_REPORT_ID}' GROUP BY 1, 2`,
    );
    const summedFunnel = await figures(
      `SELECT day::text AS day, source, ${funnelColumns} FROM report_funnel_daily WHERE establishment_id <> '${PLATFORM_REPORT_ID}' GROUP BY 1, 2`,
    );
    expect(platformFunnel).toEqual(summedFunnel);
  });

  it('lose no count when many receipts and follows for one establishment arrive at once', {
    tags: ['postgres'],
  }, async () => {
    const [establishment] = await sql(
      `INSERT INTO establishments (public_id, name, time_zone) VALUES ('rollup-busy', 'Busy', 'UTC') RETURNING id`,
    );
    const [user] = await sql(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ('busy@example.test', 'x', 'B', 'U') RETURNING id`,
    );
    const [notification] = await sql(
      `INSERT INTO notifications (establishment_id, text, in_feed) VALUES ($1, 'Hi', false) RETURNING id`,
      [establishment!.id],
    );
    await sql(
      `INSERT INTO deliveries (notification_id, target_id, user_id)
       SELECT $1, gen_random_uuid(), $2 FROM generate_series(1, 200)`,
      [notification!.id, user!.id],
    );
    const targets = await sql(`SELECT target_id FROM deliveries WHERE notification_id = $1`, [
      notification!.id,
    ]);
    // On PostgreSQL these run on the pool's connections at once (on PGlite, one after another).
    await Promise.all([
      ...targets.map((t) =>
        sql(`UPDATE deliveries SET received_at = now() WHERE notification_id = $1 AND target_id = $2`, [
          notification!.id,
          t.target_id,
        ]),
      ),
      ...Array.from({ length: 50 }, async (_, i) => {
        const [follower] = await sql(
          `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, 'x', 'F', 'L') RETURNING id`,
          [`busy-${i}@example.test`],
        );
        await sql(`INSERT INTO memberships (user_id, establishment_id, kind) VALUES ($1, $2, 'customer')`, [
          follower!.id,
          establishment!.id,
        ]);
      }),
    ]);
    const [row] = await sql(
      `SELECT sum(devices)::int AS devices, sum(reach)::int AS reach, sum(follows)::int AS follows
       FROM report_daily WHERE establishment_id = $1`,
      [establishment!.id],
    );
    expect(row).toEqual({ devices: 200, reach: 200, follows: 50 });
  });
});
