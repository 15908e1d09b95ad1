import { createECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import { encryptForSubscription } from './encrypt';
import { encryptWithReceipts } from './encrypt-chunk';
import { ReceiptTokens } from './receipts';

/** A browser's subscription keys, and what it needs to decrypt. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth };
}

describe('RFC 8291 encryption', () => {
  it('produces messages the reference implementation (http_ece) decrypts', () => {
    const ua = browser();
    for (const text of ['', 'Lunch menu: soup and goulash 🍲', 'x'.repeat(3993)]) {
      const body = encryptForSubscription(ua.p256dh, ua.auth.toString('base64url'), Buffer.from(text));
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: ua.ecdh, authSecret: ua.auth });
      expect(plain.toString('utf8')).toBe(text);
      // Header: 16-byte salt, record size 4096, a 65-byte key id (the sender's public key).
      expect(body.readUInt32BE(16)).toBe(4096);
      expect(body[20]).toBe(65);
      expect(body.length).toBe(86 + Buffer.byteLength(text) + 1 + 16);
    }
  });

  it('uses a fresh key and salt for every message', () => {
    const ua = browser();
    const one = encryptForSubscription(ua.p256dh, ua.auth.toString('base64url'), Buffer.from('same'));
    const two = encryptForSubscription(ua.p256dh, ua.auth.toString('base64url'), Buffer.from('same'));
    expect(one.subarray(0, 16).equals(two.subarray(0, 16))).toBe(false);
    expect(one.subarray(21, 86).equals(two.subarray(21, 86))).toBe(false);
  });

  it('refuses a key that is not a P-256 point', () => {
    expect(() =>
      encryptForSubscription(
        Buffer.alloc(65, 7).toString('base64url'),
        'AAAAAAAAAAAAAAAAAAAAAA',
        Buffer.from('x'),
      ),
    ).toThrow();
    expect(() => encryptForSubscription('short', 'AAAAAAAAAAAAAAAAAAAAAA', Buffer.from('x'))).toThrow();
  });

  it('encrypts a chunk with a receipt per recipient, back to back, skipping unusable keys', () => {
    const receipts = new ReceiptTokens(randomBytes(32));
    const notificationId = '6f1c1a52-4d7e-4c43-9a51-0d3f4b8b8a10';
    const uas = [browser(), browser()];
    const ids = ['0b6a1c1e-8d44-4a36-9d6e-2f0f3f1f6a01', '0b6a1c1e-8d44-4a36-9d6e-2f0f3f1f6a02'];
    const message = JSON.stringify({ id: notificationId, text: 'Soup of the day' });
    const recipients = [
      ids[0]!,
      uas[0]!.p256dh,
      uas[0]!.auth.toString('base64url'),
      '0b6a1c1e-8d44-4a36-9d6e-2f0f3f1f6a03',
      Buffer.alloc(65, 7).toString('base64url'),
      'AAAAAAAAAAAAAAAAAAAAAA',
      ids[1]!,
      uas[1]!.p256dh,
      uas[1]!.auth.toString('base64url'),
    ];
    const { buffer, lengths } = encryptWithReceipts(receipts, { notificationId, message, recipients });
    expect(lengths[1]).toBe(-1);
    let at = 0;
    for (const i of [0, 2]) {
      const body = buffer.subarray(at, at + lengths[i]!);
      at += lengths[i]!;
      const ua = uas[i / 2]!;
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: ua.ecdh, authSecret: ua.auth });
      const parsed = JSON.parse(plain.toString('utf8')) as { text: string; receipt: string };
      expect(parsed.text).toBe('Soup of the day');
      expect(receipts.verify(notificationId, parsed.receipt)).toBe(ids[i / 2]);
    }
  });
});
