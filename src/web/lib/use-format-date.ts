import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LOCALE_OF } from '../../shared/i18n/languages';

/** Format an ISO date in the interface language (e.g. "12 Mar 2025"); `withTime` adds hours and minutes. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useCallback(
    (iso: string, withTime = false) =>
      new Intl.DateTimeFormat(LOCALE_OF[language], {
        dateStyle: 'medium',
        ...(withTime ? { timeStyle: 'short' } : {}),
      }).format(new Date(iso)),
    [language],
  );
}
