import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * One thread of the crypto limit: the work RFC 8291 makes unavoidable per message, nothing else.
 * A fresh P-256 key pair, ECDH with the subscriber's key, the two HKDF steps (the auth secret's
 * IKM, then the salt's content encryption key and nonce), AES-128-GCM of the padded payload.
 */
const { subscribers, payloadBytes, seconds } = workerData as {
  subscribers: { publicKey: Uint8Array; auth: Uint8Array }[];
  payloadBytes: number;
  seconds: number;
};
const payload = Buffer.alloc(payloadBytes, 'x');
const delimiter = Buffer.from([2]);
const webPushInfo = Buffer.from('WebPush: info\0');
const cekInfo = Buffer.from('Content-Encoding: aes128gcm\0');
const nonceInfo = Buffer.from('Content-Encoding: nonce\0');

let messages = 0;
let bytes = 0;
const deadline = performance.now() + seconds * 1000;
while (performance.now() < deadline) {
  // Checking the clock costs little next to a key generation, but not nothing: 16 messages a look.
  for (let i = 0; i < 16; i++) {
    const subscriber = subscribers[messages % subscribers.length]!;
    const sender = createECDH('prime256v1');
    const senderPublic = sender.generateKeys();
    const shared = sender.computeSecret(subscriber.publicKey);
    const keyInfo = Buffer.concat([webPushInfo, subscriber.publicKey, senderPublic]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, subscriber.auth, keyInfo, 32));
    const salt = randomBytes(16);
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, cekInfo, 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, nonceInfo, 12));
    const cipher = createCipheriv('aes-128-gcm', cek, nonce);
    const body = Buffer.concat([
      cipher.update(payload),
      cipher.update(delimiter),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    bytes += body.length;
    messages++;
  }
}
parentPort!.postMessage({ messages, bytes });
