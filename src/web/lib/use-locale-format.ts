import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageLabel, languageName } from '../../shared/i18n/language-names';
import { DEFAULT_LANGUAGE, isLanguage, type Language, LOCALE_OF } from '../../shared/i18n/languages';

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago" in a locale, for an ISO time against `now` (ms since epoch). */
export function relativeTimeText(locale: string, iso: string, now: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let value = (new Date(iso).getTime() - now) / 1000;
  // A clock a little ahead of the server's must not say "in 2 seconds".
  if (value > 0 && value < 60) value = 0;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

/** How `date` writes a day: "12 Mar 2025" (medium), "12 March 2025" (long), with hours and minutes. */
export interface DateOptions {
  style?: 'medium' | 'long';
  withTime?: boolean;
}

/**
 * Dates, numbers, percentages, relative times and language names in the interface language (spec
 * codes mapped to real locales): the one place the web app formats for a locale.
 */
export function useLocaleFormat() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useMemo(() => {
    const locale = LOCALE_OF[language];
    const number = new Intl.NumberFormat(locale);
    const percent = new Intl.NumberFormat(locale, { style: 'percent' });
    return {
      locale,
      /**
       * The language's own writing direction, for an element holding a formatted value on its own
       * ("16 minutes ago"): in the right-to-left layout its number stays where the language puts it.
       */
      dir: i18n.dir(locale),
      date: (iso: string, { style = 'medium', withTime = false }: DateOptions = {}) =>
        new Intl.DateTimeFormat(locale, {
          dateStyle: style,
          ...(withTime ? { timeStyle: 'short' } : {}),
        }).format(new Date(iso)),
      number: (value: number) => number.format(value),
      /** A fraction (0.42) as a percentage ("42 %"). */
      percent: (fraction: number) => percent.format(fraction),
      relative: (iso: string, now: number) => relativeTimeText(locale, iso, now),
      /** A language's name in the reader's language, inside a sentence: "Slowakisch", "slovenština". */
      languageName: (code: Language) => languageName(code, language),
      /** The same, capitalized as a field label: "Slovenština". */
      languageLabel: (code: Language) => languageLabel(code, language),
    };
  }, [language, i18n]);
}
