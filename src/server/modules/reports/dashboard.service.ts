import type {
  Dashboard,
  DashboardQuery,
  ReportFigures,
  ReportPeriod,
} from '../../../shared/schemas/report.schema';
import type { AppContext, AuthedActor } from '../../context';
import {
  type DayRange,
  localToday,
  previousRange,
  seriesBuckets,
  seriesGranularity,
  standardPeriods,
} from './report-periods';
import { customRangeOf } from './report-range';
import { resolveReportScope } from './report-scope';
import * as repo from './reports.repo';

const figuresOf = (sums: repo.DailyFigures): ReportFigures => ({
  notificationsSent: sums.notifications,
  posts: sums.posts,
  reach: sums.reach,
  users: sums.users,
  waiting: sums.waiting,
  clicks: sums.clicks,
  devices: sums.devices,
  emails: sums.emails,
  emailClicks: sums.emailClicks,
  follows: sums.follows,
  unfollows: sums.unfollows,
  reactions: sums.reactions,
  comments: sums.comments,
});

/** A bucket without rows: nothing happened (its followers and those waiting are carried over). */
const NO_SUMS: Omit<repo.DailyFigures, 'users' | 'waiting'> = {
  notifications: 0,
  posts: 0,
  devices: 0,
  emails: 0,
  emailClicks: 0,
  reach: 0,
  clicks: 0,
  follows: 0,
  unfollows: 0,
  reactions: 0,
  comments: 0,
};

/**
 * The chart's points: every bucket of the range, zeros where nothing happened, the followers and
 * those waiting carried over from the bucket before.
 */
async function seriesOf(ctx: AppContext, scopeId: string, range: DayRange): Promise<Dashboard['series']> {
  const granularity = seriesGranularity(range);
  const { before, rows } = await repo.sumSeries(ctx.db, scopeId, range, granularity);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  let carried = before;
  const points = seriesBuckets(range, granularity).map((bucket) => {
    const row = byBucket.get(bucket);
    if (row) carried = { users: row.users, waiting: row.waiting };
    return { date: bucket, ...figuresOf({ ...NO_SUMS, ...row, ...carried }) };
  });
  return { granularity, from: range.from, to: range.to, points };
}

/**
 * The dashboard of an establishment (who manages it) or of the platform (admins): the four periods
 * as seen today in the scope's time zone, the custom range when asked, each with the period of the
 * same length before it, and the chart over the custom range (else the last 30 days).
 */
export async function getDashboard(
  ctx: AppContext,
  actor: AuthedActor,
  query: DashboardQuery,
): Promise<Dashboard> {
  const scope = await resolveReportScope(ctx, actor, query.establishmentId);
  const today = localToday(scope.timeZone, new Date());
  const standard = standardPeriods(today);
  const custom = customRangeOf(query);
  const named: [keyof Dashboard['periods'], DayRange][] = Object.entries(standard) as [
    keyof Dashboard['periods'],
    DayRange,
  ][];
  if (custom) named.push(['custom', custom]);

  // Each period and the one before it, all in one query; the chart in a second one, at the same time.
  const ranges = named.flatMap(([, range]) => [range, previousRange(range)]);
  const [sums, series] = await Promise.all([
    repo.sumRanges(ctx.db, scope.scopeId, ranges),
    seriesOf(ctx, scope.scopeId, custom ?? standard.last30Days),
  ]);
  const periods = Object.fromEntries(
    named.map(([key, range], i): [string, ReportPeriod] => [
      key,
      { ...range, figures: figuresOf(sums[2 * i]!), previous: figuresOf(sums[2 * i + 1]!) },
    ]),
  ) as Dashboard['periods'];

  return {
    scope: { establishmentId: scope.establishmentId, name: scope.name, timeZone: scope.timeZone, today },
    periods,
    series,
  };
}
