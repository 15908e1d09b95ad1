import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LOCALE_OF } from '../../../../shared/i18n/languages';

/** Date and number formatting in the interface language (spec codes mapped to real locales). */
export function useLocaleFormat() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useMemo(() => {
    const locale = LOCALE_OF[language];
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const number = new Intl.NumberFormat(locale);
    return {
      date: (iso: string) => date.format(new Date(iso)),
      number: (value: number) => number.format(value),
    };
  }, [language]);
}
