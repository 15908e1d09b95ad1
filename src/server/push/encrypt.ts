import { createCipheriv, createECDH, createHmac, createSecretKey, ECDH, randomBytes } from 'node:crypto';

/**
 * RFC 8291 message encryption for web push (aes128gcm content coding, RFC 8188), one record.
 * Written on Node's primitives rather than taken from `web-push`'s `encrypt` (through `http_ece`),
 * and shaped by what costs on Node 24 / OpenSSL 3.5 (`bench/fanout/crypto-micro.ts`, one core, best
 * of interleaved rounds; its figures in docs/benchmarks.md#fan-out): the arithmetic is cheap,
 * object creation and key handling are not.
 * - One ECDH object per thread, `generateKeys()` per message: a fresh sender key pair every
 *   message as RFC 8291 section 3.1 requires, without building an EC_KEY and its group each time.
 *   About half of `computeSecret` is OpenSSL re-checking our own new pair; the
 *   KeyObject path (`generateKeyPairSync` + `diffieHellman`) avoids that check but needs the
 *   browser's key as a KeyObject, and building one per subscriber costs more than the check saves:
 *   that path wins only with the subscriber's KeyObject cached, i.e. a cache as large as the
 *   audience (one send never meets a subscriber twice).
 * - HKDF as its five HMACs (RFC 5869: extract, and one expand block each, as every output is at
 *   most 32 bytes), each keyed by a KeyObject: Node checks a raw-bytes key far more slowly than it
 *   hashes (an HMAC keyed by a Buffer, or `hkdfSync`, costs several times as much).
 * - AES-128-GCM keyed by a KeyObject for the same reason.
 * - Salts cut from a pooled `randomBytes(4096)` (a call per salt costs more than the cut).
 * Checked against `http_ece`'s decryption in
 * encrypt.test.ts and by the test push service, which decrypts every message.
 */

const KEY_INFO_PREFIX = Buffer.from('WebPush: info\0');
/** HKDF-Expand's first block: info || 0x01. */
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0\x01', 'latin1');
const ONE = Buffer.from([1]);
const RECORD_SIZE = 4096;
const LAST_RECORD_DELIMITER = Buffer.from([2]);
/** salt (16) + record size (4) + key id length (1) + sender public key (65). */
const HEADER_BYTES = 86;
/** The padding delimiter and the GCM tag. */
const OVERHEAD = HEADER_BYTES + 1 + 16;

/** This thread's ECDH object: generateKeys() replaces its key pair with a fresh one per message. */
let sender: ECDH | undefined;
let saltPool = Buffer.alloc(0);
let saltOffset = 0;

function salt(): Buffer {
  if (saltOffset + 16 > saltPool.length) {
    saltPool = randomBytes(4096);
    saltOffset = 0;
  }
  saltOffset += 16;
  return saltPool.subarray(saltOffset - 16, saltOffset);
}

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const mac = createHmac('sha256', createSecretKey(key));
  for (const part of data) mac.update(part);
  return mac.digest();
}

/** The size of the encrypted body for a plaintext of `bytes`. */
export const encryptedLength = (bytes: number) => bytes + OVERHEAD;

/** Throws unless `p256dh` (base64url) is an uncompressed point on P-256. */
export function assertBrowserKey(p256dh: string): void {
  const raw = Buffer.from(p256dh, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 point');
  ECDH.convertKey(raw, 'prime256v1');
}

/**
 * Encrypt `plaintext` for one subscription with a fresh sender key pair and salt, into `out` at
 * `offset` when given (encryptedLength(plaintext.length) bytes), else into a new buffer.
 */
export function encryptForSubscription(
  p256dh: string,
  auth: string,
  plaintext: Uint8Array,
  out?: Buffer,
  offset = 0,
): Buffer {
  const uaPublic = Buffer.from(p256dh, 'base64url');
  if (uaPublic.length !== 65 || uaPublic[0] !== 4)
    throw new Error('p256dh is not an uncompressed P-256 point');
  const authSecret = Buffer.from(auth, 'base64url');
  sender ??= createECDH('prime256v1');
  const localPublic = sender.generateKeys();
  const ecdhSecret = sender.computeSecret(uaPublic);
  // RFC 8291 section 3.4: IKM = HKDF(auth, ecdh_secret, "WebPush: info" || ua_public || as_public, 32).
  const ikm = hmac(hmac(authSecret, ecdhSecret), KEY_INFO_PREFIX, uaPublic, localPublic, ONE);
  // RFC 8188 section 2.2: CEK and nonce from HKDF(salt, IKM).
  const saltBytes = salt();
  const prk = hmac(saltBytes, ikm);
  const cek = hmac(prk, CEK_INFO).subarray(0, 16);
  const nonce = hmac(prk, NONCE_INFO).subarray(0, 12);

  const length = plaintext.length + OVERHEAD;
  const body = out ? out.subarray(offset, offset + length) : Buffer.allocUnsafeSlow(length);
  if (body.length !== length) throw new Error('no room for the encrypted message');
  saltBytes.copy(body, 0);
  body.writeUInt32BE(RECORD_SIZE, 16);
  body[20] = localPublic.length;
  localPublic.copy(body, 21);
  const cipher = createCipheriv('aes-128-gcm', createSecretKey(cek), nonce);
  // One record: the content, then the delimiter of the last record (RFC 8188 section 2).
  let at = HEADER_BYTES;
  at += cipher.update(plaintext).copy(body, at);
  at += cipher.update(LAST_RECORD_DELIMITER).copy(body, at);
  at += cipher.final().copy(body, at);
  cipher.getAuthTag().copy(body, at);
  return body;
}
