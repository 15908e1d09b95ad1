import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments, reportDaily, reportFunnelDaily } from '../../db/schema';
import type { DayRange, SeriesGranularity } from './report-periods';

/*
 * The dashboard reads the rollups (report_daily, report_funnel_daily) only, and only through their
 * primary key (establishment_id, day, ...): one establishment's (or the platform's) rows up to the
 * last day asked about, a few thousand at most (days x shards), however many deliveries and
 * followers there are behind them. Shards are summed here.
 */

/**
 * The sums of report_daily over a range; `users` is the followers (a confirmed email) at its end and
 * `waiting` those who followed and were still waiting for email confirmation then.
 */
export interface DailyFigures {
  notifications: number;
  posts: number;
  devices: number;
  reach: number;
  clicks: number;
  emails: number;
  emailClicks: number;
  follows: number;
  unfollows: number;
  /** Reactions and comments on the scope's posts, on the day they were made (issue 16). */
  reactions: number;
  comments: number;
  users: number;
  waiting: number;
}

/** One point of a chart: a day or a month (its first day). */
export interface SeriesRow extends DailyFigures {
  bucket: string;
}

export interface FunnelRow {
  source: string;
  views: number;
  visitors: number;
  followers: number;
  verified: number;
  pushDevices: number;
  emailOn: number;
}

const COUNTERS = [
  'notifications',
  'posts',
  'devices',
  'reach',
  'clicks',
  'follows',
  'unfollows',
  'reactions',
  'comments',
  'emails',
  'email_clicks',
] as const;

/** Sums come back as bigint: a string from node-postgres, a number or bigint from PGlite, null over no rows. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const day = (value: string) => sql`${value}::date`;

/** The establishment as the reports need it (no follower counts: those come from the rollups). */
export async function findReportEstablishment(db: Db, id: string) {
  const [row] = await db.select().from(establishments).where(eq(establishments.id, id));
  return row;
}

/**
 * The figures of each range for one scope (an establishment id or PLATFORM_REPORT_ID), in one query:
 * the scope's rows up to the latest end, summed over shards per day (days before the earliest start
 * folded into one: they only count for the followers), then one SUM(...) FILTER per counter and
 * range, and at each range's end the followers (the balance of confirmed followers gained and lost up
 * to it) and those waiting (the balance of follows and unfollows, less the followers).
 * Per-day sums fit an integer, so the outer sums stay bigint rather than numeric (several times faster).
 */
