import { z } from 'zod';
import type { AppContext } from '../context';
import { executorOf } from '../db/client';
import {
  completeIfDone,
  deliverEmailJob,
  deliverFirstJob,
  deliverJob,
  fanoutJob,
  fanoutRangeJob,
  isUnfinished,
  queueReleased,
  releaseDueDeferred,
} from '../delivery';
import { unfollowEvent } from '../events/event-builders';
import { withOutbox } from '../events/outbox';
import { deleteAbandonedGuests } from '../modules/account/guest.repo';
import { webhooksOwedNow } from '../modules/webhooks/webhook-deliveries.repo';
import { welcomeJob } from './account-mail.job';
import type { JobDefinition } from './queue';
import { webhookDeliverJob } from './webhook-delivery.queues';

/**
 * The backstop behind the outbox: once a minute, find work that has no live job any more (a job
 * that failed all its retries, e.g. SMTP down for long, or anything the outbox cannot cover) and
 * queue it again. It also forgets Idempotency-Keys older than a day.
 */
export const sweepJob = { queue: 'maintenance.sweep', payload: z.object({}) };

/** Work younger than this is left alone: its job may simply not have run yet. */
const GRACE_MINUTES = 2;
/** Deliveries let go after quiet hours per transaction: a large morning release is taken in steps. */
const RELEASE_CHUNK = 20_000;

export interface SweepFindings {
  /** Notifications queued or sending with no live fan-out or batch job: their fan-out queued again. */
  notificationsRequeued: number;
  /** Accounts whose welcome email never went out, with no live job: queued again. */
  welcomeMailsRequeued: number;
  /** Deliveries whose follower's quiet hours are over: their batches queued again. */
  quietReleased: number;
  /** Webhooks owing a call now with no worker on them (a job lost, a worker killed): queued again. */
  webhooksRequeued: number;
  /**
   * Guest followers that follow nothing or whose every device is gone (the push service refused
   * their first push): deleted, with nothing personal left behind.
   */
  guestsRemoved: number;
}

