import { Tooltip } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LOCALE_OF } from '../../../../shared/i18n/languages';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago" in the interface language, from seconds relative to now (negative: past). */
export function relativeTimeText(locale: string, iso: string, now: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let value = (new Date(iso).getTime() - now) / 1000;
  // A clock a little ahead of the server's must not say "in 2 seconds".
  if (value > 0 && value < 60) value = 0;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

/** A time as "5 minutes ago" that keeps itself current; the exact date and time show on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const locale = LOCALE_OF[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    [locale, iso],
  );
  return (
    <Tooltip title={exact} describeChild>
      <time dateTime={iso}>{relativeTimeText(locale, iso, now)}</time>
    </Tooltip>
  );
}