export async function sumRanges(db: Db, scopeId: string, ranges: DayRange[]): Promise<DailyFigures[]> {
  if (ranges.length === 0) return [];
  const lastDay = ranges.reduce((last, range) => (range.to > last ? range.to : last), ranges[0]!.to);
  const firstDay = ranges.reduce(
    (first, range) => (range.from < first ? range.from : first),
    ranges[0]!.from,
  );
  const dayOf = sql.identifier('day');
  const columns = ranges.flatMap((range, i) => {
    const within = sql`${dayOf} BETWEEN ${day(range.from)} AND ${day(range.to)}`;
    return [
      ...COUNTERS.map(
        (counter) =>
          sql`sum(${sql.identifier(counter)}) FILTER (WHERE ${within}) AS ${sql.identifier(`${counter}_${i}`)}`,
      ),
      sql`sum(confirmed) FILTER (WHERE ${dayOf} <= ${day(range.to)}) AS ${sql.identifier(`users_${i}`)}`,
      sql`sum(follows - unfollows - confirmed) FILTER (WHERE ${dayOf} <= ${day(range.to)}) AS ${sql.identifier(`waiting_${i}`)}`,
    ];
  });
  const daily = [...COUNTERS, 'confirmed'].map(
    (counter) => sql`sum(${sql.identifier(counter)})::int AS ${sql.identifier(counter)}`,
  );
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT ${sql.join(columns, sql`, `)}
        FROM (
          SELECT greatest(${reportDaily.day}, ${day(firstDay)} - 1) AS day, ${sql.join(daily, sql`, `)}
          FROM ${reportDaily}
          WHERE ${reportDaily.establishmentId} = ${scopeId} AND ${reportDaily.day} <= ${day(lastDay)}
          GROUP BY 1
        ) AS days`,
  );
  return ranges.map((_, i) => ({
    notifications: num(row?.[`notifications_${i}`]),
    posts: num(row?.[`posts_${i}`]),
    devices: num(row?.[`devices_${i}`]),
    reach: num(row?.[`reach_${i}`]),
    clicks: num(row?.[`clicks_${i}`]),
    emails: num(row?.[`emails_${i}`]),
    emailClicks: num(row?.[`email_clicks_${i}`]),
    follows: num(row?.[`follows_${i}`]),
    unfollows: num(row?.[`unfollows_${i}`]),
    reactions: num(row?.[`reactions_${i}`]),
    comments: num(row?.[`comments_${i}`]),
    users: num(row?.[`users_${i}`]),
    waiting: num(row?.[`waiting_${i}`]),
  }));
}

/**
 * The range's figures per day or month, for the buckets that have rows, with `users` the followers
 * and `waiting` those waiting for email confirmation at each bucket's end: everything before the
 * range is folded into one leading row (bucket NULL) so the running balances start from what the
 * scope had then. That row is not returned; `before` is its balances, for the buckets that have no row.
 */
export async function sumSeries(
  db: Db,
  scopeId: string,
  range: DayRange,
  granularity: SeriesGranularity,
): Promise<{ before: { users: number; waiting: number }; rows: SeriesRow[] }> {
  const bucketOf =
    granularity === 'day' ? sql`${reportDaily.day}` : sql`date_trunc('month', ${reportDaily.day})::date`;
  const sums = COUNTERS.map((counter) => sql`sum(${sql.identifier(counter)}) AS ${sql.identifier(counter)}`);
  const totals = COUNTERS.map((counter) => sql.identifier(counter));
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`WITH buckets AS (
          SELECT CASE WHEN ${reportDaily.day} < ${day(range.from)} THEN NULL ELSE ${bucketOf} END AS bucket,
                 ${sql.join(sums, sql`, `)}, sum(confirmed) AS net_confirmed,
                 sum(follows - unfollows - confirmed) AS net_waiting
          FROM ${reportDaily}
          WHERE ${reportDaily.establishmentId} = ${scopeId} AND ${reportDaily.day} <= ${day(range.to)}
          GROUP BY 1
        )
        SELECT bucket::text AS bucket, ${sql.join(totals, sql`, `)},
               sum(net_confirmed) OVER (ORDER BY bucket NULLS FIRST) AS users,
               sum(net_waiting) OVER (ORDER BY bucket NULLS FIRST) AS waiting
        FROM buckets ORDER BY bucket NULLS FIRST`,
  );
  const before = { users: 0, waiting: 0 };
  const points: SeriesRow[] = [];
  for (const row of rows) {
    if (row.bucket === null) {
      before.users = num(row.users);
      before.waiting = num(row.waiting);
      continue;
    }
    points.push({
      bucket: String(row.bucket),
      notifications: num(row.notifications),
      posts: num(row.posts),
      devices: num(row.devices),
      reach: num(row.reach),
      clicks: num(row.clicks),
      emails: num(row.emails),
      emailClicks: num(row.email_clicks),
      follows: num(row.follows),
      unfollows: num(row.unfollows),
      reactions: num(row.reactions),
      comments: num(row.comments),
      users: num(row.users),
      waiting: num(row.waiting),
    });
  }
  return { before, rows: points };
}

/** The follower funnel of a range for one scope, per visit source that has rows. */
export async function sumFunnel(db: Db, scopeId: string, range: DayRange): Promise<FunnelRow[]> {
  const rows = await db
    .select({
      source: reportFunnelDaily.source,
      views: sql`sum(${reportFunnelDaily.views})`,
      visitors: sql`sum(${reportFunnelDaily.visitors})`,
      followers: sql`sum(${reportFunnelDaily.followers})`,
      verified: sql`sum(${reportFunnelDaily.verified})`,
      pushDevices: sql`sum(${reportFunnelDaily.pushDevices})`,
      emailOn: sql`sum(${reportFunnelDaily.emailOn})`,
    })
    .from(reportFunnelDaily)
    .where(
      sql`${reportFunnelDaily.establishmentId} = ${scopeId}
          AND ${reportFunnelDaily.day} BETWEEN ${day(range.from)} AND ${day(range.to)}`,
    )
    .groupBy(reportFunnelDaily.source);
  return rows.map((row) => ({
    source: row.source,
    views: num(row.views),
    visitors: num(row.visitors),
    followers: num(row.followers),
    verified: num(row.verified),
    pushDevices: num(row.pushDevices),
    emailOn: num(row.emailOn),
  }));
}
