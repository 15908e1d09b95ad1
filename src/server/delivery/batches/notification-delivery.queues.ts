import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { PushOptions } from '../../push/push-sender';

/** The delivery queues, their payloads and the retry policy: what a sender queues and the sweep resumes. */

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_CAP_MS = 10 * 60_000;

/**
 * Announcements, menus and offers lose their point after a day; a phone offline longer than that
 * should not wake up to yesterday's lunch menu. Normal urgency: worth showing, not worth waking a
 * phone in battery saver (RFC 8030 section 5.3).
 */
export const PUSH_OPTIONS: PushOptions = { ttl: 24 * 3600, urgency: 'normal' };

export const fanoutJob = {
  queue: 'notification.fanout',
  payload: z.object({
    notificationId: z.uuid(),
    /** From the sweep, which saw no live job of this send: hand out its pending batches again. */
    resume: z.boolean().default(false),
  }),
};
/** One planned range of a large send's audience, walked by any worker. */
export const fanoutRangeJob = {
  queue: 'notification.fanout-range',
  payload: z.object({ notificationId: z.uuid(), part: z.number().int().min(0) }),
};
const batchPayload = z.object({
  notificationId: z.uuid(),
  /** The batch: the deliveries of the members whose user ids are in (after, upto]. */
  after: z.uuid().nullable(),
  upto: z.uuid(),
  attempt: z.number().int().min(0).default(0),
});
/** A queue of one channel's batches (each channel names its own, channels/<name>/queues.ts). */
export const batchQueue = (queue: string) => ({ queue, payload: batchPayload });
export type BatchJob = ReturnType<typeof batchQueue>;
/** A job id made from what the job does: enqueuing the same batch twice (a fan-out rerun) keeps one. */
export function jobId(...parts: (string | number | null)[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Capped exponential backoff with jitter, so retries of many subscriptions do not arrive together. */
export function backoffMs(attempt: number, random = Math.random()): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random * 0.5));
}
