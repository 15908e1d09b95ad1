import {
  type Dashboard,
  type DashboardQuery,
  DashboardSchema,
  type ReportFigures,
  type ReportPeriod,
} from '../../../shared/schemas/report.schema';
import type { AppContext, AuthedActor } from '../../context';
import { SerializedJson } from '../../lib/http-cache';
import { SharedReads } from '../../lib/shared-reads';
import {
  type DayRange,
  localToday,
  previousRange,
  type SeriesGranularity,
  seriesBuckets,
  seriesGranularity,
  standardPeriods,
} from './report-periods';
import { customRangeOf } from './report-range';
import { type ReportScope, resolveReportScope } from './report-scope';
import * as repo from './reports.repo';

/** A period's counters, summed over its days. */
type Counters = Omit<repo.DailyFigures, 'users' | 'waiting'>;

const noCounters = (): Counters => ({
  notifications: 0,
  posts: 0,
  devices: 0,
  reach: 0,
  clicks: 0,
  emails: 0,
  emailClicks: 0,
  follows: 0,
  unfollows: 0,
  reactions: 0,
  comments: 0,
  automated: 0,
  automatedClicks: 0,
});

function addDay(sums: Counters, day: repo.DayRow) {
  sums.notifications += day.notifications;
  sums.posts += day.posts;
  sums.devices += day.devices;
  sums.reach += day.reach;
  sums.clicks += day.clicks;
  sums.emails += day.emails;
  sums.emailClicks += day.emailClicks;
  sums.follows += day.follows;
  sums.unfollows += day.unfollows;
  sums.reactions += day.reactions;
  sums.comments += day.comments;
  sums.automated += day.automated;
  sums.automatedClicks += day.automatedClicks;
}

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
  automated: sums.automated,
  automatedClicks: sums.automatedClicks,
});

/** What a day adds to the followers (a confirmed email) and to those waiting for confirmation. */
const waitingOf = (day: repo.DayRow) => day.follows - day.unfollows - day.confirmed;

/**
 * A range's figures from the scope's days (in order): its counters summed over its days, and at its
 * end the followers and those waiting (the balances of everything up to it, `before` included).
 */
function rangeFigures(before: repo.DaysBefore, days: repo.DayRow[], range: DayRange): repo.DailyFigures {
  const sums = noCounters();
  let users = before.confirmed;
  let waiting = before.waiting;
  for (const day of days) {
    if (day.day > range.to) break;
    users += day.confirmed;
    waiting += waitingOf(day);
    if (day.day >= range.from) addDay(sums, day);
  }
  return { ...sums, users, waiting };
}

const bucketOf = (day: string, granularity: SeriesGranularity) =>
  granularity === 'day' ? day : `${day.slice(0, 8)}01`;

/**
 * The chart's points: every bucket of the range, zeros where nothing happened, the followers and
 * those waiting carried over from the bucket before.
 */
function seriesOf(before: repo.DaysBefore, days: repo.DayRow[], range: DayRange): Dashboard['series'] {
  const granularity = seriesGranularity(range);
  let users = before.confirmed;
  let waiting = before.waiting;
  const buckets = new Map<string, { sums: Counters; confirmed: number; waiting: number }>();
  for (const day of days) {
    if (day.day > range.to) break;
    if (day.day < range.from) {
      users += day.confirmed;
      waiting += waitingOf(day);
      continue;
    }
    const key = bucketOf(day.day, granularity);
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { sums: noCounters(), confirmed: 0, waiting: 0 };
      buckets.set(key, bucket);
    }
    addDay(bucket.sums, day);
    bucket.confirmed += day.confirmed;
    bucket.waiting += waitingOf(day);
  }
  const points = seriesBuckets(range, granularity).map((date) => {
    const bucket = buckets.get(date);
    if (!bucket) return { date, ...figuresOf({ ...noCounters(), users, waiting }) };
    users += bucket.confirmed;
    waiting += bucket.waiting;
    return { date, ...figuresOf({ ...bucket.sums, users, waiting }) };
  });
  return { granularity, from: range.from, to: range.to, points };
}

/**
 * The dashboard of a scope as of `today`: the four periods, the custom range when asked, each with
 * the period of the same length before it, and the chart over the custom range (else the last 30
 * days), from one read of the scope's days.
 */
async function readDashboard(
  ctx: AppContext,
  scope: ReportScope,
  today: string,
  custom: DayRange | undefined,
): Promise<Dashboard> {
  const standard = standardPeriods(today);
  const named = Object.entries(standard) as [keyof Dashboard['periods'], DayRange][];
  if (custom) named.push(['custom', custom]);
  const ranges = named.flatMap(([, range]) => [range, previousRange(range)]);
  const firstDay = ranges.reduce((first, range) => (range.from < first ? range.from : first), today);
  const lastDay = ranges.reduce((last, range) => (range.to > last ? range.to : last), today);
  const { before, days } = await repo.reportDays(ctx.database.sql, scope.scopeId, firstDay, lastDay);
  const periods = Object.fromEntries(
    named.map(([key, range]): [string, ReportPeriod] => [
      key,
      {
        ...range,
        figures: figuresOf(rangeFigures(before, days, range)),
        previous: figuresOf(rangeFigures(before, days, previousRange(range))),
      },
    ]),
  ) as Dashboard['periods'];
  return {
    scope: { establishmentId: scope.establishmentId, name: scope.name, timeZone: scope.timeZone, today },
    periods,
    series: seriesOf(before, days, custom ?? standard.last30Days),
  };
}

const sharedReads = new WeakMap<AppContext, SharedReads<SerializedJson>>();

/**
 * The dashboard of an establishment (who manages it) or of the platform (admins), as seen today in
 * the scope's time zone. It holds nothing of the caller's own, so the callers authorized for the
 * same scope, day and range at the same time share one read of the rollups and one serialization
 * (SharedReads: each answer is as new as its request, nothing is kept).
 */
export async function getDashboard(
  ctx: AppContext,
  actor: AuthedActor,
  query: DashboardQuery,
): Promise<Dashboard | SerializedJson> {
  const scope = await resolveReportScope(ctx, actor, query.establishmentId);
  const today = localToday(scope.timeZone, new Date());
  const custom = customRangeOf(query);
  let reads = sharedReads.get(ctx);
  if (!reads) {
    reads = new SharedReads();
    sharedReads.set(ctx, reads);
  }
  const key = JSON.stringify([scope, today, custom?.from, custom?.to]);
  return reads.read(key, async () => {
    // Through the answer's schema once, as the route's serializer would: the same JSON.
    const dashboard = DashboardSchema.parse(await readDashboard(ctx, scope, today, custom));
    return new SerializedJson(Buffer.from(JSON.stringify(dashboard)));
  });
}
