/**
 * Micro-benchmark of the ways to do RFC 8291's per-message steps on Node's crypto, one core:
 * push/encrypt.ts uses the fastest of these. The candidates run interleaved, many short
 * rounds each, and the best round counts, so other work on the machine skews them alike.
 *
 *   npx tsx bench/fanout/crypto-micro.ts [--rounds 30]
 */
import {
  createCipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  createSecretKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { loadavg } from 'node:os';
import { encryptForSubscription } from '../../src/server/push/encrypt';

const index = process.argv.indexOf('--rounds');
const ROUNDS = index >= 0 ? Number(process.argv[index + 1]) : 30;
const PER_ROUND = 100;

const subscribers = Array.from({ length: 256 }, () => {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return { publicKey, auth, p256dh: publicKey.toString('base64url'), authB64: auth.toString('base64url') };
});
let k = 0;
const next = () => subscribers[k++ & 255]!;

const rawPublic = (point: Buffer) =>
  createPublicKey({ key: point, format: 'raw-public', asymmetricKeyType: 'ec', namedCurve: 'prime256v1' });
const jwkPublic = (point: Buffer) =>
  createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
const SPKI_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');
const spkiPublic = (point: Buffer) =>
  createPublicKey({ key: Buffer.concat([SPKI_PREFIX, point]), format: 'der', type: 'spki' });
const cachedKeys = new Map<Buffer, KeyObject>(subscribers.map((s) => [s.publicKey, rawPublic(s.publicKey)]));

const secret = randomBytes(32);
const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), randomBytes(65), randomBytes(65)]);
const cekInfo = Buffer.from('Content-Encoding: aes128gcm\0');
const nonceInfo = Buffer.from('Content-Encoding: nonce\0');
const one = Buffer.from([1]);
const keyInfo1 = Buffer.concat([keyInfo, one]);
const cekInfo1 = Buffer.concat([cekInfo, one]);
const nonceInfo1 = Buffer.concat([nonceInfo, one]);
const hmacBuffer = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
const hmacKey = (key: Buffer, data: Buffer) =>
  createHmac('sha256', createSecretKey(key)).update(data).digest();
const payload = Buffer.concat([randomBytes(564), Buffer.from([2])]);
const key16 = randomBytes(16);
const iv = randomBytes(12);
const reused = createECDH('prime256v1');
reused.generateKeys();
const kp = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const otherPublic = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey;

/** HKDF as RFC 8291 uses it, by 5 HMACs keyed through KeyObjects. */
function hkdf5(shared: Buffer, auth: Buffer, salt: Buffer) {
  const ikm = hmacKey(hmacKey(auth, shared), keyInfo1);
  const prk = hmacKey(salt, ikm);
  return [hmacKey(prk, cekInfo1).subarray(0, 16), hmacKey(prk, nonceInfo1).subarray(0, 12)] as const;
}
function aes(cek: Buffer, nonce: Buffer) {
  const c = createCipheriv('aes-128-gcm', cek, nonce);
  return [c.update(payload), c.final(), c.getAuthTag()];
}

