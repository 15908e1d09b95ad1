import { describe, expect, it } from 'vitest';
import { languageLabel, languageName } from './language-names';
import { LANGUAGES } from './languages';

describe('language names in the reader’s language', () => {
  it('reads in English as the English interface has always named them', () => {
    expect(LANGUAGES.map((language) => languageName(language, 'en'))).toEqual([
      'English',
      'Slovak',
      'Swedish',
      'Hungarian',
      'Czech',
      'Austrian German',
      'German',
      'Norwegian',
    ]);
  });

  it('reads in German for a German reader, in Austrian German for an Austrian one', () => {
    expect(LANGUAGES.map((language) => languageName(language, 'de'))).toEqual([
      'Englisch',
      'Slowakisch',
      'Schwedisch',
      'Ungarisch',
      'Tschechisch',
      'Österreichisches Deutsch',
      'Deutsch',
      'Norwegisch',
    ]);
    expect(languageName('sk', 'at')).toBe('Slowakisch');
  });

  it('keeps the small letter inside a sentence and takes a capital as a label (Czech)', () => {
    expect(languageName('sk', 'cz')).toBe('slovenština');
    expect(languageLabel('sk', 'cz')).toBe('Slovenština');
    expect(languageLabel('no', 'se')).toBe('Norska');
    // A name that already starts with a capital stays as it is.
    expect(languageLabel('at', 'de')).toBe('Österreichisches Deutsch');
  });
});
