import { createHash, randomBytes } from 'node:crypto';

/** A fresh token for an emailed link, and the hash that is stored instead of it. */
export function newSingleUseToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSingleUseToken(token) };
}

export const hashSingleUseToken = (token: string) => createHash('sha256').update(token).digest('hex');
