import { operatorNoticeEvent } from '../../events/internal-event-builders';
import type { Outbox } from '../../events/outbox-handle';
import { insertNotice, type NewOperatorNotice } from './operator-notices.repo';

/** The window of `ms` (aligned to the epoch: hours, UTC days) that `at` falls in. */
export function digestWindow(at: Date, ms: number): { from: Date; to: Date } {
  const start = Math.floor(at.getTime() / ms) * ms;
  return { from: new Date(start), to: new Date(start + ms) };
}

/**
 * Tell a business's operators without push, by email, that something came in (a comment, a
 * message), in the caller's transaction: the notice is stored and recorded as an event, whose
 * consumer queues the emails of every cadence (events/mail-consumers.ts): one for this notice, and
 * the business's hourly and daily digests, each starting when its window ends.
 */
export async function queueOperatorNotice(outbox: Outbox, notice: NewOperatorNotice): Promise<void> {
  const noticeId = await insertNotice(outbox.db, notice);
  await outbox.emit(operatorNoticeEvent(noticeId, notice.establishmentId, notice.createdAt));
}
