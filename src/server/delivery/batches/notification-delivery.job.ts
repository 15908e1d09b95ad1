import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/queue';
import type { Channel } from '../channels/channel';
import { createEmailChannel } from '../channels/email/email-channel';
import { expireSubscriptions, markSilentDevicesStale } from '../channels/push/device-health.repo';
import * as originPauses from '../channels/push/origin-pauses.repo';
import { createPushChannel } from '../channels/push/push-channel';
import { fanoutDefinition, fanoutRangeDefinition } from '../fanout/notification-fanout';
import { BatchOutcomes } from '../outcomes/delivery-outcomes';
import { completeIfDone } from '../outcomes/outcomes.repo';
import * as notificationsRepo from '../send-state.repo';
import { type HeldBatch, holdBatch, LeaseLostError } from './batch-lease';
import {
  BATCH_JOBS,
  deliverFirstJob,
  type deliverJob,
  expireSubscriptionsJob,
  jobId,
  PUSH_OPTIONS,
} from './notification-delivery.queues';
import { pendingInRange } from './pending.repo';

type BatchPayload = z.infer<typeof deliverJob.payload>;

/** Push batch jobs one process runs at once; each keeps its share of PUSH_CONCURRENCY requests in flight. */
const BATCHES_IN_PARALLEL = 4;
/**
 * Sends' first push batches one process runs at once, beside the BATCHES_IN_PARALLEL. A first batch
 * is mostly a bar's few dozen followers, and its time is mostly waiting for the push service's
 * answers (a round trip; on a busy machine, a place in the push service's queue behind a big send's
 * requests): the lane's capacity is this many over that time. Two fell behind bench:platform's
 * small sends on a slower machine (docs/decisions.md, "A send's first batch goes out at once").
 * Eight cost no more at rest: only a queue's first worker polls.
 */
const FIRST_BATCHES_IN_PARALLEL = 8;
/** Email batch jobs one process runs at once: the transport's pool and rate set the pace anyway. */
const EMAIL_BATCHES_IN_PARALLEL = 2;

