import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { type Language, LOCALE_OF } from '../../shared/i18n/languages';
import { useLocaleFormat } from '../lib/use-locale-format';
import { changeLanguage } from './i18n';

// The setup started the app's i18next in English; the next test file expects it so.
afterAll(() => changeLanguage('en'));

/** The interface in a language, as the language picker sets it; then what the app formats with. */
async function inLanguage(language: Language) {
  await changeLanguage(language);
  return renderHook(() => useLocaleFormat()).result.current;
}

describe("the app's i18next speaks each language by its own rules", () => {
  // One form per language, through the app's own files. Where English rules would pick another form,
  // the count is one that shows it: Czech and Slovak 3 are "few" (English: "komentářů", "komentárov").
  it.each([
    ['en', 1, '1 comment'],
    ['sk', 3, '3 komentáre'],
    ['se', 2, '2 kommentarer'],
    ['hu', 3, '3 hozzászólás'],
    ['cz', 3, '3 komentáře'],
    ['cz', 5, '5 komentářů'],
    ['at', 1, '1 Kommentar'],
    ['de', 2, '2 Kommentare'],
    ['no', 1, '1 kommentar'],
  ] as const)(
    '%s: %d comments read "%s", and <html lang> is its BCP 47 tag',
    async (language, count, text) => {
      const format = await inLanguage(language);
      expect(i18next.t('comments.section.title', { count, formatted: format.number(count) })).toBe(text);
      expect(document.documentElement.lang).toBe(LOCALE_OF[language]);
    },
  );

  it('formats numbers and dates by the tag, not the code', async () => {
    const january = '2025-01-12T12:00:00Z';
    const cz = await inLanguage('cz');
    expect(cz.number(1234.5)).toBe('1\u00a0234,5');
    expect(cz.date(january, { style: 'long' })).toBe('12. ledna 2025');
    // Austria has its own month names: "at" is de-AT, not German of Germany (nor English).
    expect((await inLanguage('at')).date(january, { style: 'long' })).toBe('12. Jänner 2025');
    expect((await inLanguage('de')).date(january, { style: 'long' })).toBe('12. Januar 2025');
    expect((await inLanguage('se')).date(january, { style: 'long' })).toBe('12 januari 2025');
  });

  it("names languages in the reader's language", async () => {
    const en = await inLanguage('en');
    expect([en.languageLabel('de'), en.languageLabel('no'), en.languageName('at')]).toEqual([
      'German',
      'Norwegian',
      'Austrian German',
    ]);
    const cz = await inLanguage('cz');
    expect([cz.languageLabel('de'), cz.languageName('sk')]).toEqual(['Němčina', 'slovenština']);
  });
});
