import { createHash } from 'node:crypto';
import { z } from 'zod';
import { pushMessageOf } from '../../shared/push/payload';
import type { AppContext } from '../context';
import * as deliveries from '../modules/notifications/deliveries.repo';
import * as notificationsRepo from '../modules/notifications/notifications.repo';
import * as originPauses from '../modules/notifications/origin-pauses.repo';
import type { PushOptions, PushResult } from '../push/push-sender';
import type { JobDefinition } from './queue';

/** Batches (of PUSH_BATCH_SIZE members) read and queued per audience page. */
const BATCHES_PER_PAGE = 4;
/** Tries per subscription before a transient failure (429, 5xx, timeout) becomes "failed". */
export const MAX_ATTEMPTS = 6;
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_CAP_MS = 10 * 60_000;
/** Outcomes are written once this many times the requests in flight have completed. */
const FLUSH_EVERY_IN_FLIGHT = 4;
/** Messages per request to an encryption thread. */
const ENCRYPT_CHUNK = 32;
/** Batch jobs one process runs at once; each keeps its share of PUSH_CONCURRENCY requests in flight. */
const BATCHES_IN_PARALLEL = 4;

/**
 * Announcements, menus and offers lose their point after a day; a phone offline longer than that
 * should not wake up to yesterday's lunch menu. Normal urgency: worth showing, not worth waking a
 * phone in battery saver (RFC 8030 section 5.3).
 */
export const PUSH_OPTIONS: PushOptions = { ttl: 24 * 3600, urgency: 'normal' };

export const fanoutJob = {
  queue: 'notification.fanout',
  payload: z.object({
    notificationId: z.uuid(),
    /** From the sweep, which saw no live job of this send: hand out its pending batches again. */
    resume: z.boolean().default(false),
  }),
};
export const deliverJob = {
  queue: 'notification.deliver',
  payload: z.object({
    notificationId: z.uuid(),
    /** The batch: the devices of the members whose user ids are in (after, upto]. */
    after: z.uuid().nullable(),
    upto: z.uuid(),
    attempt: z.number().int().min(0).default(0),
  }),
};
export const expireSubscriptionsJob = { queue: 'push.expire-subscriptions', payload: z.object({}) };

/** A job id made from what the job does: enqueuing the same batch twice (a fan-out rerun) keeps one. */
function jobId(...parts: (string | number | null)[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Capped exponential backoff with jitter, so retries of many subscriptions do not arrive together. */
export function backoffMs(attempt: number, random = Math.random()): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random * 0.5));
}

/** The push service of an endpoint (endpoints are validated URLs when stored). */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return endpoint;
  }
}

/** Run `task` over `items` with at most `limit` at once. */
async function forEachConcurrently<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(lanes);
}

