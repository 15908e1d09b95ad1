import { transliterate } from './transliterate';

/** Words joined by dashes: each run of `separator` becomes one dash, none at either end. */
const dashed = (text: string, separator: RegExp) =>
  text.split(separator).filter(Boolean).join('-').slice(0, 80).replace(/-+$/, '');

/** Percent-encoding of RFC 8187 (`filename*`): what encodeURIComponent leaves, less ' ( ) *. */
const rfc8187 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` of a download named after `name` (a business's name, an export's kind)
 * plus `suffix` (`-qr.png`, `-2026-11-23.csv`): an ASCII `filename` for every client, transliterated
 * ("Café Roma" -> `Cafe-Roma-qr.png`), and `filename*` with the name as written (`Café-Roma-qr.png`),
 * which browsers prefer. A name with no Latin letter falls back to `fallback`.
 */
export function attachment(name: string, suffix: string, fallback = 'download'): string {
  const ascii = dashed(transliterate(name), /[^A-Za-z0-9]+/) || fallback;
  const written = dashed(name.normalize('NFC'), /[^\p{L}\p{N}]+/u) || fallback;
  const header = `attachment; filename="${ascii}${suffix}"`;
  return written === ascii ? header : `${header}; filename*=UTF-8''${rfc8187(`${written}${suffix}`)}`;
}
