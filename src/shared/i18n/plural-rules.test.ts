import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALE_OF } from './languages';
import { pluralRulesByLocale } from './plural-rules';

// No `_zero`: i18next would use it for 0 whatever the rules say, and the app's files have none.
const FORMS = ['one', 'two', 'few', 'many', 'other'] as const;
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 1.5];

/** An instance with one phrase per language whose every plural form says its own name. */
function formsInstance() {
  const i18n = createInstance();
  void i18n.init({
    initAsync: false,
    fallbackLng: false,
    resources: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        { translation: Object.fromEntries(FORMS.map((form) => [`phrase_${form}`, form])) },
      ]),
    ),
  });
  return i18n;
}

describe('plural forms by each spec code’s locale', () => {
  it("without it, i18next reads the codes as Intl does: 'cz' gets English rules, 'se' Sami ones", () => {
    const i18n = formsInstance();
    expect(i18n.t('phrase', { lng: 'cz', count: 3 })).toBe('other');
    expect(i18n.t('phrase', { lng: 'se', count: 2 })).toBe('two');
  });

  it.each(LANGUAGES)('%s: picks the form its locale’s Intl.PluralRules picks, for any count', (language) => {
    const i18n = formsInstance();
    pluralRulesByLocale(i18n);
    pluralRulesByLocale(i18n); // harmless twice
    const rules = new Intl.PluralRules(LOCALE_OF[language]);
    for (const count of COUNTS) {
      expect(i18n.t('phrase', { lng: language, count }), `${language} ${count}`).toBe(rules.select(count));
    }
  });

  it('uses the few and many forms where the language has them (Czech, Slovak)', () => {
    const i18n = formsInstance();
    pluralRulesByLocale(i18n);
    for (const language of ['cz', 'sk'] as const) {
      expect([1, 3, 1.5, 5].map((count) => i18n.t('phrase', { lng: language, count }))).toEqual([
        'one',
        'few',
        'many',
        'other',
      ]);
    }
  });
});
