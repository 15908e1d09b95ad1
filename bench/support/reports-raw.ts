import type pg from 'pg';
import { VISIT_SOURCES } from '../../src/shared/schemas/report-sources';

/**
 * The reports' figures counted straight from the raw tables, in the definitions of the rollups
 * (migration 0009), to check them and to time the alternative. A day is the event's local date in
 * its own establishment's time zone; a scope is one establishment, or null for all of them.
 */

/** Local days, both included, as ISO dates. */
export interface DayRange {
  from: string;
  to: string;
}

export const DASHBOARD_METRICS = [
  'notificationsSent',
  'posts',
  'devices',
  'reach',
  'clicks',
  'users',
  'waiting',
  'follows',
  'unfollows',
  'reactions',
  'comments',
] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];
export type Figures = Record<DashboardMetric, number>;

export const FUNNEL_METRICS = [
  'views',
  'visitors',
  'followers',
  'verified',
  'pushDevices',
  'emailOn',
] as const;
export type FunnelMetric = (typeof FUNNEL_METRICS)[number];
export type FunnelRow = Record<FunnelMetric, number>;

export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The dashboard's periods ending on local day `d`, each with the period of the same length before it. */
export function dashboardPeriods(d: string) {
  const span = (from: number, to: number): DayRange => ({ from: addDays(d, from), to: addDays(d, to) });
  return {
    today: { current: span(0, 0), previous: span(-1, -1) },
    yesterday: { current: span(-1, -1), previous: span(-2, -2) },
    last30Days: { current: span(-29, 0), previous: span(-59, -30) },
    lastYear: { current: span(-364, 0), previous: span(-729, -365) },
  };
}

/** Today's local date of an establishment, or of the platform's time zone. */
export async function localToday(client: pg.Client, establishmentId: string | null, platformZone: string) {
  const { rows } = establishmentId
    ? await client.query<{ d: string }>(
        'SELECT (now() AT TIME ZONE time_zone)::date::text AS d FROM establishments WHERE id = $1',
        [establishmentId],
      )
    : await client.query<{ d: string }>('SELECT (now() AT TIME ZONE $1)::date::text AS d', [platformZone]);
  return rows[0]!.d;
}

// Dates are ours (ISO strings built above), safe to inline; a literal lets each FILTER be planned.
const between = (range: DayRange) => `day BETWEEN '${range.from}'::date AND '${range.to}'::date`;
const scopeOf = (column: string, establishmentId: string | null) =>
  establishmentId ? `${column} = $1` : `$1::uuid IS NULL`;

/**
 * The dashboard's figures for each range, in three passes (notifications, their deliveries, follows),
 * each counted per local day first (a day's expression is evaluated once per row, not once per range):
 * sends and posts by the day they were sent; devices, reach and clicks as deliveries of the range's
 * notifications; follows made in the range; users = follows of people with a confirmed email made up
 * to the range's last day and waiting = the others (the benchmark has no unfollows and no later
 * confirmations, and a deleted follow leaves no row to count, so raw unfollows are 0);
 * reactions standing and comments not removed, by the day they were made.
 */
export async function rawDashboardFigures(
  client: pg.Client,
  establishmentId: string | null,
  ranges: DayRange[],
): Promise<Figures[]> {
  const params = [establishmentId];
  const earliest = ranges.reduce((min, r) => (r.from < min ? r.from : min), ranges[0]!.from);
  const latest = ranges.reduce((max, r) => (r.to > max ? r.to : max), ranges[0]!.to);
  const sums = (columns: (r: DayRange, i: number) => string[]) => ranges.flatMap(columns).join(', ');
  const sent = `sent AS MATERIALIZED (
      SELECT id, in_feed, day FROM (
        SELECT n.id, n.in_feed, (n.created_at AT TIME ZONE e.time_zone)::date AS day
        FROM notifications n JOIN establishments e ON e.id = n.establishment_id
        WHERE ${scopeOf('n.establishment_id', establishmentId)}) x
      WHERE ${between({ from: earliest, to: latest })})`;
  const notifications = await client.query(
    `WITH ${sent}, daily AS (SELECT day, count(*) AS sent, count(*) FILTER (WHERE in_feed) AS posts FROM sent GROUP BY day)
     SELECT ${sums((r, i) => [`sum(sent) FILTER (WHERE ${between(r)}) AS n${i}`, `sum(posts) FILTER (WHERE ${between(r)}) AS p${i}`])}
     FROM daily`,
    params,
  );
  const deliveries = await client.query(
    `WITH ${sent}, daily AS (
       SELECT s.day, count(*) AS devices, count(d.received_at) AS reach, count(d.clicked_at) AS clicks
       FROM sent s JOIN deliveries d ON d.notification_id = s.id GROUP BY s.day)
     SELECT ${sums((r, i) => [
       `sum(devices) FILTER (WHERE ${between(r)}) AS d${i}`,
       `sum(reach) FILTER (WHERE ${between(r)}) AS r${i}`,
       `sum(clicks) FILTER (WHERE ${between(r)}) AS c${i}`,
     ])}
     FROM daily`,
    params,
  );
  const follows = await client.query(
    `WITH daily AS (
       SELECT day, count(*) AS follows, count(*) FILTER (WHERE verified) AS confirmed
       FROM (SELECT (m.created_at AT TIME ZONE e.time_zone)::date AS day, u.email_verified AS verified
             FROM memberships m JOIN establishments e ON e.id = m.establishment_id
             JOIN users u ON u.id = m.user_id
             WHERE m.kind = 'customer' AND ${scopeOf('m.establishment_id', establishmentId)}) x
       GROUP BY day)
     SELECT ${sums((r, i) => [
       `sum(follows) FILTER (WHERE ${between(r)}) AS f${i}`,
       `sum(confirmed) FILTER (WHERE day <= '${r.to}'::date) AS u${i}`,
       `sum(follows - confirmed) FILTER (WHERE day <= '${r.to}'::date) AS w${i}`,
     ])}
     FROM daily`,
    params,
  );
  const engagement = await client.query(
    `WITH daily AS (
       SELECT day, sum(reactions) AS reactions, sum(comments) AS comments
       FROM (SELECT (r.created_at AT TIME ZONE e.time_zone)::date AS day, 1 AS reactions, 0 AS comments
             FROM post_reactions r JOIN notifications n ON n.id = r.notification_id
             JOIN establishments e ON e.id = n.establishment_id
             WHERE ${scopeOf('n.establishment_id', establishmentId)}
             UNION ALL
             SELECT (c.created_at AT TIME ZONE e.time_zone)::date, 0, 1
             FROM post_comments c JOIN notifications n ON n.id = c.notification_id
             JOIN establishments e ON e.id = n.establishment_id
             WHERE c.deleted_at IS NULL AND ${scopeOf('n.establishment_id', establishmentId)}) x
       GROUP BY day)
     SELECT ${sums((r, i) => [
       `sum(reactions) FILTER (WHERE ${between(r)}) AS x${i}`,
       `sum(comments) FILTER (WHERE ${between(r)}) AS k${i}`,
     ])}
     FROM daily`,
    params,
  );
  const [n, d, f, g] = [notifications.rows[0], deliveries.rows[0], follows.rows[0], engagement.rows[0]];
  return ranges.map((_, i) => ({
    notificationsSent: Number(n[`n${i}`] ?? 0),
    posts: Number(n[`p${i}`] ?? 0),
    devices: Number(d[`d${i}`] ?? 0),
    reach: Number(d[`r${i}`] ?? 0),
    clicks: Number(d[`c${i}`] ?? 0),
    users: Number(f[`u${i}`] ?? 0),
    waiting: Number(f[`w${i}`] ?? 0),
    follows: Number(f[`f${i}`] ?? 0),
    unfollows: 0,
    reactions: Number(g[`x${i}`] ?? 0),
    comments: Number(g[`k${i}`] ?? 0),
  }));
}