const candidates: [string, () => unknown][] = [
  [
    'ECDH: createECDH + generateKeys + computeSecret (before)',
    () => {
      const e = createECDH('prime256v1');
      e.generateKeys();
      return e.computeSecret(next().publicKey);
    },
  ],
  [
    'ECDH: one ECDH per thread, generateKeys + computeSecret',
    () => {
      reused.generateKeys();
      return reused.computeSecret(next().publicKey);
    },
  ],
  ['ECDH: one ECDH, generateKeys alone', () => reused.generateKeys()],
  [
    'ECDH: one ECDH, computeSecret alone (checks its own pair first)',
    () => reused.computeSecret(next().publicKey),
  ],
  ['KeyObject: generateKeyPairSync(ec)', () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' })],
  ['KeyObject: export raw-public', () => kp.publicKey.export({ format: 'raw-public' })],
  ['KeyObject: export jwk', () => kp.publicKey.export({ format: 'jwk' })],
  [
    'KeyObject: diffieHellman (both KeyObjects built)',
    () => diffieHellman({ privateKey: kp.privateKey, publicKey: otherPublic }),
  ],
  ['KeyObject: subscriber key from raw-public', () => rawPublic(next().publicKey)],
  ['KeyObject: subscriber key from jwk', () => jwkPublic(next().publicKey)],
  ['KeyObject: subscriber key from spki der', () => spkiPublic(next().publicKey)],
  [
    'KeyObject: keygen + export raw + diffieHellman, subscriber key cached',
    () => {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      publicKey.export({ format: 'raw-public' });
      return diffieHellman({ privateKey, publicKey: cachedKeys.get(next().publicKey)! });
    },
  ],
  [
    'KeyObject: keygen + export raw + diffieHellman, subscriber key built',
    () => {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      publicKey.export({ format: 'raw-public' });
      return diffieHellman({ privateKey, publicKey: rawPublic(next().publicKey) });
    },
  ],
  [
    'HKDF: 3 hkdfSync (before)',
    () => {
      const ikm = Buffer.from(hkdfSync('sha256', secret, next().auth, keyInfo, 32));
      const salt = randomBytes(16);
      return [hkdfSync('sha256', ikm, salt, cekInfo, 16), hkdfSync('sha256', ikm, salt, nonceInfo, 12)];
    },
  ],
  [
    'HKDF: 3 hkdfSync, keys as KeyObjects',
    () => {
      const ikm = Buffer.from(hkdfSync('sha256', createSecretKey(secret), next().auth, keyInfo, 32));
      const salt = randomBytes(16);
      const ikmKey = createSecretKey(ikm);
      return [hkdfSync('sha256', ikmKey, salt, cekInfo, 16), hkdfSync('sha256', ikmKey, salt, nonceInfo, 12)];
    },
  ],
  [
    'HKDF: 5 createHmac, Buffer keys',
    () => {
      const ikm = hmacBuffer(hmacBuffer(next().auth, secret), keyInfo1);
      const prk = hmacBuffer(randomBytes(16), ikm);
      return [hmacBuffer(prk, cekInfo1), hmacBuffer(prk, nonceInfo1)];
    },
  ],
  ['HKDF: 5 createHmac, keys as KeyObjects', () => hkdf5(secret, next().auth, randomBytes(16))],
  ['HMAC: one createHmac, Buffer key', () => hmacBuffer(next().auth, secret)],
  ['HMAC: one createHmac, createSecretKey', () => hmacKey(next().auth, secret)],
  ['salt: randomBytes(16)', () => randomBytes(16)],
  ['AES-128-GCM 565 bytes: createCipheriv + update + final + tag', () => aes(key16, iv)],
  ['AES-128-GCM: createCipheriv alone', () => createCipheriv('aes-128-gcm', key16, iv)],
  [
    'message (before): createECDH, 3 hkdfSync, AES, concat',
    () => {
      const s = next();
      const e = createECDH('prime256v1');
      const pub = e.generateKeys();
      const shared = e.computeSecret(s.publicKey);
      const ikm = Buffer.from(
        hkdfSync('sha256', shared, s.auth, Buffer.concat([keyInfo.subarray(0, 14), s.publicKey, pub]), 32),
      );
      const salt = randomBytes(16);
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, cekInfo, 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, nonceInfo, 12));
      return Buffer.concat([salt, pub, ...aes(cek, nonce)]);
    },
  ],
  [
    'message: one ECDH, 5 HMAC (KeyObjects), AES',
    () => {
      const s = next();
      const pub = reused.generateKeys();
      const shared = reused.computeSecret(s.publicKey);
      const salt = randomBytes(16);
      const [cek, nonce] = hkdf5(shared, s.auth, salt);
      return Buffer.concat([salt, pub, ...aes(cek, nonce)]);
    },
  ],
  [
    'message: push/encrypt.ts encryptForSubscription (base64url keys in, body out)',
    () => {
      const s = next();
      return encryptForSubscription(s.p256dh, s.authB64, payload.subarray(0, 564));
    },
  ],
  [
    'message: keygen + diffieHellman (key built), 5 HMAC, AES',
    () => {
      const s = next();
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      const pub = publicKey.export({ format: 'raw-public' });
      const shared = diffieHellman({ privateKey, publicKey: rawPublic(s.publicKey) });
      const salt = randomBytes(16);
      const [cek, nonce] = hkdf5(shared, s.auth, salt);
      return Buffer.concat([salt, pub, ...aes(cek, nonce)]);
    },
  ],
  [
    'message: keygen + diffieHellman (key cached), 5 HMAC, AES',
    () => {
      const s = next();
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      const pub = publicKey.export({ format: 'raw-public' });
      const shared = diffieHellman({ privateKey, publicKey: cachedKeys.get(s.publicKey)! });
      const salt = randomBytes(16);
      const [cek, nonce] = hkdf5(shared, s.auth, salt);
      return Buffer.concat([salt, pub, ...aes(cek, nonce)]);
    },
  ],
];

console.log(
  `Node ${process.version}, OpenSSL ${process.versions.openssl}, load ${loadavg()[0]!.toFixed(2)}, best of ${ROUNDS} interleaved rounds of ${PER_ROUND}`,
);
const best = candidates.map(() => Number.POSITIVE_INFINITY);
for (const [, fn] of candidates) for (let i = 0; i < 50; i++) fn();
for (let round = 0; round < ROUNDS; round++) {
  candidates.forEach(([, fn], i) => {
    const started = performance.now();
    for (let j = 0; j < PER_ROUND; j++) fn();
    best[i] = Math.min(best[i]!, ((performance.now() - started) * 1000) / PER_ROUND);
  });
}
candidates.forEach(([name], i) => {
  console.log(`  ${name.padEnd(72)} ${best[i]!.toFixed(1).padStart(7)} µs`);
});
console.log(`load at the end ${loadavg()[0]!.toFixed(2)}`);
