import type { SqlExecutor } from '../../../db/client';
import { pendingRows } from '../../batches/pending.repo';
import type { UserRange } from '../../batches/user-range';
import type { QuietHoursSetting } from '../../deferral/quiet-period';
import type { PendingOptions, PendingRow } from '../channel';

/** A push delivery still to decide: its device and its user's quiet hours. */
export interface PendingPush extends PendingRow {
  /** Null when the subscription was removed since the audience was taken. */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  /** Its device's failed sends in a row (push_subscriptions.failed_sends). */
  failedSends: number;
  /** The user's quiet hours; null for most: no quiet hours. */
  quiet: QuietHoursSetting | null;
  /** The user's language, read only for a post in several languages (a join on the hottest query costs every send); null otherwise. */
  language: string | null;
}

/**
 * A push batch's undecided deliveries: the devices of the users in (after, upto], with their
 * users' quiet hours (null columns for those without). The users with quiet hours in the range
 * are read first, by one range scan of the partial index users_quiet_idx (a few rows), and
 * hash-joined: probing users for each delivery instead cost far more (bench:quiet-hours).
 */
export async function pendingPushes(
  sql: SqlExecutor,
  notificationId: string,
  users: UserRange,
  { translated, localTime }: PendingOptions = { translated: false },
): Promise<PendingPush[]> {
  const rows = await pendingRows(
    sql,
    notificationId,
    'push',
    users,
    {
      with: `quiet AS MATERIALIZED (
       SELECT id, quiet_start, quiet_end, quiet_time_zone FROM users
        WHERE quiet_start IS NOT NULL AND ($2::uuid IS NULL OR id > $2::uuid) AND id <= $3::uuid)`,
      columns: `s.endpoint, s.p256dh, s.auth, s.failed_sends, q.quiet_start, q.quiet_end, q.quiet_time_zone
              ${translated ? ', l.language' : ''}`,
      // A post in several languages: each device's user's language too (a primary-key join per row).
      joins: `LEFT JOIN push_subscriptions s ON s.id = d.target_id
            ${translated ? 'LEFT JOIN users l ON l.id = d.user_id' : ''}
            LEFT JOIN quiet q ON q.id = d.user_id`,
    },
    { localTime },
  );
  return rows.map(({ raw, ...row }) => {
    const r = raw as {
      endpoint: string | null;
      p256dh: string | null;
      auth: string | null;
      failed_sends: number | null;
      quiet_start: number | null;
      quiet_end: number | null;
      quiet_time_zone: string | null;
      language?: string | null;
    };
    return {
      ...row,
      endpoint: r.endpoint,
      p256dh: r.p256dh,
      auth: r.auth,
      failedSends: Number(r.failed_sends ?? 0),
      language: r.language ?? null,
      quiet:
        r.quiet_start === null || r.quiet_end === null || r.quiet_time_zone === null
          ? null
          : { start: Number(r.quiet_start), end: Number(r.quiet_end), timeZone: r.quiet_time_zone },
    };
  });
}
