import { z } from 'zod';
import type { AppContext } from '../context';
import { purgeOldRings } from '../delivery';
import { purgeOldEvents } from '../events/events.repo';
import * as handoffs from '../modules/account/app-handoff.repo';
import { purgeSpentAuthTokens } from '../modules/account/auth-tokens.repo';
import { purgePastMailQuota } from '../modules/account/mail-quota.repo';
import { purgeDeadSessions } from '../modules/account/sessions.repo';
import * as analytics from '../modules/analytics/analytics.repo';
import { sweepMessagePictures } from '../modules/conversations/message-pictures';
import { purgeOldLosses } from '../modules/notifications/push-devices.repo';
import { purgeOldNotices } from '../modules/operator-notices/operator-notices.repo';
import { foldPastShards } from '../modules/reports/reports.repo';
import type { JobDefinition } from './queue';

/**
 * Hourly: delete what can never be used again, so the tables that every request reads (sessions)
 * or every emailed link looks up (single-use tokens) do not grow forever, and no stale secret hash
 * is kept longer than it is useful: sessions expired or signed out, verification and reset tokens
 * and app hand-off codes used or expired, email counters of past hours, page-view salts older than yesterday, and the fatigue guard's
 * record of the held past its week, operator notices past their digests, and the picture files of
 * messages whose conversation is gone.
 * It also folds the report rollups' shards of past days into one row a day, which the dashboards read.
 */
export const housekeepingJob = { queue: 'maintenance.housekeeping', payload: z.object({}) };

/** What one housekeeping run deleted. */
export interface HousekeepingFindings {
  sessions: number;
  tokens: number;
  mailCounters: number;
  analyticsSalts: number;
  /** Domain events past their retention, with their webhook deliveries and calls. */
  events: number;
  /** Rollup shards of past days folded away into one row a day (report_fold_shards). */
  rollupShards: number;
  /** The fatigue guard's record of the held, past FATIGUE_LEDGER_DAYS. */
  rings: number;
  /** Devices lost longer ago than the permission health reads (LOST_DEVICES_DAYS). */
  lostDevices: number;
  /** Operator notices and their emails' sent markers past the daily digest (OPERATOR_NOTICE_KEEP_MS). */
  operatorNotices: number;
  /** Picture files of conversations gone (account or business deleted) and uploads never attached. */
  messagePictures: number;
}

/** The housekeeping handler, bound to the running process. */
export function housekeepingJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const housekeeping: JobDefinition<typeof housekeepingJob.payload> = {
    ...housekeepingJob,
    expireInSeconds: 300,
    // Hourly at :23: expired or signed-out sessions, used or expired emailed tokens.
    schedule: '23 * * * *',
    async handle() {
      const now = new Date();
      const purged: HousekeepingFindings = {
        sessions: await purgeDeadSessions(ctx.db, now),
        tokens: (await purgeSpentAuthTokens(ctx.db, now)) + (await handoffs.purgeSpentHandoffs(ctx.db, now)),
        mailCounters: await purgePastMailQuota(ctx.db),
        analyticsSalts: await analytics.purgeOldSalts(ctx.db, now),
        events: await purgeOldEvents(ctx.db, now),
        rollupShards: await foldPastShards(ctx.db, now),
        rings: await purgeOldRings(ctx.database.sql, now),
        lostDevices: await purgeOldLosses(ctx.db, now),
        operatorNotices: await purgeOldNotices(ctx.db, now),
        messagePictures: await sweepMessagePictures(ctx, now.getTime()),
      };
      ctx.log.info({ ...purged }, 'housekeeping purged dead sessions and spent tokens');
    },
  };
  return [housekeeping] as JobDefinition<z.ZodType>[];
}
