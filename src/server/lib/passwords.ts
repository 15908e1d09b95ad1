import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum memory cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hash a password with argon2id. */
export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verified against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

/** Verify a password; with no stored hash, spend the same time and answer false. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

// No look-alike characters (0/O, 1/l/I), so a password read from an email is typed right.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password for accounts created on someone's behalf. */
export function generatePassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
