import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every piece of UI text goes through i18next. This test reads each component and fails on text
 * written straight into JSX, or into an attribute a person reads or hears.
 */
const webDir = path.dirname(fileURLToPath(import.meta.url));
const TEXT_ATTRIBUTES = new Set([
  'label',
  'title',
  'placeholder',
  'alt',
  'aria-label',
  'helperText',
  'subheader',
  'primary',
  'secondary',
  'tooltip',
]);
// Letters in any script; a string of only symbols, digits or punctuation is not UI text.
const HAS_WORDS = /\p{L}{2,}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsxFiles(full);
    // Component tests are not UI: the names they look for are the English texts.
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** Text in JSX, or in a read-aloud attribute, that is not a t() call. */
function literalTexts(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_WORDS.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText())) {
      const init = node.initializer;
      const text =
        init && ts.isStringLiteral(init)
          ? init.text
          : init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
            ? init.expression.text
            : undefined;
      if (text && HAS_WORDS.test(text)) found.push(`${node.name.getText()}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('components hold no literal UI text', () => {
  const files = tsxFiles(webDir);
  it('finds the components', () => expect(files.length).toBeGreaterThan(5));
  it('catches text in JSX and in labels, and lets t() and symbols pass', () => {
    const code = `export const A = () => <div title="Hello there">Sign in <b>{t('x')}</b> · 2 <input aria-label={t('y')} placeholder={'Your name'} /></div>;`;
    expect(literalTexts('a.tsx', code)).toEqual([
      'title="Hello there"',
      'Sign in',
      'placeholder="Your name"',
    ]);
  });
  it.each(files.map((f) => [path.relative(webDir, f), f]))('%s', (_name, file) => {
    expect(literalTexts(file, readFileSync(file, 'utf8'))).toEqual([]);
  });
});
