import type { i18n } from 'i18next';
import { isLanguage, LOCALE_OF } from './languages';

/** The part of i18next's plural resolver this module replaces (services.pluralResolver is typed `any`). */
interface PluralResolver {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

/**
 * Make an i18next instance choose plural forms by the rules of each spec code's BCP 47 tag.
 *
 * i18next asks `Intl.PluralRules` for the rules of the language name it holds resources under. Our
 * resources stay under the spec's codes (they are what the app stores and sends), but for Intl "cz"
 * and "at" are unknown (English rules: "3 komentářů" where Czech says "3 komentáře") and "se" is
 * Northern Sami. i18next has no option to map a language to a locale, so the resolver's one lookup
 * is wrapped. Call it after each init(): init creates the resolver. Calling it twice is harmless.
 */
export function pluralRulesByLocale(instance: i18n): void {
  const resolver = instance.services.pluralResolver as PluralResolver;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(isLanguage(code) ? LOCALE_OF[code] : code, options);
}
