import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): HMAC-SHA256 over
 * `{webhook-id}.{webhook-timestamp}.{body}` with the secret's bytes, sent as `v1,<base64>`.
 */

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 24 random bytes in base64, as the specification suggests. */
export const newWebhookSecret = (): string => SECRET_PREFIX + randomBytes(24).toString('base64');

/** The headers that sign one call. `timestamp` is in seconds since the epoch. */
export function signatureHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}
