/**
 * Weekly sends: "every Friday at 17:00 until 2027-03-31" on the business's wall clock.
 * The rule is read off the first send's time in the business's zone; each later occurrence is the
 * next day with the rule's weekday at the rule's time (DST followed: see zoned-time.ts).
 */
import { Msg } from './messages';
import { instantToZoned, zonedToInstant } from './zoned-time';

/** A weekly send repeats for at most this many days after its first occurrence. */
export const REPEAT_MAX_DAYS = 366;

export interface WeeklyRule {
  /** ISO weekday: 1 Monday ... 7 Sunday. */
  weekday: number;
  /** Minutes after local midnight. */
  minuteOfDay: number;
  /** The last local date an occurrence may fall on, YYYY-MM-DD. */
  until: string;
}

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday of a calendar date (1970-01-01 was a Thursday, 4). */
const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;
const pad = (n: number) => String(n).padStart(2, '0');
export const timeOfMinute = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** The rule a first send at `first` sets, repeating until `until`. */
export function weeklyRuleOf(first: Date, timeZone: string, until: string): WeeklyRule {
  const wall = instantToZoned(first, timeZone);
  const [hours = 0, minutes = 0] = wall.time.split(':').map(Number);
  return { weekday: isoWeekday(dayNumber(wall.date)), minuteOfDay: hours * 60 + minutes, until };
}

/**
 * What is wrong with repeating a first send at `first` every week until `until` (a YYYY-MM-DD date
 * on the business's calendar): a last date before the first send (it would never repeat), or more
 * than a year on. Null when it may.
 */
export function repeatProblem(first: Date, timeZone: string, until: string): string | null {
  const firstDay = dayNumber(instantToZoned(first, timeZone).date);
  const lastDay = dayNumber(until);
  // Date.parse rolls 2027-02-30 over into March: a date that does not read back as written is none.
  if (Number.isNaN(lastDay) || dateOf(lastDay) !== until) return Msg.repeatUntilInvalid;
  if (lastDay < firstDay) return Msg.repeatNeverFires;
  if (lastDay - firstDay > REPEAT_MAX_DAYS) return Msg.repeatTooLong;
  return null;
}

/**
 * The occurrence after one at `previous`: the next date with the rule's weekday, at its time, on
 * the zone's clock; null once that date is past `until` (the series is over).
 */
export function nextOccurrence(rule: WeeklyRule, previous: Date, timeZone: string): Date | null {
  const from = dayNumber(instantToZoned(previous, timeZone).date);
  const ahead = (rule.weekday - isoWeekday(from) + 7) % 7 || 7;
  const day = from + ahead;
  if (day > dayNumber(rule.until)) return null;
  return zonedToInstant({ date: dateOf(day), time: timeOfMinute(rule.minuteOfDay) }, timeZone) ?? null;
}
