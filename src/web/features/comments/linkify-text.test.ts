import { describe, expect, it } from 'vitest';
import { linkParts } from './linkify-text';

describe('linkParts', () => {
  it('makes http(s) addresses links and keeps the rest as text', () => {
    expect(linkParts('Menu: https://example.com/menu?day=1, or www.bistro.example.org.')).toEqual([
      { kind: 'text', text: 'Menu: ' },
      { kind: 'link', text: 'https://example.com/menu?day=1', href: 'https://example.com/menu?day=1' },
      { kind: 'text', text: ', or ' },
      { kind: 'link', text: 'www.bistro.example.org', href: 'http://www.bistro.example.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves other schemes, emails and markup as plain text', () => {
    const text = 'javascript:alert(1) ftp://files.example.com mail@shop.example <a href="x">x</a>';
    expect(linkParts(text)).toEqual([{ kind: 'text', text }]);
  });

  it('keeps every character of the text, in order', () => {
    for (const text of [
      '',
      'no links',
      '(http://paren.example/x)',
      'a https://a.example b https://b.example',
    ]) {
      expect(
        linkParts(text)
          .map((part) => part.text)
          .join(''),
      ).toBe(text);
    }
  });
});
