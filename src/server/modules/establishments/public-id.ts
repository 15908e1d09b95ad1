import { randomInt } from 'node:crypto';
import { isValidPublicId } from '../../../shared/public-id';
import { transliterate } from '../../lib/transliterate';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** "Café Roma & Bar" -> "cafe-roma-bar", "Łódź" -> "lodz": ASCII, lower case, dashes, at most 40 characters. */
export function slugify(name: string): string {
  return transliterate(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** A readable, URL-safe public id from the name plus a random suffix, e.g. "cafe-roma-k7q2". */
export function newPublicId(name: string): string {
  for (;;) {
    let suffix = '';
    for (let i = 0; i < 4; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
    const slug = slugify(name);
    const id = slug ? `${slug}-${suffix}` : `place-${suffix}`;
    if (isValidPublicId(id)) return id;
  }
}
