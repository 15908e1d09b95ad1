import { sendNotification } from '../../../shared/contracts/notifications.contracts';
import { pathWith } from '../../../shared/contracts/paths';
import { IDEMPOTENCY_HEADER } from '../../../shared/schemas/notification.schema';

/** One shell word in single quotes (a quote inside written '\''): nothing in it is expanded. */
export const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The environment variable the general example reads the key from. */
export const KEY_VARIABLE = 'BROADCAST_API_KEY';

/** A random Idempotency-Key; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0'));
  return [hex.slice(0, 4), hex.slice(4, 6), hex.slice(6, 8), hex.slice(8, 10), hex.slice(10)]
    .map((part) => part.join(''))
    .join('-');
}

/**
 * A curl command that sends (and posts) a notification for the establishment, exactly as the app's
 * compose form does: the send endpoint of the contracts, JSON, an Idempotency-Key. With `key` it
 * carries the key itself; without, it reads it from $BROADCAST_API_KEY. For sh, bash and zsh.
 */
export function curlSendExample(options: {
  origin: string;
  establishmentId: string;
  key?: string;
  idempotencyKey: string;
  text: string;
}): string {
  const url = `${options.origin}${pathWith(sendNotification.path, { id: options.establishmentId })}`;
  const authorization = options.key
    ? shellQuote(`Authorization: Bearer ${options.key}`)
    : `"Authorization: Bearer $${KEY_VARIABLE}"`;
  return [
    `curl -X POST ${shellQuote(url)}`,
    `  -H ${authorization}`,
    `  -H ${shellQuote('Content-Type: application/json')}`,
    `  -H ${shellQuote(`${headerName(IDEMPOTENCY_HEADER)}: ${options.idempotencyKey}`)}`,
    `  -d ${shellQuote(JSON.stringify({ text: options.text, post: true }))}`,
  ].join(' \\\n');
}

/** `idempotency-key` as HTTP documentation writes it: Idempotency-Key. */
const headerName = (name: string) =>
  name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('-');
