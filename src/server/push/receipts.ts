import { createHmac, createSecretKey, hkdfSync, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * HKDF's label for the receipt key. The key is derived from the JWT secret rather than being it: a
 * key serves one purpose, so a receipt MAC can never double as (or help forge) an access token's
 * signature, and the other way round. Changing the label invalidates receipts in flight only.
 */
export const RECEIPT_KEY_INFO = 'broadcast push receipt token v1';

/**
 * A receipt token travels inside each encrypted push message, so the service worker (which has no
 * session) can report that this subscription received or clicked this notification, and nobody
 * can forge a report for another one.
 */
export class ReceiptTokens {
  // A key object made once: keying HMAC from raw bytes costs several times the hashing itself.
  private readonly key: KeyObject;

  /** `secret` is the JWT secret; the HMAC key is derived from it (HKDF-SHA256, RECEIPT_KEY_INFO). */
  constructor(secret: Uint8Array) {
    this.key = createSecretKey(
      Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), RECEIPT_KEY_INFO, 32)),
    );
  }

  private mac(notificationId: string, subscriptionId: string) {
    return createHmac('sha256', this.key)
      .update(`receipt:${notificationId}:${subscriptionId}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  issue(notificationId: string, subscriptionId: string): string {
    return `${subscriptionId}.${this.mac(notificationId, subscriptionId)}`;
  }

  /** The subscription id the token was issued for, or null when it is not genuine. */
  verify(notificationId: string, token: string): string | null {
    const [subscriptionId, mac] = token.split('.');
    if (!subscriptionId || !mac || !/^[0-9a-f-]{36}$/.test(subscriptionId)) return null;
    const expected = Buffer.from(this.mac(notificationId, subscriptionId));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? subscriptionId : null;
  }
}
