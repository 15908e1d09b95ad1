import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { SqlExecutor } from '../../db/client';
import { inRange, type UserRange } from '../batches/user-range';

export type Outcome = 'pending' | 'sent' | 'failed' | 'gone';

export interface AttemptResult {
  targetId: string;
  /** pending: to be tried again. */
  outcome: Outcome;
  httpStatus: number | null;
  /** A request was made (counted in `attempts`); false for what was decided without one. */
  tried: boolean;
  /** For a pending one: not to be tried again before this time. */
  retryAt?: Date | undefined;
}

/**
 * Record a batch's results in one statement. Only pending rows change, so a repeated batch never
 * turns one outcome into another: each (notification, channel, target) ends in exactly one. `attempts`
 * counts requests made to the push service, nothing else. The
 * `= ANY($2)` finds the rows by primary key: joined on the unnest alone, the planner hashed every
 * delivery of the notification on each write (a scan of the whole audience per chunk of results).
 * The batch's range keeps every other plan as small: `outcome = 'pending'` alone let it read the
 * send's whole pending index instead, a cost that grew with the send (bench:fanout at a million).
 */
export async function recordAttempts(
  sql: SqlExecutor,
  notificationId: string,
  channel: DeliveryChannel,
  users: UserRange,
  results: AttemptResult[],
) {
  if (results.length === 0) return;
  await sql.executeSql(
    `UPDATE deliveries d
        SET outcome = v.outcome, http_status = CASE WHEN v.tried THEN v.status ELSE COALESCE(v.status, d.http_status) END,
            attempts = d.attempts + v.tried::int, retry_at = v.retry_at,
            decided_at = CASE WHEN v.outcome = 'pending' THEN NULL ELSE now() END
       FROM unnest($2::uuid[], $3::text[], $4::int[], $5::boolean[], $6::timestamptz[])
            AS v(target_id, outcome, status, tried, retry_at)
      WHERE d.notification_id = $1 AND d.channel = $9 AND d.target_id = ANY($2::uuid[])
        AND d.target_id = v.target_id AND d.outcome = 'pending' AND ${inRange('d', '$7', '$8')}`,
    [
      notificationId,
      results.map((r) => r.targetId),
      results.map((r) => r.outcome),
      results.map((r) => r.httpStatus),
      results.map((r) => r.tried),
      results.map((r) => r.retryAt?.toISOString() ?? null),
      users.after,
      users.upto,
      channel,
    ],
  );
}

/** Still queued or sending (not done, not halted). */
export async function isUnfinished(sql: SqlExecutor, notificationId: string): Promise<boolean> {
  const { rows } = await sql.executeSql(
    `SELECT 1 FROM notifications WHERE id = $1 AND status IN ('queued', 'sending') AND completed_at IS NULL`,
    [notificationId],
  );
  return rows.length > 0;
}

/**
 * Mark the send finished once every batch is handed out and nothing is pending; safe to call from every batch.
 * The pending check is correlated with the notification's row so that it runs only once that row
 * passes `batches_done` (an anti-join under it): written with `$1`, it was a one-time filter run
 * before anything else, by every batch of a send, over the pending index's entries already sent and
 * not yet vacuumed, a cost that grew with the send.
 */
export async function completeIfDone(sql: SqlExecutor, notificationId: string) {
  await sql.executeSql(
    `UPDATE notifications n SET
        -- 'halted' is kept for sends stopped before per-origin pauses existed.
        status = CASE WHEN n.status = 'halted' THEN 'halted' ELSE 'done' END,
        completed_at = now()
      WHERE n.id = $1 AND n.batches_done AND n.completed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.notification_id = n.id AND d.outcome = 'pending')`,
    [notificationId],
  );
}
