import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A visitor of one day: sha256 of the day's salt, the client's IP address and User-Agent, in hex.
 * Without the salt (deleted after a day or two) the hash cannot be recomputed from an address, and
 * the same person gets another hash the next day.
 */
export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('hex');
}

const keyOf = (salt: string) => createHash('sha256').update(`forward\n${salt}`).digest();

/**
 * The IP address a forwarding job passes on, sealed (AES-256-GCM) with a key derived from the day's
 * salt: the job's row (pg-boss keeps finished jobs for days) becomes unreadable once that salt is
 * deleted, so no address outlives the visitor hash it is as sensitive as.
 */
export function sealAddress(salt: string, ip: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(salt), iv);
  const sealed = Buffer.concat([cipher.update(ip, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The address sealed by sealAddress; undefined when it cannot be opened with this salt. */
export function openAddress(salt: string, sealed: string): string | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(salt), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
