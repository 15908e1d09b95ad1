import type { z } from 'zod';
import type { JobDefinition } from '../../../jobs/queue';
import type { Channel } from '../channel';
import { expireSubscriptions, markSilentDevicesStale } from './device-health.repo';
import { createPushSender } from './push-channel';
import { type PendingPush, pendingPushes } from './push-pending.repo';
import { deliverFirstJob, deliverJob, expireSubscriptionsJob } from './queues';

/** A device worth pushing to: not expired by its browser, not skipped as stale (see staleSince). */
export const liveSubscription = '(s.expires_at IS NULL OR s.expires_at > now()) AND s.stale_since IS NULL';
const liveDevicesOf = (what: string) =>
  `(SELECT ${what} FROM push_subscriptions s WHERE s.user_id = m.user_id AND ${liveSubscription})`;

/** Push batch jobs one process runs at once; each keeps its share of PUSH_CONCURRENCY requests in flight. */
const BATCHES_IN_PARALLEL = 4;
/**
 * Sends' first push batches one process runs at once, beside the BATCHES_IN_PARALLEL. A first batch
 * is mostly a bar's few dozen followers, and its time is mostly waiting for the push service's
 * answers (a round trip; on a busy machine, a place in the push service's queue behind a big send's
 * requests): the lane's capacity is this many over that time. Twenty bars sending at 17:00 each
 * start at once: with eight, the last twelve waited for one of the first eight to end (docs/decisions.md,
 * "A send's first batch goes out at once"). Idle workers cost nothing at rest: they do not poll
 * (jobs/due-work.ts wakes them).
 */
const FIRST_BATCHES_IN_PARALLEL = 24;

/**
 * Web push to each live device of a member whose choice has their phone. Anyone may get it (an
 * operator too, and a device pushes before its owner's address is confirmed: whoever turned it on
 * holds it); the target is the push subscription.
 */
export const pushChannel: Channel<PendingPush> = {
  name: 'push',
  audience: {
    userColumns: [],
    choices: ['phone', 'both'],
    eligible: 'true',
    reaches: `EXISTS ${liveDevicesOf('1')}`,
    targetCount: liveDevicesOf('count(*)::int'),
    targets: `SELECT s.id, s.user_id FROM members m JOIN push_subscriptions s ON s.user_id = m.user_id
               WHERE m.push_ok AND NOT m.push_held AND ${liveSubscription}`,
  },
  queue: deliverJob,
  firstQueue: deliverFirstJob,
  batchesInParallel: BATCHES_IN_PARALLEL,
  firstBatchesInParallel: FIRST_BATCHES_IN_PARALLEL,
  loadPending: pendingPushes,
  // One sender for both lanes: a first batch has the share of PUSH_CONCURRENCY of any batch, so a
  // bar's few dozen followers are one round of requests. Eight first batches of that size at once
  // are 400 requests beside the batches' 256, and a first batch is seldom larger.
  sender: (ctx) => createPushSender(ctx, BATCHES_IN_PARALLEL),
  jobs: (ctx) => {
    const { sql } = ctx.database;
    const expire: JobDefinition<typeof expireSubscriptionsJob.payload> = {
      ...expireSubscriptionsJob,
      // Daily at 04:17: subscriptions the browser ended or that were not seen for long.
      schedule: '17 4 * * *',
      async handle() {
        const removed = await expireSubscriptions(sql, ctx.config.push.subscriptionIdleDays);
        if (removed > 0) ctx.log.info({ removed }, 'expired push subscriptions removed');
        const silent = await markSilentDevicesStale(sql, ctx.config.push.staleDays);
        if (silent > 0) ctx.log.info({ silent }, 'devices that confirmed no push for long skipped as stale');
      },
    };
    return [expire] as JobDefinition<z.ZodType>[];
  },
};
