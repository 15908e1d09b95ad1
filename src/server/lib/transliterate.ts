/**
 * Letters that Unicode decomposition (NFKD) does not split into a base letter and a mark: they
 * are letters of their own, written this way in plain ASCII by convention.
 */
const OWN_LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};
const OWN_LETTER = new RegExp(`[${Object.keys(OWN_LETTERS).join('')}]`, 'g');

/**
 * Latin text in ASCII letters: "Café Roma" -> "Cafe Roma", "Žltá ľalia" -> "Zlta lalia",
 * "Straße" -> "Strasse". Accents go (NFKD splits them off as combining marks), the letters above
 * are spelled out; other scripts are left as they are (callers drop what is not ASCII).
 */
export function transliterate(text: string): string {
  return text
    .replace(OWN_LETTER, (letter) => OWN_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}
