import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushMessageBytes, pushMessageOf, utf8Bytes } from './payload';

describe('utf8Bytes', () => {
  it('counts as TextEncoder does, lone surrogates included', () => {
    const encoder = new TextEncoder();
    for (const text of ['', 'abc', 'é', '€', '😀', 'a\uD800b', '\uDC00', 'שלום', '日本語']) {
      expect(utf8Bytes(text)).toBe(encoder.encode(text).length);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => utf8Bytes(text) === encoder.encode(text).length),
    );
  });

  it('measures a message as sent', () => {
    const message = pushMessageOf({
      id: 'n1',
      establishmentId: 'e1',
      establishmentName: 'Café 😀',
      text: 'Ouvert dès 8 h',
      logo: null,
      media: null,
      createdAt: 0,
    });
    expect(pushMessageBytes(message)).toBe(new TextEncoder().encode(JSON.stringify(message)).length);
  });
});
