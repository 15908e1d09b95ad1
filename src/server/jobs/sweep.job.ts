import { z } from 'zod';
import type { AppContext } from '../context';
import * as deliveries from '../modules/notifications/deliveries.repo';
import { welcomeJob } from './account-mail.job';
import { deliverJob, fanoutJob } from './notification-delivery.queues';
import type { JobDefinition } from './queue';

/**
 * The backstop behind the outbox: once a minute, find work that has no live job any more (a job
 * that failed all its retries, e.g. SMTP down for long, or anything the outbox cannot cover) and
 * queue it again. It also forgets Idempotency-Keys older than a day.
 */
export const sweepJob = { queue: 'maintenance.sweep', payload: z.object({}) };

/** Work younger than this is left alone: its job may simply not have run yet. */
const GRACE_MINUTES = 2;

export interface SweepFindings {
  /** Notifications queued or sending with no live fan-out or batch job: their fan-out queued again. */
  notificationsRequeued: number;
  /** Accounts whose welcome email never went out, with no live job: queued again. */
  welcomeMailsRequeued: number;
}

export function sweepJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const { sql } = ctx.database;

  async function stuckNotifications(): Promise<number> {
    const { rows } = await sql.executeSql(
      `SELECT id FROM notifications
        WHERE status IN ('queued', 'sending') AND created_at < now() - make_interval(mins => $1)`,
      [GRACE_MINUTES],
    );
    const candidates = (rows as { id: string }[]).map((r) => r.id);
    if (candidates.length === 0) return 0;
    const live = new Set([
      ...(await ctx.jobs.liveJobKeys(fanoutJob.queue, 'notificationId')),
      ...(await ctx.jobs.liveJobKeys(deliverJob.queue, 'notificationId')),
    ]);
    let requeued = 0;
    for (const notificationId of candidates.filter((id) => !live.has(id))) {
      await deliveries.completeIfDone(sql, notificationId);
      if (!(await deliveries.isUnfinished(sql, notificationId))) continue;
      // The fan-out resumes from its cursor and hands out the batches still pending.
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

  const sweep: JobDefinition<typeof sweepJob.payload> = {
    ...sweepJob,
    expireInSeconds: 60,
    async handle() {
      const found: SweepFindings = {
        notificationsRequeued: await stuckNotifications(),
        welcomeMailsRequeued: await missingWelcomeMails(),
      };
      await sql.executeSql(
        `UPDATE notifications SET idempotency_key = NULL
          WHERE idempotency_key IS NOT NULL AND created_at < now() - interval '24 hours'`,
      );
      ctx.metrics.sweepRequeued.inc({ kind: 'notification' }, found.notificationsRequeued);
      ctx.metrics.sweepRequeued.inc({ kind: 'welcome_mail' }, found.welcomeMailsRequeued);
      if (found.notificationsRequeued + found.welcomeMailsRequeued > 0) {
        ctx.log.warn({ ...found }, 'sweep queued stuck work again');
      }
    },
  };
  return [sweep] as JobDefinition<z.ZodType>[];
}