/**
 * The follower funnel over a range, by source: page views of the range; visitors, each counted once per
 * establishment and local day (the trigger's rule), by the source of their first view that day; the people
 * who followed in the range by their follow's source, how many are verified, and their push devices.
 */
export async function rawFunnel(client: pg.Client, establishmentId: string | null, range: DayRange) {
  const params = [establishmentId];
  const views = await client.query<{ source: string; n: string }>(
    `SELECT source, count(*) AS n
     FROM (SELECT pv.source, (pv.at AT TIME ZONE e.time_zone)::date AS day
           FROM page_views pv JOIN establishments e ON e.id = pv.establishment_id
           WHERE ${scopeOf('pv.establishment_id', establishmentId)}) x
     WHERE ${between(range)} GROUP BY source`,
    params,
  );
  const visitors = await client.query<{ source: string; n: string }>(
    `SELECT source, count(*) AS n
     FROM (SELECT DISTINCT ON (visitor_hash, establishment_id, day) source, day
           FROM (SELECT pv.visitor_hash, pv.establishment_id, pv.at, pv.source,
                        (pv.at AT TIME ZONE e.time_zone)::date AS day
                 FROM page_views pv JOIN establishments e ON e.id = pv.establishment_id
                 WHERE ${scopeOf('pv.establishment_id', establishmentId)}) x
           WHERE ${between(range)}
           ORDER BY visitor_hash, establishment_id, day, at) first_views
     GROUP BY source`,
    params,
  );
  const followers = await client.query<{
    source: string;
    followers: string;
    verified: string;
    push: string;
    email: string;
  }>(
    `SELECT source, count(*) AS followers, count(*) FILTER (WHERE verified) AS verified,
            coalesce(sum(devices), 0) AS push, count(*) FILTER (WHERE email_on) AS email
     FROM (SELECT m.source, u.email_verified AS verified, (m.created_at AT TIME ZONE e.time_zone)::date AS day,
                  u.marketing_consent AND u.email_bounced_at IS NULL
                    AND m.notify IN ('auto', 'email', 'both') AS email_on,
                  (SELECT count(*) FROM push_subscriptions s WHERE s.user_id = m.user_id AND s.stale_since IS NULL) AS devices
           FROM memberships m JOIN users u ON u.id = m.user_id JOIN establishments e ON e.id = m.establishment_id
           WHERE m.kind = 'customer' AND ${scopeOf('m.establishment_id', establishmentId)}) x
     WHERE ${between(range)} GROUP BY source`,
    params,
  );
  const bySource = new Map<string, FunnelRow>(
    VISIT_SOURCES.map((s) => [
      s,
      { views: 0, visitors: 0, followers: 0, verified: 0, pushDevices: 0, emailOn: 0 },
    ]),
  );
  for (const r of views.rows) bySource.get(r.source)!.views = Number(r.n);
  for (const r of visitors.rows) bySource.get(r.source)!.visitors = Number(r.n);
  for (const r of followers.rows) {
    Object.assign(bySource.get(r.source)!, {
      followers: Number(r.followers),
      verified: Number(r.verified),
      pushDevices: Number(r.push),
      emailOn: Number(r.email),
    });
  }
  const total = { views: 0, visitors: 0, followers: 0, verified: 0, pushDevices: 0, emailOn: 0 };
  for (const row of bySource.values()) for (const m of FUNNEL_METRICS) total[m] += row[m];
  return { bySource, total };
}
