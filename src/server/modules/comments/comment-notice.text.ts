import { isLanguage, type Language, LOCALE_OF } from '../../../shared/i18n/languages';

/**
 * The operators' push notice of new comments, in the recipient's language: "3 new
 * comments on “Happy hour…”". Push messages are shown by the service worker as they come, so the
 * text is written here, per recipient, with each language's plural forms.
 */

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const TEXTS: Record<Language, Forms> = {
  en: { one: '1 new comment on “{excerpt}”', other: '{count} new comments on “{excerpt}”' },
  sk: {
    one: '1 nový komentár k „{excerpt}“',
    few: '{count} nové komentáre k „{excerpt}“',
    other: '{count} nových komentárov k „{excerpt}“',
  },
  se: { one: '1 ny kommentar på ”{excerpt}”', other: '{count} nya kommentarer på ”{excerpt}”' },
  hu: { other: '{count} új hozzászólás ehhez: „{excerpt}”' },
  cz: {
    one: '1 nový komentář k „{excerpt}“',
    few: '{count} nové komentáře k „{excerpt}“',
    other: '{count} nových komentářů k „{excerpt}“',
  },
  at: { one: '1 neuer Kommentar zu „{excerpt}“', other: '{count} neue Kommentare zu „{excerpt}“' },
  de: { one: '1 neuer Kommentar zu „{excerpt}“', other: '{count} neue Kommentare zu „{excerpt}“' },
  no: { one: '1 ny kommentar på «{excerpt}»', other: '{count} nye kommentarer på «{excerpt}»' },
};

/** Characters of the post's text quoted in the notice. */
export const EXCERPT_LENGTH = 40;

/** The start of a post's text on one line, cut at a word where it can be, with "…" when cut. */
export function excerptOf(text: string, length = EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= length) return line;
  const cut = chars.slice(0, length).join('');
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord >= length / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** "3 new comments on “Happy hour…”" in the language (English for one we do not know). */
export function commentNoticeText(language: string, count: number, postText: string): string {
  const lang: Language = isLanguage(language) ? language : 'en';
  const forms = TEXTS[lang];
  const rule = new Intl.PluralRules(LOCALE_OF[lang]).select(count);
  const template = forms[rule] ?? forms.other;
  const number = new Intl.NumberFormat(LOCALE_OF[lang]).format(count);
  // Functions, so a "$&" in the post's text stays as written.
  return template.replace('{count}', () => number).replace('{excerpt}', () => excerptOf(postText));
}
