import type { SqlExecutor } from '../../db/client';
import { EARLIEST_ZONE } from '../../delivery';

/** Scheduled sends: the SQL of the scheduler, of editing and of cancelling one. */

/**
 * Release up to `limit` scheduled notifications due at `now`, soonest first: status queued and
 * created_at = now (the moment it went out: the feeds, the push TTL and the reports go by it).
 * Rows another transaction holds (an edit, a cancel, another scheduler) are skipped, not waited
 * for. Held back while the establishment may not send (blocked, inactive, deleted) or its weekly
 * send is paused; a cancelled (deleted) row is gone and a soft-deleted one is never released.
 * A send at each follower's local time is due when its time on the business's clock first comes
 * anywhere (UTC+14, up to 26 hours earlier); its deliveries then wait for their followers' time.
 */
export async function releaseDue(
  sql: SqlExecutor,
  now: Date,
  limit: number,
): Promise<
  {
    id: string;
    establishmentId: string;
    authorId: string;
    text: string;
    inFeed: boolean;
    /** When it was due (kept once released): a weekly send's next one follows from it. */
    scheduledFor: Date;
    recurrenceId: string | null;
  }[]
> {
  const { rows } = await sql.executeSql(
    `UPDATE notifications n SET status = 'queued', created_at = $1::timestamptz
      WHERE n.status = 'scheduled'
        AND n.id IN (
          SELECT s.id FROM notifications s
            JOIN establishments e ON e.id = s.establishment_id
           WHERE s.status = 'scheduled' AND s.scheduled_for <= $1::timestamptz + interval '26 hours'
             AND CASE WHEN s.local_time
                      THEN (s.scheduled_for AT TIME ZONE e.time_zone) AT TIME ZONE '${EARLIEST_ZONE}'
                      ELSE s.scheduled_for END <= $1::timestamptz
             AND s.deleted_at IS NULL
             AND e.deleted_at IS NULL AND e.blocked_at IS NULL AND e.active
             AND NOT EXISTS (SELECT 1 FROM recurring_sends r WHERE r.id = s.recurrence_id AND r.paused_at IS NOT NULL)
           ORDER BY s.scheduled_for
           LIMIT $2
           FOR UPDATE OF s SKIP LOCKED)
      RETURNING n.id, n.establishment_id, n.author_id, n.text, n.in_feed, n.scheduled_for, n.recurrence_id`,
    [now.toISOString(), limit],
  );
  return (
    rows as {
      id: string;
      establishment_id: string;
      author_id: string;
      text: string;
      in_feed: boolean;
      scheduled_for: Date | string;
      recurrence_id: string | null;
    }[]
  ).map((row) => ({
    scheduledFor: new Date(row.scheduled_for),
    recurrenceId: row.recurrence_id,
    id: row.id,
    establishmentId: row.establishment_id,
    authorId: row.author_id,
    text: row.text,
    inFeed: row.in_feed,
  }));
}

/**
 * Change a notification still scheduled: its text, its time (created_at follows the time until
 * it goes), its clock (local_time). False when it is no longer scheduled (released or cancelled meanwhile).
 */
export async function updateScheduled(
  sql: SqlExecutor,
  id: string,
  changes: { text?: string; scheduledFor?: Date; localTime?: boolean },
): Promise<boolean> {
  const { rows } = await sql.executeSql(
    `UPDATE notifications
        SET text = COALESCE($2::text, text),
            scheduled_for = COALESCE($3::timestamptz, scheduled_for),
            created_at = COALESCE($3::timestamptz, created_at),
            local_time = COALESCE($4::boolean, local_time)
      WHERE id = $1 AND status = 'scheduled'
      RETURNING id`,
    [id, changes.text ?? null, changes.scheduledFor?.toISOString() ?? null, changes.localTime ?? null],
  );
  return rows.length > 0;
}

/** Cancel a scheduled notification for good (never sent, never counted). False when it already went. */
export async function deleteScheduled(sql: SqlExecutor, id: string): Promise<boolean> {
  const { rows } = await sql.executeSql(
    `DELETE FROM notifications WHERE id = $1 AND status = 'scheduled' RETURNING id`,
    [id],
  );
  return rows.length > 0;
}
