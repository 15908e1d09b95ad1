import { type Language, LOCALE_OF } from './languages';

/**
 * The tag each language is named by. Bare languages, because a region is part of the name
 * ("en-GB" is "British English", "sk-SK" "Slovak (Slovakia)"); Austria stays ("Austrian German").
 * Norwegian is "no", which Intl names "Norwegian", where "nb" would be "Norwegian Bokmål".
 */
const NAMED_BY: Record<Language, string> = {
  en: 'en',
  sk: 'sk',
  se: 'sv',
  hu: 'hu',
  cz: 'cs',
  at: 'de-AT',
  de: 'de',
  no: 'no',
};

const namesIn = new Map<Language, Intl.DisplayNames>();

/**
 * A language's name in the reader's language, as it reads inside a sentence ("Sprache: Slowakisch",
 * "Jazyk: slovenština"). For the language picker, where each language is named in its own words, use
 * LANGUAGE_NAME instead.
 */
export function languageName(language: Language, reader: Language): string {
  let names = namesIn.get(reader);
  if (!names) {
    names = new Intl.DisplayNames([LOCALE_OF[reader]], { type: 'language' });
    namesIn.set(reader, names);
  }
  return names.of(NAMED_BY[language]) ?? NAMED_BY[language];
}

/** The same name with a capital, as it stands alone in a field label ("Slovenština"). */
export function languageLabel(language: Language, reader: Language): string {
  const name = languageName(language, reader);
  return name.charAt(0).toLocaleUpperCase(LOCALE_OF[reader]) + name.slice(1);
}
