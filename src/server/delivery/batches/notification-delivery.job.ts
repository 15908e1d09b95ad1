import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/queue';
import { makeWayForUrgentWork } from '../../lib/urgent-work';
import { CHANNELS } from '../channels';
import type { Channel, PendingRow } from '../channels/channel';
import { holdUntilLocalTime } from '../deferral/local-time-hold';
import { fanoutDefinition, fanoutRangeDefinition } from '../fanout/notification-fanout';
import { BatchOutcomes } from '../outcomes/delivery-outcomes';
import { completeIfDone } from '../outcomes/outcomes.repo';
import * as notificationsRepo from '../send-state.repo';
import { type HeldBatch, holdBatch, LeaseLostError } from './batch-lease';
import { type BatchJob, type batchQueue, jobId, PUSH_OPTIONS } from './notification-delivery.queues';

type BatchPayload = z.infer<ReturnType<typeof batchQueue>['payload']>;
type Sender = ReturnType<Channel['sender']>;

const NO_WAY_TO_MAKE = () => Promise.resolve();

export function notificationDeliveryJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const { sql } = ctx.database;

  /** Queue the batch's next run, at `at` (ms since epoch); the id keeps one job per run. */
  const runAgain = (channel: Channel, batch: Omit<BatchPayload, 'attempt'>, attempt: number, at: number) =>
    ctx.jobs.send(
      channel.queue,
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
    sender: Sender,
    concurrency: number,
    job: BatchJob = channel.queue,
  ): JobDefinition<BatchJob['payload']> => ({
    ...job,
    concurrency,
    // pg-boss hands a job running longer than this to another worker; the lease keeps that one from
    // sending while this one still does, and lets it take over once a crashed one's lease lapses.
    expireInSeconds: ctx.config.push.deliveryJobTimeoutSeconds,
    // A later batch makes way for urgent work (lib/urgent-work.ts); a send's first batch does not.
    handle: (payload) =>
      runBatch(channel, sender, payload, job === channel.firstQueue ? NO_WAY_TO_MAKE : makeWayForUrgentWork),
  });

  async function runBatch(
    channel: Channel,
    sender: Sender,
    payload: BatchPayload,
    makeWay: () => Promise<void>,
  ) {
    const { notificationId, after, upto, attempt } = payload;
    const found = await notificationsRepo.findForBatch(ctx.db, notificationId);
    if (!found) return;
    const lease = await holdBatch(ctx, { notificationId, channel: channel.name, after, upto });
    if ('busyUntil' in lease) {
      // Another run is sending it. Look again when its lease ends: if that run crashes, this
      // job is what takes the batch over (a later run of the holder's finds the same job id).
      await runAgain(channel, payload, attempt + 1, lease.busyUntil.getTime() + 500);
      return;
    }
    try {
      await deliverBatch(channel, sender, found, payload, lease.held, makeWay);
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error;
      // Taken over after a stall longer than the lease: the new holder finishes the batch.
      ctx.log.warn({ notificationId, channel: channel.name }, 'delivery batch handed over mid-run');
    } finally {
      await lease.held.release();
    }
  }

  async function deliverBatch(
    channel: Channel,
    sender: Sender,
    n: NonNullable<Awaited<ReturnType<typeof notificationsRepo.findForBatch>>>,
    { notificationId, after, upto, attempt }: BatchPayload,
    held: HeldBatch,
    makeWay: () => Promise<void>,
  ) {
    const now = Date.now();
    const ttlMs = PUSH_OPTIONS.ttl * 1000;
    // A day, or less when the offer ends sooner (validUntil).
    let expiresAt = Math.min(
      n.createdAt.getTime() + ttlMs,
      n.validUntil?.getTime() ?? Number.POSITIVE_INFINITY,
    );
    // A post in several languages: each device gets its user's.
    const translated = Object.keys(n.translations).length > 0 || Object.keys(n.richTranslations).length > 0;
    let pending: PendingRow[] = await channel.loadPending(
      sql,
      notificationId,
      { after, upto },
      { translated, localTime: n.localTime },
    );
    const outcomes = new BatchOutcomes(ctx, notificationId, channel.name, { after, upto }, pending);
    outcomes.ensureHeld = held.ensureHeld;
    if (n.localTime) {
      // Each follower's own time: what is not due waits for it, each delivery expires from its own.
      const local = await holdUntilLocalTime(ctx, n, channel.name, { after, upto }, pending, ttlMs);
      for (const row of local.expired) outcomes.decide(row.targetId, 'failed', null);
      pending = local.due;
      // Counted on the product's clock (ctx.now), which the batch's own may not be in tests.
      expiresAt = now + local.lifetimeMs;
    }
    if (now >= expiresAt) {
      // Past its TTL a message is not worth delivering: what still waits fails, untried.
      for (const row of pending) outcomes.decide(row.targetId, 'failed', null);
    } else if (pending.length > 0) {
      await sender.deliver({ notification: n, rows: pending, outcomes, now, expiresAt, makeWay });
    }
    await outcomes.flush();
    // Before the next run is queued, which must find the batch free.
    await held.release();

    if (Number.isFinite(outcomes.nextRunAt)) {
      // Never later than the expiry, when whatever still waits is failed.
      const at = Math.min(outcomes.nextRunAt, expiresAt);
      await runAgain(channel, { notificationId, after, upto }, attempt + 1, at);
    }
    await completeIfDone(sql, notificationId);
  }

  const jobs: JobDefinition<z.ZodType>[] = [
    fanoutDefinition(ctx),
    fanoutRangeDefinition(ctx),
  ] as JobDefinition<z.ZodType>[];
  for (const channel of CHANNELS) {
    const sender = channel.sender(ctx);
    jobs.push(batchJob(channel, sender, channel.batchesInParallel) as JobDefinition<z.ZodType>);
    if (channel.firstQueue)
      jobs.push(
        batchJob(
          channel,
          sender,
          channel.firstBatchesInParallel ?? 1,
          channel.firstQueue,
        ) as JobDefinition<z.ZodType>,
      );
    jobs.push(...(channel.jobs?.(ctx) ?? []));
  }
  return jobs;
}
