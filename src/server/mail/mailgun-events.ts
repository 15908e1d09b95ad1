import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Mailgun's event webhooks (https://documentation.mailgun.com, "Securing Webhooks"): each call
 * carries `signature: { timestamp, token, signature }`, the signature being HMAC-SHA256 of
 * timestamp and token (no separator) with the account's webhook signing key, in hex. It does not
 * cover the event itself: a signature is fresh for a short time only, and its token is taken once.
 */

/** The user variable our emails carry (X-Mailgun-Variables) for Mailgun to hand back in events. */
export const MAILGUN_TOKEN_VARIABLE = 'broadcast-unsubscribe';

/** How far a signature's timestamp may be from now, either way. */
export const MAILGUN_FRESH_SECONDS = 15 * 60;

/** The X-Mailgun-Variables header's value naming this email's follower and business. */
export const mailgunVariables = (unsubscribeToken: string) =>
  JSON.stringify({ [MAILGUN_TOKEN_VARIABLE]: unsubscribeToken });

/** Why a signature is refused, or null when it holds. */
export function mailgunSignatureProblem(
  key: string,
  signature: { timestamp: string | number; token: string; signature: string },
  nowMs: number,
): string | null {
  const expected = createHmac('sha256', key).update(`${signature.timestamp}${signature.token}`).digest();
  const given = Buffer.from(signature.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 'signature.signature does not match MAILGUN_WEBHOOK_SIGNING_KEY: not signed by Mailgun with this key.';
  }
  const skew = Math.round(nowMs / 1000 - Number(signature.timestamp));
  if (Math.abs(skew) > MAILGUN_FRESH_SECONDS) {
    const minutes = Math.round(Math.abs(skew) / 60);
    return `signature.timestamp is ${minutes} minutes ${skew > 0 ? 'old' : 'ahead'}; at most ${MAILGUN_FRESH_SECONDS / 60} are accepted.`;
  }
  return null;
}
