import { z } from 'zod';
import { jobId } from '../delivery';
import type { Outbox } from '../events/outbox-handle';

/**
 * The scheduler of scheduled sends: every minute (and once at start, and once at each
 * send's own time, see nudgeRelease), release the notifications that are due and queue their
 * fan-out, the same durable job a send now queues. Idempotent and safe to run in several processes
 * at once: each run takes only the rows no other run holds. Its handler: release-scheduled.job.ts.
 */
export const releaseScheduledJob = { queue: 'notification.release-scheduled', payload: z.object({}) };

/**
 * Queue a run of the scheduler at a send's own time, in the caller's transaction, so that it goes
 * out within seconds of it rather than at the next minute's run (which remains the backstop). Queued
 * by the consumer of `notification.scheduled` and `notification.rescheduled` (events/consumers.ts).
 */
export async function nudgeRelease(enqueue: Outbox['enqueue'], notificationId: string, at: Date) {
  await enqueue(
    releaseScheduledJob,
    {},
    { id: jobId('release', notificationId, at.toISOString()), startAfter: at },
  );
}