export function notificationDeliveryJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const { sql } = ctx.database;

  /** Queue the batch's next run, at `at` (ms since epoch); the id keeps one job per run. */
  const runAgain = (channel: Channel, batch: Omit<BatchPayload, 'attempt'>, attempt: number, at: number) =>
    ctx.jobs.send(
      BATCH_JOBS[channel.name],
      { ...batch, attempt },
      {
        id: jobId(channel.name, batch.notificationId, batch.after, batch.upto, attempt),
        startAfter: new Date(at),
      },
    );

  /**
   * Deliver one batch of one channel's deliveries, holding its lease (batch-lease.ts) so that no
   * other run sends it at the same time; record every result; run the batch again, as one job, when
   * the first of what it left pending is due (a retry, a paused push service's probe), and fail what
   * is still pending once the message has expired.
   */
  const batchJob = (
    channel: Channel,
    concurrency: number,
    job: typeof deliverJob = BATCH_JOBS[channel.name],
  ): JobDefinition<typeof deliverJob.payload> => ({
    ...job,
    concurrency,
    // pg-boss hands a job running longer than this to another worker; the lease keeps that one from
    // sending while this one still does, and lets it take over once a crashed one's lease lapses.
    expireInSeconds: ctx.config.push.deliveryJobTimeoutSeconds,
    async handle(payload) {
      const { notificationId, after, upto, attempt } = payload;
      const found = await notificationsRepo.findForBatch(ctx.db, notificationId, ctx.push.publicKey);
      if (!found) return;
      const lease = await holdBatch(ctx, { notificationId, channel: channel.name, after, upto });
      if ('busyUntil' in lease) {
        // Another run is sending it. Look again when its lease ends: if that run crashes, this
        // job is what takes the batch over (a later run of the holder's finds the same job id).
        await runAgain(channel, payload, attempt + 1, lease.busyUntil.getTime() + 500);
        return;
      }
      try {
        await deliverBatch(channel, found, payload, lease.held);
      } catch (error) {
        if (!(error instanceof LeaseLostError)) throw error;
        // Taken over after a stall longer than the lease: the new holder finishes the batch.
        ctx.log.warn({ notificationId, channel: channel.name }, 'delivery batch handed over mid-run');
      } finally {
        await lease.held.release();
      }
    },
  });

  async function deliverBatch(
    channel: Channel,
    found: NonNullable<Awaited<ReturnType<typeof notificationsRepo.findForBatch>>>,
    { notificationId, after, upto, attempt }: BatchPayload,
    held: HeldBatch,
  ) {
    const n = found.notification;
    const pauses = originPauses.pausesByOrigin(found.pauses);
    const now = Date.now();
    // A day, or less when the offer ends sooner (validUntil).
    const expiresAt = Math.min(
      n.createdAt.getTime() + PUSH_OPTIONS.ttl * 1000,
      n.validUntil?.getTime() ?? Number.POSITIVE_INFINITY,
    );
    // A post in several languages: each device gets its user's.
    const translated = Object.keys(n.translations).length > 0 || Object.keys(n.richTranslations).length > 0;
    const pending = await pendingInRange(sql, notificationId, after, upto, channel.name, translated);
    const outcomes = new BatchOutcomes(
      ctx,
      notificationId,
      { after, upto },
      pauses,
      new Map(pending.map((row) => [row.subscriptionId, row.attempts])),
      new Set(pending.filter((row) => row.failedSends > 0).map((row) => row.subscriptionId)),
    );
    outcomes.ensureHeld = held.ensureHeld;
    if (now >= expiresAt) {
      // Past its TTL a message is not worth delivering: what still waits fails, untried.
      for (const row of pending) outcomes.decide(row.subscriptionId, 'failed', null);
    } else if (pending.length > 0) {
      await channel.deliver({ notification: n, rows: pending, outcomes, now, expiresAt });
    }
    await outcomes.flush();
    // Before the next run is queued, which must find the batch free.
    await held.release();
    for (const origin of outcomes.resumed) await originPauses.resumeOrigin(sql, ctx.push.publicKey, origin);

    if (Number.isFinite(outcomes.nextRunAt)) {
      // Never later than the expiry, when whatever still waits is failed.
      const at = Math.min(outcomes.nextRunAt, expiresAt);
      await runAgain(channel, { notificationId, after, upto }, attempt + 1, at);
    }
    await completeIfDone(sql, notificationId);
  }

  const expire: JobDefinition<typeof expireSubscriptionsJob.payload> = {
    ...expireSubscriptionsJob,
    async handle() {
      const removed = await expireSubscriptions(sql, ctx.config.push.subscriptionIdleDays);
      if (removed > 0) ctx.log.info({ removed }, 'expired push subscriptions removed');
      const silent = await markSilentDevicesStale(sql, ctx.config.push.staleDays);
      if (silent > 0) ctx.log.info({ silent }, 'devices that confirmed no push for long skipped as stale');
    },
  };

  // One channel for both push lanes: a first batch has the share of PUSH_CONCURRENCY of any batch,
  // so a bar's few dozen followers are one round of requests. Eight first batches of that size at
  // once are 400 requests beside the batches' 256, and a first batch is seldom larger.
  const push = createPushChannel(ctx, BATCHES_IN_PARALLEL);
  return [
    fanoutDefinition(ctx),
    fanoutRangeDefinition(ctx),
    batchJob(push, BATCHES_IN_PARALLEL),
    batchJob(push, FIRST_BATCHES_IN_PARALLEL, deliverFirstJob),
    batchJob(createEmailChannel(ctx), EMAIL_BATCHES_IN_PARALLEL),
    expire,
  ] as JobDefinition<z.ZodType>[];
}
