/** The spec's interface languages and their codes (product-spec section 1). */
export const LANGUAGES = ['en', 'sk', 'se', 'hu', 'cz', 'at', 'de', 'no'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** BCP 47 locale per spec code, for number and date formatting. */
export const LOCALE_OF: Record<Language, string> = {
  en: 'en-GB',
  sk: 'sk-SK',
  se: 'sv-SE',
  hu: 'hu-HU',
  cz: 'cs-CZ',
  at: 'de-AT',
  de: 'de-DE',
  no: 'nb-NO',
};

/** Each language's own name, for the language picker. */
export const LANGUAGE_NAME: Record<Language, string> = {
  en: 'English',
  sk: 'Slovenčina',
  se: 'Svenska',
  hu: 'Magyar',
  cz: 'Čeština',
  at: 'Deutsch (Österreich)',
  de: 'Deutsch',
  no: 'Norsk',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
