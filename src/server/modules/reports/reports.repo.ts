import { eq, sql } from 'drizzle-orm';
import { type Db, preparedPer, type SqlExecutor } from '../../db/client';
import { establishments, reportFunnelDaily } from '../../db/schema';
import type { DayRange } from './report-periods';

/*
 * The dashboard reads the rollups (report_daily, report_funnel_daily) only, and only through their
 * primary key (establishment_id, day, ...): one establishment's (or the platform's) rows up to the
 * last day asked about, a few thousand at most (days x shards), however many deliveries and
 * followers there are behind them. Shards are summed here; housekeeping folds a past day's into
 * one (foldPastShards), so history is a row per day.
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
  /** Reactions and comments on the scope's posts, on the day they were made. */
  reactions: number;
  comments: number;
  /** Deliveries of its automations, and of them those clicked: apart from the counts above. */
  automated: number;
  automatedClicks: number;
  users: number;
  waiting: number;
}

export interface FunnelRow {
  source: string;
  views: number;
  visitors: number;
  followers: number;
  verified: number;
  pushDevices: number;
  emailOn: number;
  guests: number;
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
  'automated',
  'automated_clicks',
] as const;

/** Sums come back as bigint: a string from node-postgres, a number or bigint from PGlite, null over no rows. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

const day = (value: string) => sql`${value}::date`;

// Prepared: every dashboard and funnel request authorizes on it.
const reportEstablishment = preparedPer((db) =>
  db
    .select({
      id: establishments.id,
      name: establishments.name,
      timeZone: establishments.timeZone,
      registeredById: establishments.registeredById,
      blockedAt: establishments.blockedAt,
      deletedAt: establishments.deletedAt,
    })
    .from(establishments)
    .where(eq(establishments.id, sql.placeholder('id')))
    .prepare('report_establishment'),
);

/** The establishment as the reports need it: what can() asks, its name and its clock (no follower counts). */
export async function findReportEstablishment(db: Db, id: string) {
  const [row] = await reportEstablishment(db).execute({ id });
  return row;
}

/** One day's rollup of a scope, its shards summed; `confirmed` is the day's net confirmed followers. */
export interface DayRow {
  day: string;
  notifications: number;
  posts: number;
  devices: number;
  reach: number;
  clicks: number;
  emails: number;
  emailClicks: number;
  follows: number;
  unfollows: number;
  reactions: number;
  comments: number;
  automated: number;
  automatedClicks: number;
  confirmed: number;
}

/** What a scope's days before the first one asked about leave behind: the balances of followers. */
export interface DaysBefore {
  /** Confirmed followers gained less those lost. */
  confirmed: number;
  /** Follows less unfollows less confirmed: who was still waiting for email confirmation. */
  waiting: number;
}

const DAYS_SQL = `SELECT CASE WHEN day < $2::date THEN NULL ELSE day::text END AS day,
       ${COUNTERS.map((counter) => `sum(${counter}) AS ${counter}`).join(', ')},
       sum(confirmed) AS confirmed, sum(follows - unfollows - confirmed) AS net_waiting
  FROM report_daily WHERE establishment_id = $1 AND day <= $3::date
 GROUP BY 1 ORDER BY 1 NULLS FIRST`;

/**
 * A scope's (an establishment id or PLATFORM_REPORT_ID) rollups from `firstDay` to `lastDay`, one
 * row per day that has any (shards summed), and the balances of every day before, in one prepared
 * statement: the dashboard sums its periods and charts from these (dashboard.service), where one
 * statement with a FILTER per counter and range took longer to plan than to run.
 */
export async function reportDays(
  sqlExecutor: SqlExecutor,
  scopeId: string,
  firstDay: string,
  lastDay: string,
): Promise<{ before: DaysBefore; days: DayRow[] }> {
  const { rows } = await sqlExecutor.executeSql(DAYS_SQL, [scopeId, firstDay, lastDay], 'report_days');
  const before: DaysBefore = { confirmed: 0, waiting: 0 };
  const days: DayRow[] = [];
  for (const row of rows as Record<string, unknown>[]) {
    if (row.day === null) {
      before.confirmed = num(row.confirmed);
      before.waiting = num(row.net_waiting);
      continue;
    }
    days.push({
      day: String(row.day),
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
      automated: num(row.automated),
      automatedClicks: num(row.automated_clicks),
      confirmed: num(row.confirmed),
    });
  }
  return { before, days };
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
      guests: sql`sum(${reportFunnelDaily.guests})`,
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
    guests: num(row.guests),
  }));
}

/**
 * Fold the rollups' shards of days that are over in every time zone (before UTC's yesterday) into
 * one row per day (report_fold_shards); answers the rows folded away.
 */
export async function foldPastShards(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const result = (await db.execute(sql`SELECT report_fold_shards(${before}::date) AS folded`)) as unknown as {
    rows: { folded: number }[];
  };
  return Number(result.rows[0]?.folded ?? 0);
}
