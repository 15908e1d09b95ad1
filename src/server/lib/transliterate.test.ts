import { describe, expect, it } from 'vitest';
import { slugify } from '../modules/establishments/public-id';
import { attachment } from './download-names';
import { transliterate } from './transliterate';

describe('transliterate', () => {
  it.each([
    ['Café Roma', 'Cafe Roma'],
    ['Žltá ľalia', 'Zlta lalia'],
    ['Kávéház Győr', 'Kavehaz Gyor'],
    ['Crème brûlée', 'Creme brulee'],
    ['Straße', 'Strasse'],
    ['GROẞE', 'GROSSE'],
    ['Smørrebrød', 'Smorrebrod'],
    ['Ærø', 'AEro'],
    ['Łódź', 'Lodz'],
    ['Đakovo', 'Dakovo'],
    ['Œuvre', 'OEuvre'],
    ['Þórður', 'Thordur'],
    ['ﬁne', 'fine'],
  ])('%s -> %s', (text, ascii) => {
    expect(transliterate(text)).toBe(ascii);
  });

  it('leaves other scripts as they are', () => {
    expect(transliterate('Кафе 東京')).toBe('Кафе 東京');
  });

  it('makes the public ids of new businesses from the whole name', () => {
    expect(slugify('Straße Café Łódź')).toBe('strasse-cafe-lodz');
  });
});

describe('attachment', () => {
  it('names the file in ASCII and, when it differs, as written in filename*', () => {
    expect(attachment('Café Roma', '-qr.png')).toBe(
      `attachment; filename="Cafe-Roma-qr.png"; filename*=UTF-8''Caf%C3%A9-Roma-qr.png`,
    );
    expect(attachment('Žltá ľalia', '-qr.svg')).toBe(
      `attachment; filename="Zlta-lalia-qr.svg"; filename*=UTF-8''%C5%BDlt%C3%A1-%C4%BEalia-qr.svg`,
    );
  });

  it('gives an ASCII name alone, punctuation and quotes made dashes', () => {
    expect(attachment('customers', '-2026-11-23.csv')).toBe(
      'attachment; filename="customers-2026-11-23.csv"',
    );
    expect(attachment(`Tom's "Bar" & Grill / Pub`, '-qr.png')).toBe(
      'attachment; filename="Tom-s-Bar-Grill-Pub-qr.png"',
    );
  });

  it('falls back for a name with no Latin letter, keeping the name in filename*', () => {
    expect(attachment('東京', '-qr.png', 'business')).toBe(
      `attachment; filename="business-qr.png"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC-qr.png`,
    );
  });

  it('keeps a long name to 80 characters before the suffix', () => {
    const header = attachment('A'.repeat(200), '-qr.png');
    expect(header).toBe(`attachment; filename="${'A'.repeat(80)}-qr.png"`);
  });
});
