/**
 * The reports' calendar, pure: local days as ISO dates ('YYYY-MM-DD'), the spec's four periods, the
 * period before a range, and the buckets of the charts. Dates are computed on UTC midnights, where
 * every day has 24 hours, so adding days never trips over a daylight-saving change.
 */

import { fieldsAt } from '../../../shared/zoned-time';

/** A range of local days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

export type StandardPeriod = 'today' | 'yesterday' | 'last30Days' | 'lastYear';
export type SeriesGranularity = 'day' | 'month';

/** Ranges up to this many days are charted day by day, longer ones month by month. */
export const DAILY_SERIES_MAX_DAYS = 92;

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The date it is in `timeZone` at the instant `at`. Through zoned-time's formatter, kept per time
 * zone: building an Intl.DateTimeFormat per call was a seventh of a dashboard request's CPU.
 */
export function localToday(timeZone: string, at: Date): string {
  const { year, month, day } = fieldsAt(at.getTime(), timeZone);
  return `${year}-${pad(month!)}-${pad(day!)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day `n` days after `day` (before, for negative n). */
export const addDays = (day: string, n: number): string => fromUtc(toUtc(day) + n * DAY_MS);

/** How many days a range covers, both ends included. */
export const rangeLength = (range: DayRange): number =>
  Math.round((toUtc(range.to) - toUtc(range.from)) / DAY_MS) + 1;

/** The spec's four periods, as seen on `today`: the last 30 days and the last year end today. */
export function standardPeriods(today: string): Record<StandardPeriod, DayRange> {
  return {
    today: { from: today, to: today },
    yesterday: { from: addDays(today, -1), to: addDays(today, -1) },
    last30Days: { from: addDays(today, -29), to: today },
    lastYear: { from: addDays(today, -364), to: today },
  };
}

/** The range of the same length that ends the day before `range` starts (what the change compares to). */
export function previousRange(range: DayRange): DayRange {
  const length = rangeLength(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** Day by day up to DAILY_SERIES_MAX_DAYS, month by month beyond (a year is 12 bars, not 365). */
export const seriesGranularity = (range: DayRange): SeriesGranularity =>
  rangeLength(range) <= DAILY_SERIES_MAX_DAYS ? 'day' : 'month';

/**
 * Every point of a chart over `range`: each day, or the first day of each month it touches (the
 * first month's point may be dated before `range.from`, as date_trunc('month') dates it).
 */
export function seriesBuckets(range: DayRange, granularity: SeriesGranularity): string[] {
  const buckets: string[] = [];
  if (granularity === 'day') {
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) buckets.push(day);
    return buckets;
  }
  let [year, month] = range.from.split('-').map(Number) as [number, number];
  for (;;) {
    const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
    if (first > range.to) return buckets;
    buckets.push(first);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * The first day a report may cover. The schema accepts any four-digit year, but year 0 does not
 * exist in PostgreSQL and a range's previous period reaches further back still; nothing was sent
 * before the platform existed anyway.
 */
export const EARLIEST_REPORT_DAY = '1900-01-01';
