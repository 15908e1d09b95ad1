import type { z } from 'zod';
import type { AppContext } from '../context';
import { jobId } from '../delivery';
import { WebhookCaller } from '../modules/webhooks/webhook-caller';
import * as repo from '../modules/webhooks/webhook-deliveries.repo';
import { signatureHeaders } from '../modules/webhooks/webhook-signature';
import type { JobDefinition } from './queue';
import { webhookDeliverJob } from './webhook-delivery.queues';
import { webhookDisabledMailJob } from './webhook-disabled-mail.job';

/** Deliveries read at once: one query per this many calls. */
const BATCH = 50;

/** Waits after each failed call, as multiples of WEBHOOK_FIRST_RETRY_SECONDS (5 s: 5 s ... 6 h). */
const RETRY_STEPS = [1, 6, 24, 120, 360, 720, 1440, 2880, 4320];

/** When to try again after `attempts` failed calls, or null to give up (past WEBHOOK_RETRY_HOURS). */
export function retryAt(
  attempts: number,
  firstOwed: Date,
  now: Date,
  config: { firstRetrySeconds: number; retryHours: number },
): Date | null {
  const step = RETRY_STEPS[Math.min(attempts - 1, RETRY_STEPS.length - 1)]!;
  const at = new Date(now.getTime() + step * config.firstRetrySeconds * 1000);
  const deadline = firstOwed.getTime() + config.retryHours * 3_600_000;
  if (now.getTime() >= deadline) return null;
  // The last try is at the deadline, not a step past it.
  return at.getTime() > deadline ? new Date(deadline) : at;
}

/** Database writes one at a time behind the calls: each waits for the one before it. */
class WriteBehind {
  private last: Promise<void> = Promise.resolve();

  /** Start this write once the previous one is done; do not wait for it. */
  async queue(write: () => Promise<void>): Promise<void> {
    await this.last;
    this.last = write();
    // Its failure is reported by settled(), not as an unhandled rejection.
    this.last.catch(() => {});
  }

  /** The last write's outcome (throws when it failed). */
  settled(): Promise<void> {
    return this.last;
  }
}

/**
 * Call a webhook's owed events one after the other, oldest first (so a receiver reads a post's
 * edit after its send), each signed with the webhook's secret and carrying its event's id as
 * `webhook-id` on every try. One worker at a time holds a webhook (a lease in its row, renewed per
 * call, so a killed worker's hold runs out); a failed call waits its retry and holds the later
 * ones back. At least once: a call whose answer was lost to a crash is made again.
 */
export function webhookDeliveryJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const config = ctx.config.webhooks;
  const caller = new WebhookCaller({
    timeoutMs: config.timeoutMs,
    caFile: config.caFile,
    allowedPrivateHosts: config.allowedPrivateHosts,
  });
  // Renewed before each call, which lasts at most timeoutMs: a killed worker's hold runs out soon.
  const leaseMs = config.timeoutMs + 5_000;
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);

  /** Call what is owed now; answers when to come back (a retry's time), if ever. */
  async function drain(webhookId: string): Promise<Date | undefined> {
    // A delivered call's record is written while the next call goes out: the calls stay one after
    // the other, and a crash meanwhile only repeats a call, which "at least once" allows.
    const writes = new WriteBehind();
    try {
      const started = Date.now();
      let batch: Awaited<ReturnType<typeof repo.pendingDeliveries>> = [];
      for (;;) {
        // A long backlog is called in turns of one lease, each a job of its own (within its expiry).
        if (Date.now() - started > leaseMs) return ctx.now();
        if (batch.length === 0) {
          await writes.settled();
          batch = await repo.pendingDeliveries(ctx.db, webhookId, BATCH);
        }
        const next = batch.shift();
        if (!next) return undefined;
        const now = ctx.now();
        if (next.nextAttemptAt > now) return next.nextAttemptAt;
        const body = JSON.stringify({
          type: next.type,
          timestamp: next.at.toISOString(),
          data: { ...next.data, establishmentId: next.establishmentId },
        });
        const headers = signatureHeaders(next.secret, next.eventId, Math.floor(Date.now() / 1000), body);
        const outcome = await caller.post(next.url, headers, body);
        const at = ctx.now();
        const call = {
          webhookId,
          deliverySeq: next.seq,
          at,
          status: outcome.status,
          error: outcome.error,
          excerpt: outcome.excerpt,
          durationMs: outcome.durationMs,
        };
        if (outcome.ok) {
          // Held on for the next call, which lasts at most timeoutMs.
          await writes.queue(() => repo.recordDelivered(ctx.db, call, leaseFrom(at)));
          continue;
        }
        await writes.settled();
        await repo.recordCall(ctx.db, call);
        const retry = retryAt(next.attempts + 1, next.createdAt, at, config);
        const failingSince = await repo.markFailedCall(ctx.db, webhookId, next.seq, at, retry);
        // A day of failures: this event's tries are used up, or the webhook has failed since then.
        if (retry === null || at.getTime() - failingSince.getTime() >= config.retryHours * 3_600_000) {
          if (await repo.disableFailingWebhook(ctx.db, webhookId)) {
            await ctx.jobs.send(webhookDisabledMailJob, { webhookId });
          }
          return undefined;
        }
        // This one holds the later ones back until its retry.
        return retry;
      }
    } finally {
      await writes.settled();
    }
  }

  const job: JobDefinition<typeof webhookDeliverJob.payload> = {
    ...webhookDeliverJob,
    concurrency: config.concurrency,
    expireInSeconds: Math.ceil((leaseMs * 2 + config.timeoutMs) / 1000),
    async handle({ webhookId }) {
      for (;;) {
        const hook = await repo.claimWebhook(ctx.db, webhookId, ctx.now(), leaseFrom(ctx.now()));
        // Another worker holds it: it calls what is owed, this event included.
        if (!hook?.enabled) return;
        let comeBack: Date | undefined;
        try {
          comeBack = await drain(webhookId);
        } finally {
          await repo.releaseWebhook(ctx.db, webhookId);
        }
        if (comeBack) {
          await ctx.jobs.send(
            webhookDeliverJob,
            { webhookId },
            { startAfter: comeBack, id: jobId('webhook', webhookId, comeBack.toISOString()) },
          );
          return;
        }
        // A delivery queued while this worker held the webhook found it held and left it to us.
        if (!(await repo.hasDueDelivery(ctx.db, webhookId, ctx.now()))) return;
      }
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
