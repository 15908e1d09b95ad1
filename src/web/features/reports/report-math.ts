import {
  type Dashboard,
  DashboardQuerySchema,
  REPORT_PERIODS,
  type ReportPeriodKey,
} from '../../../shared/schemas/report.schema';
import { ApiError } from '../../lib/api-client';

/** The periods the switcher offers, in its order; `custom` is a range of two dates. */
export const SWITCHER_PERIODS: readonly ReportPeriodKey[] = [...REPORT_PERIODS, 'custom'];

/** The period in the address, or the last 30 days (the server's default series) when missing or unknown. */
export function parsePeriod(value: string | null): ReportPeriodKey {
  return SWITCHER_PERIODS.find((period) => period === value) ?? 'last30Days';
}

/** An ISO date (YYYY-MM-DD) moved by whole days; calendar arithmetic in UTC, so no clock change shifts it. */
export function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A range of local days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** What is wrong with a custom range, and which of its two fields to say it beside. */
export interface RangeProblem {
  field: 'from' | 'to';
  message: string;
}

/**
 * The first problem of a custom range, as the server words it (the same shared schema), or
 * undefined when it is fine. Until both dates are there nothing is wrong yet: the range is still
 * being chosen.
 */
export function customRangeProblem(range: Partial<DayRange>): RangeProblem | undefined {
  if (!range.from || !range.to) return undefined;
  const parsed = DashboardQuerySchema.safeParse({ from: range.from, to: range.to });
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (!issue) return undefined;
  return { field: issue.path[0] === 'from' ? 'from' : 'to', message: issue.message };
}

/** A range field's message in an error answer (400 naming `from` or `to`), as a RangeProblem. */
export function serverRangeProblem(error: unknown): RangeProblem | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { fields } = error;
  if (fields.to) return { field: 'to', message: fields.to };
  if (fields.from) return { field: 'from', message: fields.from };
  return undefined;
}

/**
 * The chart's days for a period: a single day is too little to draw, so today and yesterday show
 * the week ending that day; the other periods their own days. Undefined: the server's default (the
 * last 30 days), so the overview and the chart share one request.
 */
export function chartRange(
  period: ReportPeriodKey,
  periods: Dashboard['periods'] | undefined,
  custom: DayRange | undefined,
): DayRange | undefined {
  if (period === 'custom') return custom;
  if (period === 'last30Days' || !periods) return undefined;
  const { from, to } = periods[period];
  if (period === 'lastYear') return { from, to };
  return { from: addDays(to, -6), to };
}

/** The funnel's days for a period: exactly the period's (the server's default is the last 30 days). */
export function funnelRange(
  period: ReportPeriodKey,
  periods: Dashboard['periods'] | undefined,
  custom: DayRange | undefined,
): DayRange | undefined {
  if (period === 'custom') return custom;
  if (period === 'last30Days' || !periods) return undefined;
  return { from: periods[period].from, to: periods[period].to };
}

/** How a figure moved against the period of the same length before it. */
export type Change =
  | { kind: 'up' | 'down'; fraction: number }
  | { kind: 'same' }
  /** Something where there was nothing: no percentage means anything. */
  | { kind: 'new' };

/** The change from `previous` to `current`, as a fraction of `previous`. */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'new' };
  const fraction = (current - previous) / previous;
  return { kind: fraction > 0 ? 'up' : 'down', fraction: Math.abs(fraction) };
}

/** A share (0..1) of a whole, or null when there is no whole to share (no devices, no views). */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * A calendar day of the series, in the interface's language. The server already counted it in the
 * scope's time zone, so it is a date, not an instant: formatted at UTC midnight in UTC, it is the same
 * day wherever the browser is.
 */
export function formatDay(
  locale: string,
  iso: string,
  options: { granularity: 'day' | 'month'; style: 'short' | 'long' },
): string {
  const format: Intl.DateTimeFormatOptions =
    options.granularity === 'month'
      ? options.style === 'short'
        ? { month: 'short', year: '2-digit' }
        : { month: 'long', year: 'numeric' }
      : options.style === 'short'
        ? { day: 'numeric', month: 'short' }
        : { day: 'numeric', month: 'long', year: 'numeric', weekday: 'short' };
  return new Intl.DateTimeFormat(locale, { ...format, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** A range of days ("3 – 9 Mar 2026"), or one day, in the interface's language. */
export function formatRange(locale: string, { from, to }: DayRange): string {
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const start = new Date(`${from}T00:00:00Z`);
  if (from === to) return format.format(start);
  return format.formatRange(start, new Date(`${to}T00:00:00Z`));
}
