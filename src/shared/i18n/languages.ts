/** The spec's interface languages and their codes (product-spec section 1). */
export const LANGUAGES = ['en', 'sk', 'se', 'hu', 'cz', 'at', 'de', 'no'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The BCP 47 tag of each spec code. The codes are not all tags ("cz" means nothing to Intl, "se" is
 * Northern Sami, "at" is no language), so anything that asks Intl or names a language to a browser
 * or mail client (number, date and plural rules, `lang` attributes) uses this, never the code.
 */
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

/**
 * Each language's own name, for the language pickers. Anywhere else, name a language in the
 * reader's language (language-names.ts).
 */
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
