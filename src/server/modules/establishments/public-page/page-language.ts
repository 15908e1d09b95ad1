import { readFileSync } from 'node:fs';
import { createInstance, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import { pluralRulesByLocale } from '../../../../shared/i18n/plural-rules';
import { escapeHtml, type Markup, trusted } from './html';

const NAMESPACES = ['common', 'auth'] as const;
const localeFile = (language: Language, namespace: string) =>
  new URL(`../../../../shared/i18n/locales/${language}/${namespace}.json`, import.meta.url);

// The web app's own translation files, read once: the light pages say exactly what the app says.
const resources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(localeFile(language, ns), 'utf8')) as object]),
    ),
  ]),
);

const i18n = createInstance();
void i18n.init({
  resources,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  initAsync: false,
  // Values are escaped where the text lands in the page (html.ts), not here.
  interpolation: { escapeValue: false },
});
// Resources stay under the spec's codes; plural forms follow each code's locale ("cz" -> cs-CZ).
pluralRulesByLocale(i18n);

/** The translation function of a language. */
export const translator = (language: Language): TFunction => i18n.getFixedT(language);

/** Browser language tags the spec's codes stand for beyond the plain two letters. */
const TAG_TO_LANGUAGE: Record<string, Language> = { sv: 'se', cs: 'cz', nb: 'no', nn: 'no', 'de-at': 'at' };

/** The first of an Accept-Language header's languages (by weight) that the app speaks. */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const guess = TAG_TO_LANGUAGE[tag] ?? TAG_TO_LANGUAGE[tag.slice(0, 2)] ?? tag.slice(0, 2);
    if (isLanguage(guess)) return guess;
  }
  return undefined;
}

/** The page's language: the picker's choice (?lang=), then the browser's (Accept-Language), then English. */
export function pageLanguage(queryLanguage: unknown, acceptLanguage: string | undefined): Language {
  if (isLanguage(queryLanguage)) return queryLanguage;
  return acceptedLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * A translation holding tags (`Followers: <strong>{{n}}</strong>`) as markup: its text escaped, each
 * known tag drawn by `tags` (given its escaped inner text), unknown tags dropped to their text.
 */
export function richText(text: string, tags: Record<string, (inner: string) => string>): Markup {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    out += escapeHtml(text.slice(last, match.index));
    const inner = escapeHtml(match[2]!);
    out += tags[match[1]!]?.(inner) ?? inner;
    last = match.index + match[0].length;
  }
  return trusted(out + escapeHtml(text.slice(last)));
}
