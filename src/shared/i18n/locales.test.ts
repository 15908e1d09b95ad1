import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const NAMESPACES = ['common', 'auth'];

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

/** Flatten nested keys: { a: { b: 'x' } } -> { 'a.b': 'x' } (arrays by index). */
function flatten(tree: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof tree === 'string') out[prefix] = tree;
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Tree))
      flatten(value, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const load = (lang: string, ns: string) =>
  flatten(JSON.parse(readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as Tree);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

// Values that are legitimately the same in every language.
const SAME_EVERYWHERE = /^(Broadcast|OK|E-?mail|Email|ZIP|PSČ|IČO|DIČ|\W*|[\d\s.,:/-]+|\{\{\w+\}\}.*)$/i;

describe('translations', () => {
  it('has exactly the 8 languages of the spec, each with both namespaces', () => {
    expect(readdirSync(dir).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) expect(() => load(lang, ns), `${lang}/${ns}`).not.toThrow();
    }
  });

  describe.each(LANGUAGES.filter((l) => l !== 'en'))('%s', (lang) => {
    it.each(NAMESPACES)('%s: has every English key, no extra key, and the same placeholders', (ns) => {
      const en = load('en', ns);
      const other = load(lang, ns);
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(other[key] ?? ''), `${lang}/${ns}:${key}`).toEqual(placeholders(text));
      }
    });

    it.each(NAMESPACES)('%s: is a translation, not an English copy', (ns) => {
      const en = load('en', ns);
      const other = load(lang, ns);
      const long = Object.entries(en).filter(
        ([, text]) => text.split(/\s+/).length >= 3 && !SAME_EVERYWHERE.test(text),
      );
      const copied = long.filter(([key, text]) => other[key] === text).map(([key]) => key);
      // Austrian German shares most text with German, not with English; any language may keep a few names.
      expect(
        copied.length,
        `${lang}/${ns} copies English: ${copied.slice(0, 10).join(', ')}`,
      ).toBeLessThanOrEqual(Math.max(2, Math.floor(long.length * 0.02)));
    });
  });
});