export function sweepJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const { sql } = ctx.database;

  /**
   * Quiet hours over (deferred_until reached at the product's clock): clear the mark and queue the
   * batches of what still waits, in the same transaction.
   */
  async function quietHoursOver(): Promise<number> {
    const now = ctx.now();
    const minute = String(Math.floor(now.getTime() / 60_000));
    let total = 0;
    for (;;) {
      const { released, cleared } = await withOutbox(ctx, async (outbox) => {
        const tx = executorOf(outbox.db);
        const found = await releaseDueDeferred(tx, now, RELEASE_CHUNK);
        await queueReleased(ctx, tx, outbox, found.released, minute);
        return found;
      });
      total += released.length;
      if (cleared < RELEASE_CHUNK) return total;
    }
  }

  async function stuckNotifications(): Promise<number> {
    // A send whose batches are all handed out and whose every pending delivery waits for quiet
    // hours to end is not stuck: quietHoursOver lets those go when it is time.
    const { rows } = await sql.executeSql(
      `SELECT n.id FROM notifications n
        WHERE n.status IN ('queued', 'sending') AND n.created_at < now() - make_interval(mins => $1)
          AND NOT (n.batches_done
                   AND EXISTS (SELECT 1 FROM deliveries d WHERE d.notification_id = n.id
                                  AND d.outcome = 'pending' AND d.deferred_until IS NOT NULL)
                   AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.notification_id = n.id
                                      AND d.outcome = 'pending' AND d.deferred_until IS NULL))`,
      [GRACE_MINUTES],
    );
    const candidates = (rows as { id: string }[]).map((r) => r.id);
    if (candidates.length === 0) return 0;
    const live = new Set([
      ...(await ctx.jobs.liveJobKeys(fanoutJob.queue, 'notificationId')),
      ...(await ctx.jobs.liveJobKeys(fanoutRangeJob.queue, 'notificationId')),
      ...(await ctx.jobs.liveJobKeys(deliverJob.queue, 'notificationId')),
      ...(await ctx.jobs.liveJobKeys(deliverFirstJob.queue, 'notificationId')),
      ...(await ctx.jobs.liveJobKeys(deliverEmailJob.queue, 'notificationId')),
    ]);
    let requeued = 0;
    for (const notificationId of candidates.filter((id) => !live.has(id))) {
      await completeIfDone(sql, notificationId);
      if (!(await isUnfinished(sql, notificationId))) continue;
      // The fan-out resumes from its cursor (or its ranges from theirs) and hands out the batches still pending.
      await ctx.jobs.send(fanoutJob, { notificationId, resume: true });
      requeued++;
    }
    return requeued;
  }

  async function missingWelcomeMails(): Promise<number> {
    const { rows } = await sql.executeSql(
      `SELECT u.id, m.establishment_id, m.kind FROM users u
         LEFT JOIN LATERAL (SELECT establishment_id, kind FROM memberships
                             WHERE user_id = u.id ORDER BY created_at LIMIT 1) m ON true
        WHERE u.welcome_due_at < now() - make_interval(mins => $1)`,
      [GRACE_MINUTES],
    );
    const due = rows as { id: string; establishment_id: string | null; kind: 'customer' | 'client' | null }[];
    if (due.length === 0) return 0;
    const live = await ctx.jobs.liveJobKeys(welcomeJob.queue, 'userId');
    let requeued = 0;
    for (const user of due.filter((u) => !live.has(u.id))) {
      await ctx.jobs.send(welcomeJob, {
        userId: user.id,
        ...(user.establishment_id ? { establishmentId: user.establishment_id } : {}),
        kind: user.kind ?? 'customer',
      });
      requeued++;
    }
    return requeued;
  }

  async function owedWebhooks(): Promise<number> {
    const owed = await webhooksOwedNow(ctx.db, new Date(Date.now() - GRACE_MINUTES * 60_000));
    for (const webhookId of owed) await ctx.jobs.send(webhookDeliverJob, { webhookId });
    return owed.length;
  }

  /** Guests left with no follow or no device go; each business one still followed hears an unfollow. */
  function abandonedGuests(): Promise<number> {
    return withOutbox(ctx, async ({ db, emit }) => {
      const gone = await deleteAbandonedGuests(db, GRACE_MINUTES);
      for (const guest of gone) {
        for (const establishmentId of guest.followed)
          await emit(unfollowEvent(guest.id, establishmentId, null));
      }
      return gone.length;
    });
  }

  const sweep: JobDefinition<typeof sweepJob.payload> = {
    ...sweepJob,
    expireInSeconds: 60,
    // Every minute: work whose job is gone.
    schedule: '* * * * *',
    async handle() {
      // First: the batches queued for what quiet hours held back are live jobs for the next step.
      const quietReleased = await quietHoursOver();
      const found: SweepFindings = {
        notificationsRequeued: await stuckNotifications(),
        welcomeMailsRequeued: await missingWelcomeMails(),
        quietReleased,
        webhooksRequeued: await owedWebhooks(),
        guestsRemoved: await abandonedGuests(),
      };
      await sql.executeSql(
        `UPDATE notifications SET idempotency_key = NULL
          WHERE idempotency_key IS NOT NULL AND created_at < now() - interval '24 hours'`,
      );
      ctx.metrics.sweepRequeued.inc({ kind: 'notification' }, found.notificationsRequeued);
      ctx.metrics.sweepRequeued.inc({ kind: 'welcome_mail' }, found.welcomeMailsRequeued);
      if (quietReleased > 0) ctx.log.info({ quietReleased }, 'quiet hours over: held-back deliveries queued');
      if (found.guestsRemoved > 0)
        ctx.log.info({ guestsRemoved: found.guestsRemoved }, 'guests without follows or devices removed');
      if (found.notificationsRequeued + found.welcomeMailsRequeued + found.webhooksRequeued > 0) {
        ctx.log.warn({ ...found }, 'sweep queued stuck work again');
      }
    },
  };
  return [sweep] as JobDefinition<z.ZodType>[];
}
