/** The part of `http_ece` (the reference aes128gcm implementation, no published types) the tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
