import type { AppContext } from '../../context';
import type { SqlExecutor } from '../../db/client';
import type { Outbox } from '../../events/outbox-handle';
import { deliverJob, jobId } from '../batches/notification-delivery.queues';
import { type ReleasedDelivery, rangesOfUsers } from './deferral.repo';

/**
 * Queue again the batches of deliveries let go after quiet hours: per notification, the
 * users are cut into ranges of at most PUSH_BATCH_SIZE, as a resumed fan-out cuts them. The job id
 * holds `tag` (the sweep's minute, or the user and the moment they changed their quiet hours), so
 * the same release queued twice runs once. The batch decides again whether each user is quiet.
 */
export async function queueReleased(
  ctx: AppContext,
  sql: SqlExecutor,
  outbox: Outbox,
  released: ReleasedDelivery[],
  tag: string,
): Promise<number> {
  const usersOf = new Map<string, string[]>();
  for (const { notificationId, userId } of released) {
    const users = usersOf.get(notificationId) ?? [];
    users.push(userId);
    usersOf.set(notificationId, users);
  }
  let jobs = 0;
  for (const [notificationId, users] of usersOf) {
    const ranges = await rangesOfUsers(sql, notificationId, users, ctx.config.push.batchSize);
    for (const { after, upto } of ranges) {
      await outbox.enqueue(
        deliverJob,
        { notificationId, after, upto, attempt: 0 },
        { id: jobId(notificationId, after, upto, 'quiet', tag) },
      );
      jobs++;
    }
  }
  return jobs;
}
