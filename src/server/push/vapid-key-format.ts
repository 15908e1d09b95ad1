/** The shape of VAPID keys (RFC 8292), checked for the environment's pair and the stored one alike. */

const b64 = (value: string) => Buffer.from(value, 'base64url');

/**
 * A P-256 private scalar as exactly 32 bytes. OpenSSL gives it without leading zero bytes, so one
 * key in 256 comes out shorter, which JWK (and push services) refuse.
 */
export function fullLengthPrivateKey(key: Buffer): Buffer {
  if (key.length >= 32) return key;
  return Buffer.concat([Buffer.alloc(32 - key.length), key]);
}

export const PUBLIC_KEY_EXPECTED =
  'expected a base64url uncompressed P-256 public key (65 bytes), as `npx web-push generate-vapid-keys` prints it';
export const PRIVATE_KEY_EXPECTED =
  'expected a base64url P-256 private key (32 bytes), as `npx web-push generate-vapid-keys` prints it';

export const publicKeyValid = (key: string) => b64(key).length === 65 && b64(key)[0] === 4;

/** The private key padded to 32 bytes, or undefined when it is not one. */
export function privateKeyOf(key: string): string | undefined {
  const raw = b64(key);
  const padded = fullLengthPrivateKey(raw);
  return raw.length < 30 || padded.length !== 32 ? undefined : padded.toString('base64url');
}
