import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { nameInLanguage, type Translations } from '../../shared/schemas/preference.schema';

/** What has a name in English and, optionally, in the other interface languages. */
export interface Named {
  name: string;
  translations: Translations;
}

/** A preference's or group's name in the interface language, the English name when it has none. */
export function useLocalizedName() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((item: Named) => nameInLanguage(item, language), [language]);
}
