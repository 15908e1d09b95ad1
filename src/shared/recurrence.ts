/**
 * Weekly sends: "every Tuesday and Friday at 17:00 until 2027-03-31" (or with no end) on the
 * business's wall clock. The rule's time is read off the first send's time in the business's zone,
 * its weekdays are the first send's unless chosen; each later occurrence is the next day with one of
 * the rule's weekdays at the rule's time (DST followed: see zoned-time.ts).
 */
import { Msg } from './messages';
import { instantToZoned, zonedToInstant } from './zoned-time';

/** ISO weekdays, 1 Monday ... 7 Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export interface WeeklyRule {
  /** ISO weekdays (1 Monday ... 7 Sunday), ascending, at least one. */
  weekdays: number[];
  /** Minutes after local midnight. */
  minuteOfDay: number;
  /** The last local date an occurrence may fall on, YYYY-MM-DD; null: no end. */
  until: string | null;
}

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday of a calendar date (1970-01-01 was a Thursday, 4). */
const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;
const pad = (n: number) => String(n).padStart(2, '0');
export const timeOfMinute = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
/** "17:05" as minutes after midnight; undefined when it is no time of day. */
export function minuteOfTime(time: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** The weekdays as a rule keeps them: each once, ascending. */
export const sortedWeekdays = (weekdays: readonly number[]) => [...new Set(weekdays)].sort((a, b) => a - b);

/** The ISO weekday of a calendar date "YYYY-MM-DD". */
export const weekdayOfDate = (date: string) => isoWeekday(dayNumber(date));

/** The rule a first send at `first` sets: its time, on `weekdays` (default: its own weekday), until `until`. */
export function weeklyRuleOf(
  first: Date,
  timeZone: string,
  until: string | null,
  weekdays?: readonly number[],
): WeeklyRule {
  const wall = instantToZoned(first, timeZone);
  const [hours = 0, minutes = 0] = wall.time.split(':').map(Number);
  return {
    weekdays: weekdays && weekdays.length > 0 ? sortedWeekdays(weekdays) : [weekdayOfDate(wall.date)],
    minuteOfDay: hours * 60 + minutes,
    until,
  };
}

/**
 * What is wrong with a last date `until` (YYYY-MM-DD on the business's calendar, or null for none)
 * for a series whose next send is at `first`: not a date, or before that send (it would never
 * repeat). Null when it may.
 */
export function repeatProblem(first: Date, timeZone: string, until: string | null): string | null {
  if (until === null) return null;
  const firstDay = dayNumber(instantToZoned(first, timeZone).date);
  const lastDay = dayNumber(until);
  // Date.parse rolls 2027-02-30 over into March: a date that does not read back as written is none.
  if (Number.isNaN(lastDay) || dateOf(lastDay) !== until) return Msg.repeatUntilInvalid;
  if (lastDay < firstDay) return Msg.repeatNeverFires;
  return null;
}

/** The rule's occurrence on calendar day `day`, or null when that day is past its last date. */
function occurrenceOn(rule: WeeklyRule, day: number, timeZone: string): Date | null {
  if (rule.until !== null && day > dayNumber(rule.until)) return null;
  return zonedToInstant({ date: dateOf(day), time: timeOfMinute(rule.minuteOfDay) }, timeZone) ?? null;
}

/**
 * The occurrence after one at `previous`: the next date with one of the rule's weekdays, at its
 * time, on the zone's clock; null once that date is past `until` (the series is over).
 */
export function nextOccurrence(rule: WeeklyRule, previous: Date, timeZone: string): Date | null {
  const from = dayNumber(instantToZoned(previous, timeZone).date);
  for (let ahead = 1; ahead <= 7; ahead++) {
    if (rule.weekdays.includes(isoWeekday(from + ahead))) return occurrenceOn(rule, from + ahead, timeZone);
  }
  return null;
}

/**
 * The rule's first occurrence later than `after` (today's, if its time is still to come): where a
 * changed rule takes up. Null when none falls before its last date.
 */
export function firstOccurrence(rule: WeeklyRule, after: Date, timeZone: string): Date | null {
  const today = dayNumber(instantToZoned(after, timeZone).date);
  for (let ahead = 0; ahead <= 7; ahead++) {
    if (!rule.weekdays.includes(isoWeekday(today + ahead))) continue;
    const at = occurrenceOn(rule, today + ahead, timeZone);
    if (at === null || at.getTime() > after.getTime()) return at;
  }
  return null;
}

/**
 * Where a changed rule takes over from a series whose next send waits at `waiting`: the rule's
 * first time from that send's day on (never a day earlier: a series set to start later still
 * starts then), and at least `leadMs` after `now`. Null when none falls before its last date.
 */
export function takeOver(
  rule: WeeklyRule,
  waiting: Date,
  now: Date,
  timeZone: string,
  leadMs = 60_000,
): Date | null {
  const dayStart = zonedToInstant({ date: instantToZoned(waiting, timeZone).date, time: '00:00' }, timeZone);
  const after = Math.max(now.getTime() + leadMs, (dayStart?.getTime() ?? waiting.getTime()) - 1);
  return firstOccurrence(rule, new Date(after), timeZone);
}

/** The occurrences from `first` on, at most `count` of them (fewer when the series ends first). */
export function upcomingOccurrences(rule: WeeklyRule, first: Date, timeZone: string, count: number): Date[] {
  const dates: Date[] = [];
  for (let at: Date | null = first; at && dates.length < count; at = nextOccurrence(rule, at, timeZone))
    dates.push(at);
  return dates;
}
