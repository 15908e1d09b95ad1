import type { SqlExecutor } from '../../../db/client';
import { backoffMs } from '../../batches/notification-delivery.queues';
import type { BatchOutcomes } from '../../outcomes/delivery-outcomes';
import { markEmailsBounced } from './email-outcomes.repo';

/**
 * What the mail server answered for one email delivery (email-channel.ts): accepted; a 4xx for this
 * address (tried again later); no answer or a 4xx of the server's (the server is paused, the email
 * waits untried); a 5xx refusing the address (bounced: no email goes to it any more); another 5xx.
 */
export type EmailResult =
  | { kind: 'sent' }
  | { kind: 'retry'; status: number }
  | { kind: 'unreachable'; status: number | null; detail: string }
  | { kind: 'bounced'; status: number }
  | { kind: 'failed'; status: number | null };

/**
 * The email channel's outcome rules for one batch. The target is the user; the bounced addresses
 * are marked with each flush of the batch's outcomes. The server's own state (unreachable) is the
 * channel's pause, never an outcome.
 */
export function emailOutcomes(sql: SqlExecutor, batch: BatchOutcomes) {
  /** Users whose address the mail server refused for good. */
  const bounced: string[] = [];
  batch.onFlush(() => markEmailsBounced(sql, bounced.splice(0)));
  return {
    record(id: string, result: Exclude<EmailResult, { kind: 'unreachable' }>): void {
      switch (result.kind) {
        case 'sent':
          batch.ended(id, 'sent', 250);
          break;
        case 'bounced':
          bounced.push(id);
          batch.ended(id, 'failed', result.status);
          break;
        case 'failed':
          batch.ended(id, 'failed', result.status);
          break;
        case 'retry': {
          // A 4xx for one address (greylisting, a full mailbox): tried again with the backoff and
          // no cap on attempts, as a mail server's queue would; the batch fails it when the message
          // expires (a day).
          const attempts = batch.tryNumber(id);
          batch.pendingUntil(id, result.status, Date.now() + backoffMs(Math.min(attempts - 1, 20)));
          break;
        }
      }
    },
  };
}