export function notificationDeliveryJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const { sql } = ctx.database;
  const perBatchInFlight = Math.max(1, Math.ceil(ctx.config.push.concurrency / BATCHES_IN_PARALLEL));
  const batchSize = ctx.config.push.batchSize;
  // Requests in flight per batch = lanes x chunk.
  const chunkSize = Math.min(ENCRYPT_CHUNK, perBatchInFlight);

  /**
   * Page through the members by user id; for each page, record its devices as pending deliveries
   * and queue its batch jobs at once, so the first phones ring while later pages are still read.
   * Resumable: the cursor is saved after each page, and a batch's job id is derived from its range.
   */
  const fanout: JobDefinition<typeof fanoutJob.payload> = {
    ...fanoutJob,
    // Resumable from its saved cursor, so a takeover after a crash costs little; a fan-out of
    // 100,000 members takes seconds, far below this.
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ notificationId, resume }) {
      const n = await notificationsRepo.findForDelivery(ctx.db, notificationId);
      if (!n) return;
      await notificationsRepo.markSending(ctx.db, notificationId);
      if (n.batchesDone && resume) {
        const ranges = await deliveries.pendingRanges(sql, notificationId, batchSize);
        const generation = Date.now();
        await ctx.jobs.sendMany(
          deliverJob,
          ranges.map(({ after, upto }) => ({
            payload: { notificationId, after, upto, attempt: 0 },
            options: { id: jobId(notificationId, after, upto, 'resumed', generation) },
          })),
        );
      }
      if (!n.batchesDone) {
        let cursor = n.audienceCursor;
        for (;;) {
          const users = await deliveries.memberPage(
            sql,
            n.establishmentId,
            cursor,
            batchSize * BATCHES_PER_PAGE,
          );
          if (users.length === 0) break;
          const added = await deliveries.addToAudience(sql, notificationId, users);
          const batches = [];
          for (let i = 0; i < users.length; i += batchSize) {
            const after = i === 0 ? cursor : users[i - 1]!;
            const upto = users[Math.min(i + batchSize, users.length) - 1]!;
            batches.push({
              payload: { notificationId, after, upto, attempt: 0 },
              options: { id: jobId(notificationId, after, upto, 0) },
            });
          }
          await ctx.jobs.sendMany(deliverJob, batches);
          cursor = users.at(-1)!;
          await notificationsRepo.advanceFanout(ctx.db, notificationId, cursor, added);
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

  /**
   * Encrypt and send one batch; record every result; retry the transient ones later in one job.
   * A 401/403 is held until the batch ends: if by then its push service is deemed to refuse our
   * credentials (CredentialRefusals), the delivery stays pending and that origin pauses; otherwise
   * it fails on its own (or ends as gone on a key mismatch). Nothing is deleted on 401/403.
   */
  const deliver: JobDefinition<typeof deliverJob.payload> = {
    ...deliverJob,
    concurrency: BATCHES_IN_PARALLEL,
    expireInSeconds: ctx.config.push.deliveryJobTimeoutSeconds,
    async handle({ notificationId, after, upto, attempt }) {
      const n = await notificationsRepo.findForDelivery(ctx.db, notificationId);
      if (!n) return;
      const { publicKey, refusals } = ctx.push;
      const pauses = await originPauses.activePauses(sql, publicKey);
      const now = Date.now();
      // Past the push TTL a message is not worth delivering: what still waits for a paused origin fails.
      const stale = now > n.createdAt.getTime() + PUSH_OPTIONS.ttl * 1000;
      const pending = await deliveries.pendingInRange(sql, notificationId, after, upto);
      const message = JSON.stringify(
        pushMessageOf({
          id: n.id,
          establishmentId: n.establishmentId,
          establishmentName: n.establishmentName,
          text: n.text,
          logo: n.logo,
          media: n.mediaId,
          createdAt: n.createdAt.getTime(),
        }),
      );
      // The receipt token differs per recipient; the rest of the message is the same.
      const withReceipt = (token: string) => Buffer.from(`${message.slice(0, -1)},"receipt":"${token}"}`);

      const results: deliveries.AttemptResult[] = [];
      const gone: string[] = [];
      let retryAfterMs = 0;
      /** 401/403 answers by origin, undecided until the origin's evidence is known. */
      const refused = new Map<string, { id: string; result: Extract<PushResult, { kind: 'auth' }> }[]>();
      /** Origins whose pause ended with a success in this batch. */
      const resumed = new Set<string>();
      /** When the deliveries left waiting for a paused origin should be tried again. */
      let probeAt = Number.POSITIVE_INFINITY;

      const decideRefused = (origin: string) => {
        for (const { id, result } of refused.get(origin) ?? []) {
          results.push({
            subscriptionId: id,
            outcome: result.keyMismatch ? 'gone' : 'failed',
            httpStatus: result.status,
          });
        }
        refused.delete(origin);
      };
      const record = (id: string, origin: string, result: PushResult) => {
        switch (result.kind) {
          case 'sent':
            results.push({ subscriptionId: id, outcome: 'sent', httpStatus: result.status });
            refusals.accepted(origin);
            if (pauses.has(origin)) resumed.add(origin);
            // Our credentials work there: the refusals held so far were about their subscriptions.
            decideRefused(origin);
            break;
          case 'gone':
            results.push({ subscriptionId: id, outcome: 'gone', httpStatus: result.status });
            gone.push(id);
            break;
          case 'payload':
          case 'failed':
            results.push({ subscriptionId: id, outcome: 'failed', httpStatus: result.status });
            break;
          case 'auth':
            refusals.refused(origin);
            if (!refused.has(origin)) refused.set(origin, []);
            refused.get(origin)!.push({ id, result });
            break;
          case 'retry': {
            const attempts = attemptsOf.get(id) ?? 0;
            const exhausted = attempts + 1 >= MAX_ATTEMPTS;
            results.push({
              subscriptionId: id,
              outcome: exhausted ? 'failed' : 'pending',
              httpStatus: result.status,
            });
            if (!exhausted) retryAfterMs = Math.max(retryAfterMs, result.retryAfterMs ?? 0, 1);
            break;
          }
        }
      };
      // Outcomes are written every few chunks: a crash or a takeover re-sends only what was in flight
      // or not yet written, and the post page's figures move while a batch runs.
      const flushEvery = perBatchInFlight * FLUSH_EVERY_IN_FLIGHT;
      const flush = async () => {
        const decided = results.splice(0);
        const removed = gone.splice(0);
        await deliveries.recordAttempts(sql, notificationId, decided);
        const counts = new Map<string, number>();
        for (const r of decided) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
        for (const [outcome, n] of counts)
          if (outcome !== 'pending') ctx.metrics.deliveries.inc({ outcome }, n);
        await deliveries.deleteSubscriptions(sql, removed);
      };
      const attemptsOf = new Map(pending.map((row) => [row.subscriptionId, row.attempts]));

      // Deliveries to a paused origin wait (pending) until its probe time, or fail once stale.
      const toSend: deliveries.PendingDelivery[] = [];
      for (const row of pending) {
        const pause = row.endpoint ? pauses.get(originOf(row.endpoint)) : undefined;
        if (!pause || pause.probeAfter.getTime() <= now) toSend.push(row);
        else if (stale)
          results.push({
            subscriptionId: row.subscriptionId,
            outcome: 'failed',
            httpStatus: pause.httpStatus,
          });
        else probeAt = Math.min(probeAt, pause.probeAfter.getTime());
      }

      // Chunks go to the encryption threads while earlier chunks are on the wire.
      const chunks: deliveries.PendingDelivery[][] = [];
      for (let i = 0; i < toSend.length; i += chunkSize) chunks.push(toSend.slice(i, i + chunkSize));
      const lanes = Math.max(1, Math.ceil(perBatchInFlight / chunkSize));
      await forEachConcurrently(chunks, lanes, async (chunk) => {
        const live = chunk.filter((row) => row.endpoint && row.p256dh && row.auth);
        for (const row of chunk) {
          // Removed since the audience was taken (signed out, or gone in another send).
          if (!live.includes(row))
            results.push({ subscriptionId: row.subscriptionId, outcome: 'gone', httpStatus: null });
        }
        const bodies = await ctx.push.encryption.encrypt(
          live.map((row) => ({
            p256dh: row.p256dh!,
            auth: row.auth!,
            payload: withReceipt(ctx.push.receipts.issue(notificationId, row.subscriptionId)),
          })),
        );
        await Promise.all(
          live.map(async (row, i) => {
            const body = bodies[i];
            const origin = originOf(row.endpoint!);
            // Keys that are no P-256 point: this subscription can never receive anything.
            if (!body) return record(row.subscriptionId, origin, { kind: 'gone', status: 400 });
            record(row.subscriptionId, origin, await ctx.push.sender.post(row.endpoint!, body, PUSH_OPTIONS));
          }),
        );
        if (results.length >= flushEvery) await flush();
      });

      for (const [origin, held] of refused) {
        if (!refusals.refusing(origin) || stale) {
          decideRefused(origin);
          continue;
        }
        // The evidence says our credentials: pause the origin, keep its deliveries pending.
        const last = held.at(-1)!.result;
        const probeAfter = new Date(Date.now() + ctx.config.push.originPauseSeconds * 1000);
        const pause = { origin, httpStatus: last.status, detail: last.detail, probeAfter };
        await originPauses.pauseOrigin(sql, publicKey, pause);
        await originPauses.noticePaused(sql, notificationId, pause);
        ctx.metrics.originPauses.inc();
        ctx.log.error(
          { notificationId, origin, status: last.status, detail: last.detail },
          'push service refuses our VAPID credentials: deliveries to it paused',
        );
        probeAt = Math.min(probeAt, probeAfter.getTime());
        refused.delete(origin);
      }
      await flush();
      for (const origin of resumed) await originPauses.resumeOrigin(sql, publicKey, origin);

      const retryAt = retryAfterMs > 0 ? Date.now() + Math.max(retryAfterMs, backoffMs(attempt)) : 0;
      const nextAt = Math.min(retryAt || Number.POSITIVE_INFINITY, probeAt);
      if (Number.isFinite(nextAt)) {
        await ctx.jobs.send(
          deliverJob,
          { notificationId, after, upto, attempt: attempt + 1 },
          { id: jobId(notificationId, after, upto, attempt + 1), startAfter: new Date(nextAt) },
        );
      }
      await deliveries.completeIfDone(sql, notificationId);
    },
  };

  const expire: JobDefinition<typeof expireSubscriptionsJob.payload> = {
    ...expireSubscriptionsJob,
    async handle() {
      const removed = await deliveries.expireSubscriptions(sql, ctx.config.push.subscriptionIdleDays);
      if (removed > 0) ctx.log.info({ removed }, 'expired push subscriptions removed');
    },
  };

  return [fanout, deliver, expire] as JobDefinition<z.ZodType>[];
}
