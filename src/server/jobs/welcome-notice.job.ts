import type { z } from 'zod';
import type { AppContext } from '../context';
import { startFanout } from '../delivery';
import { withOutbox } from '../events/outbox';
import * as repo from '../modules/establishments/welcome.repo';
import type { JobDefinition } from './queue';
import { welcomeNoticeJob } from './welcome-notice.queue';

/**
 * A business's welcome to a new follower, queued when it may have become deliverable: a follow, a
 * new device, a confirmed address. Each welcome the user is owed becomes a personal send, walked
 * by the delivery engine like any send (their channels, quiet hours, retries and receipts; the
 * fatigue guard does not apply), in the transaction that claims it. A welcome no channel reaches
 * yet is given back, for the next device or confirmation.
 */
export function welcomeNoticeJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof welcomeNoticeJob.payload> = {
    ...welcomeNoticeJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ userId }) {
      await withOutbox(ctx, async (outbox) => {
        for (const send of await repo.claimWelcomes(outbox.db, userId)) {
          await startFanout(ctx, outbox, send.notificationId);
          if ((await repo.audienceOfSend(outbox.db, send.notificationId)) === 0)
            await repo.releaseWelcome(outbox.db, userId, send.establishmentId, send.notificationId);
        }
      });
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
