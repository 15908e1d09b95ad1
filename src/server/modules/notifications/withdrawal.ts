import { type Db, executorOf } from '../../db/client';
import { cancelPending, completeIfDone, notificationReplaceJob, replaceJobFor } from '../../delivery';
import type { Outbox } from '../../events/outbox';

/**
 * "Withdraw from phones", in the caller's transaction: what is still to be delivered is not, and the
 * devices that got it are told to take it away (one push each, by the replace job's walk).
 */
export async function queueWithdrawal(db: Db, enqueue: Outbox['enqueue'], notificationId: string) {
  const sql = executorOf(db);
  await cancelPending(sql, notificationId);
  await completeIfDone(sql, notificationId);
  const payload = { notificationId, kind: 'withdraw' as const, version: Date.now() };
  await enqueue(notificationReplaceJob, payload, replaceJobFor(payload));
}
