import type { SqlExecutor } from '../../../db/client';

/** The push service says these subscriptions are gone: forget them, recorded as devices lost. */
export async function deleteSubscriptions(sql: SqlExecutor, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return;
  await sql.executeSql(
    `WITH removed AS (DELETE FROM push_subscriptions WHERE id = ANY($1::uuid[]) RETURNING id, user_id)
     ${RECORD_LOSS('gone')}`,
    [subscriptionIds],
  );
}

/** After a CTE `removed` of deleted subscriptions (id, user_id): each recorded as a device lost. */
const RECORD_LOSS = (reason: 'gone' | 'expired') =>
  `INSERT INTO lost_devices (subscription_id, user_id, reason)
   SELECT id, user_id, '${reason}' FROM removed ON CONFLICT DO NOTHING`;

/**
 * A send's verdict on its devices (the circuit breaker): those it failed count one more failed send
 * in a row, and are skipped (stale) from `failedToSkip` on; those that accepted it after earlier
 * failures start again from none. Only rows that change are written: a healthy send writes nothing.
 */
export async function recordDeviceHealth(
  sql: SqlExecutor,
  health: { failed: string[]; recovered: string[] },
  failedToSkip: number,
) {
  if (health.failed.length > 0) {
    await sql.executeSql(
      `UPDATE push_subscriptions SET failed_sends = LEAST(failed_sends + 1, 32767),
              stale_since = CASE WHEN failed_sends + 1 >= $2 THEN COALESCE(stale_since, now()) ELSE stale_since END
        WHERE id = ANY($1::uuid[])`,
      [health.failed, failedToSkip],
    );
  }
  if (health.recovered.length > 0) {
    await sql.executeSql('UPDATE push_subscriptions SET failed_sends = 0 WHERE id = ANY($1::uuid[])', [
      health.recovered,
    ]);
  }
}

/**
 * Skip the devices that went silent: not seen (no receipt, no sign-in on them) for `days`, while
 * their push service accepted a push for them since. They stay listed for their owner, who turns
 * notifications on again; the idle expiry deletes them later. How many were marked.
 */
export async function markSilentDevicesStale(sql: SqlExecutor, days: number): Promise<number> {
  const { rows } = await sql.executeSql(
    `UPDATE push_subscriptions s SET stale_since = now()
      WHERE s.stale_since IS NULL AND s.last_seen_at < now() - make_interval(days => $1)
        AND EXISTS (SELECT 1 FROM deliveries d
                     WHERE d.user_id = s.user_id AND d.channel = 'push' AND d.target_id = s.id
                       AND d.outcome = 'sent' AND d.decided_at > s.last_seen_at)
      RETURNING s.id`,
    [days],
  );
  return rows.length;
}

/** The service worker showed (received) or the user clicked a notification. False when no such delivery. */
export async function recordEvent(
  sql: SqlExecutor,
  notificationId: string,
  subscriptionId: string,
  type: 'received' | 'clicked',
): Promise<boolean> {
  const { rows } = await sql.executeSql(
    `UPDATE deliveries SET received_at = COALESCE(received_at, now()),
            clicked_at = CASE WHEN $3 = 'clicked' THEN COALESCE(clicked_at, now()) ELSE clicked_at END
      WHERE notification_id = $1 AND channel = 'push' AND target_id = $2
      RETURNING target_id`,
    [notificationId, subscriptionId, type],
  );
  if (rows.length === 0) return false;
  // It shows what it gets: whatever made it stale is over.
  await sql.executeSql(
    'UPDATE push_subscriptions SET last_seen_at = now(), stale_since = NULL, failed_sends = 0 WHERE id = $1',
    [subscriptionId],
  );
  return true;
}

/** Remove subscriptions the browser said have ended, or not seen on their device for too long (devices lost: expired). */
export async function expireSubscriptions(sql: SqlExecutor, idleDays: number): Promise<number> {
  const { rows } = await sql.executeSql(
    `WITH removed AS (
       DELETE FROM push_subscriptions
        WHERE (expires_at IS NOT NULL AND expires_at < now())
           OR last_seen_at < now() - make_interval(days => $1)
        RETURNING id, user_id),
     recorded AS (${RECORD_LOSS('expired')})
     SELECT count(*)::int AS n FROM removed`,
    [idleDays],
  );
  return Number((rows[0] as { n: number }).n);
}
