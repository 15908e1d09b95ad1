/** How weekly sends are said: "Every Friday at 17:00 until 31 Dec 2026", in the user's language. */
import type { TFunction } from 'i18next';

/** A weekday's name (ISO 1 Monday ... 7 Sunday) in a locale: 2024-01-01 was a Monday. */
export function weekdayName(locale: string, isoWeekday: number): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoWeekday, 12)),
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

/** "Every Friday at 17:00 until 31 Dec 2026". */
export function weeklyText(
  t: TFunction,
  locale: string,
  rule: { weekday: number; time: string; until: string },
): string {
  return t('weekly.every', {
    weekday: weekdayName(locale, rule.weekday),
    time: rule.time,
    until: dayText(locale, rule.until),
  });
}
