/** How weekly sends are said: "Every Tuesday and Friday at 17:00 until 31 Dec 2026", in the user's language. */
import type { TFunction } from 'i18next';

/** A weekday's name (ISO 1 Monday ... 7 Sunday) in a locale: 2024-01-01 was a Monday. */
export function weekdayName(locale: string, isoWeekday: number, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoWeekday, 12)),
  );
}

/** Weekdays as a list in a locale: "Tuesday and Friday". */
export function weekdaysText(locale: string, weekdays: readonly number[]): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    weekdays.map((day) => weekdayName(locale, day)),
  );
}

/** The ISO weekday of a calendar date "YYYY-MM-DD". */
export function isoWeekdayOf(date: string): number {
  return ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** A calendar date "YYYY-MM-DD" as the locale writes a day. */
export function dayText(locale: string, date: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * "Every Tuesday and Friday at 17:00 until 31 Dec 2026", or "..., no end date"; at each follower's
 * local time, "Every Friday at 17:00, each follower's local time, ...".
 */
export function weeklyText(
  t: TFunction,
  locale: string,
  rule: { weekdays: readonly number[]; time: string; until: string | null; localTime?: boolean },
): string {
  const weekday = weekdaysText(locale, rule.weekdays);
  const local = rule.localTime ? 'Local' : '';
  return rule.until
    ? t(`weekly.every${local}`, { weekday, time: rule.time, until: dayText(locale, rule.until) })
    : t(`weekly.everyNoEnd${local}`, { weekday, time: rule.time });
}
