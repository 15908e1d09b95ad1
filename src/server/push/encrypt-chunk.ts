// Explicit extensions: imported by the encryption threads, which may run on Node's type stripping.
import { encryptedLength, encryptForSubscription } from './encrypt.ts';
import type { ReceiptTokens } from './receipts.ts';

/** One push message for many subscriptions, each with its own receipt token. */
export interface ReceiptChunk {
  notificationId: string;
  /** The push message as JSON; `,"receipt":"<token>"` is added before its closing brace. */
  message: string;
  /** subscription id, p256dh, auth: three strings per subscription. */
  recipients: string[];
}

/** Encrypt one message with a receipt token per recipient; the bodies back to back in one buffer. */
export function encryptWithReceipts(
  receipts: ReceiptTokens,
  { notificationId, message, recipients }: ReceiptChunk,
): { buffer: Buffer; lengths: Int32Array } {
  const count = recipients.length / 3;
  const prefix = Buffer.from(`${message.slice(0, -1)},"receipt":"`);
  const suffix = Buffer.from('"}');
  // Tokens are "<uuid>.<22 base64url characters>", ASCII: one length for every recipient.
  const tokens: string[] = new Array(count);
  for (let i = 0; i < count; i++) tokens[i] = receipts.issue(notificationId, recipients[i * 3]!);
  const plainLength = prefix.length + (count > 0 ? Buffer.byteLength(tokens[0]!) : 0) + suffix.length;
  const buffer = Buffer.allocUnsafeSlow(count * encryptedLength(plainLength));
  const plain = Buffer.allocUnsafeSlow(plainLength);
  prefix.copy(plain, 0);
  suffix.copy(plain, plainLength - suffix.length);
  const lengths = new Int32Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const token = tokens[i]!;
    if (prefix.length + Buffer.byteLength(token) + suffix.length !== plainLength) {
      lengths[i] = -1;
      continue;
    }
    plain.write(token, prefix.length, 'latin1');
    try {
      const body = encryptForSubscription(recipients[i * 3 + 1]!, recipients[i * 3 + 2]!, plain, buffer, at);
      lengths[i] = body.length;
      at += body.length;
    } catch {
      lengths[i] = -1;
    }
  }
  return { buffer, lengths };
}
