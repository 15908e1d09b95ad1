import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { AppContext } from '../../context';
import type { SqlExecutor } from '../../db/client';
import type { Outbox } from '../../events/outbox-handle';
import { jobId } from '../batches/notification-delivery.queues';
import { channelNamed } from '../channels';
import { type ReleasedDelivery, rangesOfUsers } from './deferral.repo';

/**
 * Queue again the batches of deliveries let go after quiet hours: per notification and channel, the
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
  const usersOf = new Map<string, { notificationId: string; channel: DeliveryChannel; users: string[] }>();
  for (const { notificationId, channel, userId } of released) {
    const key = `${notificationId}|${channel}`;
    const batch = usersOf.get(key) ?? { notificationId, channel, users: [] };
    batch.users.push(userId);
    usersOf.set(key, batch);
  }
  let jobs = 0;
  for (const { notificationId, channel, users } of usersOf.values()) {
    const ranges = await rangesOfUsers(sql, notificationId, users, ctx.config.push.batchSize);
    for (const { after, upto } of ranges) {
      await outbox.enqueue(
        channelNamed(channel).queue,
        { notificationId, after, upto, attempt: 0 },
        { id: jobId(notificationId, after, upto, 'quiet', tag, channel) },
      );
      jobs++;
    }
  }
  return jobs;
}
