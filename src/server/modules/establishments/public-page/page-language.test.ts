import { describe, expect, it } from 'vitest';
import { translator } from './page-language';

describe('the light pages’ translations', () => {
  it('pick plural forms by the language\'s locale: Czech 3 is "few", not English "other"', () => {
    const say = (language: 'cz' | 'se' | 'sk', count: number) =>
      translator(language)('comments.section.title', { count, formatted: String(count) });
    expect(say('cz', 3)).toBe('3 komentáře');
    expect(say('cz', 5)).toBe('5 komentářů');
    expect(say('sk', 3)).toBe('3 komentáre');
    expect(say('se', 1)).toBe('1 kommentar');
  });
});
