import { DELIVERY_CHANNELS } from '../../shared/schemas/channels';
import type { AppContext } from '../context';
import * as deliveries from '../modules/notifications/deliveries.repo';
import { targetIdsOf } from '../modules/notifications/notification-targets.repo';
import * as notificationsRepo from '../modules/notifications/notifications.repo';
import { BATCH_JOBS, fanoutJob, jobId } from './notification-delivery.queues';
import type { JobDefinition } from './queue';

/** Batches (of PUSH_BATCH_SIZE members) read and queued per audience page. */
const BATCHES_PER_PAGE = 4;

/**
 * Fair share between sends (issue 33): a batch's priority is minus its place in its send, so the
 * queue serves every send's first batch, then every send's second, and so on (pg-boss fetches by
 * priority, then age). A bar's 50 followers (one batch) go out next, not behind the 400 batches a
 * big send queued before them; the big send loses no throughput, its batches only interleave.
 * A resumed fan-out (after a crash) counts again from 0: its next batches are served early.
 */
export const fairBatchPriority = (ordinal: number) => -ordinal;

/**
 * Page through the members by user id (for a targeted send, only those who picked one of its
 * preferences); for each page, record its devices as pending deliveries
 * and queue its batch jobs at once, so the first phones ring while later pages are still read.
 * Resumable: the cursor is saved after each page, and a batch's job id is derived from its range.
 */
export function fanoutDefinition(ctx: AppContext): JobDefinition<typeof fanoutJob.payload> {
  const { sql } = ctx.database;
  const { batchSize, fairShare } = ctx.config.push;
  return {
    ...fanoutJob,
    // Resumable from its saved cursor, so a takeover after a crash costs little; a fan-out of
    // 100,000 members takes seconds, far below this.
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ notificationId, resume }) {
      const n = await notificationsRepo.findForDelivery(ctx.db, notificationId);
      if (!n) return;
      await notificationsRepo.markSending(ctx.db, notificationId);
      if (n.batchesDone && resume) {
        const generation = Date.now();
        for (const channel of DELIVERY_CHANNELS) {
          const ranges = await deliveries.pendingRanges(sql, notificationId, batchSize, channel);
          await ctx.jobs.sendMany(
            BATCH_JOBS[channel],
            ranges.map(({ after, upto }) => ({
              payload: { notificationId, after, upto, attempt: 0 },
              options: { id: jobId(channel, notificationId, after, upto, 'resumed', generation) },
            })),
          );
        }
      }
      if (!n.batchesDone) {
        // Written with the notification, never changed: a resumed fan-out filters as the first did.
        const targets = await targetIdsOf(ctx.db, notificationId);
        let cursor = n.audienceCursor;
        // The first page is one batch: its rows are written and its job queued soonest, so the first
        // phones ring sooner (PGlite: ~0.1 s less than a page of four batches).
        let pageSize = batchSize;
        // Every send's k-th batch comes before any send's (k+1)-th (fairBatchPriority).
        let ordinal = 0;
        for (;;) {
          const users = await deliveries.memberPage(sql, n.establishmentId, cursor, pageSize, targets);
          pageSize = batchSize * BATCHES_PER_PAGE;
          if (users.length === 0) break;
          const added = await deliveries.addToAudience(sql, notificationId, n.establishmentId, users);
          // Each channel's batches in its own queue, and only where the page gave that channel work.
          for (const channel of DELIVERY_CHANNELS) {
            if (added[channel] === 0) continue;
            const batches = [];
            for (let i = 0; i < users.length; i += batchSize) {
              const after = i === 0 ? cursor : users[i - 1]!;
              const upto = users[Math.min(i + batchSize, users.length) - 1]!;
              batches.push({
                payload: { notificationId, after, upto, attempt: 0 },
                options: {
                  id: jobId(channel, notificationId, after, upto, 0),
                  ...(fairShare ? { priority: fairBatchPriority(ordinal + i / batchSize) } : {}),
                },
              });
            }
            await ctx.jobs.sendMany(BATCH_JOBS[channel], batches);
          }
          ordinal += Math.ceil(users.length / batchSize);
          cursor = users.at(-1)!;
          await notificationsRepo.advanceFanout(ctx.db, notificationId, cursor, added.push + added.email);
          // Let the batches just queued reach the database: on PGlite, one connection, a tight loop
          // of fan-out statements would otherwise keep them waiting until the whole audience is read.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const audience = await deliveries.countAudience(sql, notificationId);
        await notificationsRepo.saveFanoutProgress(ctx.db, notificationId, { audience, batchesDone: true });
      }
      await deliveries.completeIfDone(sql, notificationId);
    },
  };
}
