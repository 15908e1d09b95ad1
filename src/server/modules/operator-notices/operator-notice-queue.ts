import { jobId } from '../../delivery';
import type { Outbox } from '../../events/outbox-handle';
import { operatorNoticeMailJob } from '../../jobs/operator-notice-mail.job';
import { insertNotice, type NewOperatorNotice } from './operator-notices.repo';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The window of `ms` (aligned to the epoch: hours, UTC days) that `at` falls in. */
export function digestWindow(at: Date, ms: number): { from: Date; to: Date } {
  const start = Math.floor(at.getTime() / ms) * ms;
  return { from: new Date(start), to: new Date(start + ms) };
}

/**
 * Tell a business's operators without push, by email, that something came in (a comment, a
 * message), in the caller's transaction: the notice is stored, then the emails of every cadence are
 * queued: one for this notice ("immediately"), and the business's hourly and daily digests, one job
 * per window (the same job id for every notice of the window), each starting when its window ends.
 * Which operators get which is the job's question (their cadence, whether they have push).
 */
export async function queueOperatorNotice(outbox: Outbox, notice: NewOperatorNotice): Promise<void> {
  const noticeId = await insertNotice(outbox.db, notice);
  const { establishmentId } = notice;
  await outbox.enqueue(
    operatorNoticeMailJob,
    { establishmentId, cadence: 'immediately', noticeId },
    { id: jobId('operator-notice', noticeId) },
  );
  for (const [cadence, ms] of [
    ['hourly', HOUR_MS],
    ['daily', DAY_MS],
  ] as const) {
    const { from, to } = digestWindow(notice.createdAt, ms);
    await outbox.enqueue(
      operatorNoticeMailJob,
      { establishmentId, cadence, from: from.toISOString(), to: to.toISOString() },
      { id: jobId('operator-digest', establishmentId, cadence, from.toISOString()), startAfter: to },
    );
  }
}
