import type { SqlExecutor } from '../../db/client';

/** A device that got a notification: where its update or withdrawal goes. */
export interface ReachedDevice {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Its user's language, for the withdrawal's line. */
  language: string;
}

/**
 * A page of the devices a notification was delivered to (the push service accepted it), still
 * registered, after `after` by subscription id (the deliveries' primary key orders them).
 */
export async function reachedDevicesPage(
  sql: SqlExecutor,
  notificationId: string,
  after: string | null,
  limit: number,
): Promise<ReachedDevice[]> {
  const { rows } = await sql.executeSql(
    `SELECT s.id, s.user_id, s.endpoint, s.p256dh, s.auth, u.language
       FROM deliveries d JOIN push_subscriptions s ON s.id = d.target_id
       JOIN users u ON u.id = s.user_id
      WHERE d.notification_id = $1 AND d.channel = 'push' AND d.outcome = 'sent'
        AND ($2::uuid IS NULL OR d.target_id > $2::uuid)
      ORDER BY d.target_id LIMIT $3`,
    [notificationId, after, limit],
  );
  return (
    rows as {
      id: string;
      user_id: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      language: string;
    }[]
  ).map((r) => ({
    id: r.id,
    userId: r.user_id,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    language: r.language,
  }));
}

/** A withdrawn send delivers nothing more: what was still pending ends failed, untried. */
export async function cancelPending(sql: SqlExecutor, notificationId: string): Promise<void> {
  await sql.executeSql(
    `UPDATE deliveries SET outcome = 'failed', decided_at = now(), retry_at = NULL, deferred_until = NULL
      WHERE notification_id = $1 AND outcome = 'pending'`,
    [notificationId],
  );
}
