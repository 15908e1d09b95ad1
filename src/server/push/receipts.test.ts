import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RECEIPT_KEY_INFO, ReceiptTokens } from './receipts';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
const mac = (key: Uint8Array | string, notificationId: string, subscriptionId: string) =>
  createHmac('sha256', key)
    .update(`receipt:${notificationId}:${subscriptionId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

describe('receipt tokens', () => {
  const notificationId = randomUUID();
  const subscriptionId = randomUUID();
  const receipts = new ReceiptTokens(SECRET);

  it('are MACs under HKDF-SHA256(JWT secret, RECEIPT_KEY_INFO), never under the secret itself', () => {
    const derived = new Uint8Array(hkdfSync('sha256', SECRET, new Uint8Array(0), RECEIPT_KEY_INFO, 32));
    expect(Buffer.from(derived).equals(Buffer.from(SECRET))).toBe(false);
    const token = receipts.issue(notificationId, subscriptionId);
    expect(token).toBe(`${subscriptionId}.${mac(derived, notificationId, subscriptionId)}`);
    expect(token).not.toBe(`${subscriptionId}.${mac(SECRET, notificationId, subscriptionId)}`);
    expect(
      receipts.verify(notificationId, `${subscriptionId}.${mac(SECRET, notificationId, subscriptionId)}`),
    ).toBe(null);
  });

  it('verify what they issued, for that notification only', () => {
    const token = receipts.issue(notificationId, subscriptionId);
    expect(receipts.verify(notificationId, token)).toBe(subscriptionId);
    expect(receipts.verify(randomUUID(), token)).toBe(null);
    expect(new ReceiptTokens(new TextEncoder().encode('another-secret')).verify(notificationId, token)).toBe(
      null,
    );
  });
});
