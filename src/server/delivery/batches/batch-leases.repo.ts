import type { SqlExecutor } from '../../db/client';

/** One delivery batch: a channel's deliveries of the users in (after, upto] of one notification. */
export interface BatchKey {
  notificationId: string;
  channel: string;
  after: string | null;
  upto: string;
}

/** The range's lower bound as stored: a first range (no lower bound) as the nil uuid. */
const NO_LOWER_BOUND = '00000000-0000-0000-0000-000000000000';
const keyParams = (key: BatchKey) => [key.notificationId, key.channel, key.after ?? NO_LOWER_BOUND, key.upto];

/**
 * Take the batch's lease for `seconds` unless another run holds a live one. Returns null when
 * taken, else when the other run's lease ends.
 */
export async function takeLease(
  sql: SqlExecutor,
  key: BatchKey,
  holder: string,
  seconds: number,
): Promise<Date | null> {
  const { rows } = await sql.executeSql(
    `INSERT INTO delivery_batch_leases (notification_id, channel, after_id, upto, holder, lease_until)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
     ON CONFLICT (notification_id, channel, after_id, upto) DO UPDATE
       SET holder = excluded.holder, lease_until = excluded.lease_until
       WHERE delivery_batch_leases.lease_until < now()
     RETURNING holder`,
    [...keyParams(key), holder, seconds],
  );
  if (rows.length > 0) return null;
  const held = await sql.executeSql(
    `SELECT lease_until FROM delivery_batch_leases
      WHERE notification_id = $1 AND channel = $2 AND after_id = $3 AND upto = $4`,
    keyParams(key),
  );
  const until = (held.rows as { lease_until: Date | string }[])[0]?.lease_until;
  // Released between the two statements: look again at once.
  return until ? new Date(until) : new Date();
}

/** Extend our lease by `seconds` from now; false when it is no longer ours (it lapsed and was taken). */
export async function renewLease(
  sql: SqlExecutor,
  key: BatchKey,
  holder: string,
  seconds: number,
): Promise<boolean> {
  const { rows } = await sql.executeSql(
    `UPDATE delivery_batch_leases SET lease_until = now() + make_interval(secs => $6)
      WHERE notification_id = $1 AND channel = $2 AND after_id = $3 AND upto = $4 AND holder = $5
     RETURNING holder`,
    [...keyParams(key), holder, seconds],
  );
  return rows.length > 0;
}

/** Let the batch go (only if still ours). */
export async function releaseLease(sql: SqlExecutor, key: BatchKey, holder: string): Promise<void> {
  await sql.executeSql(
    `DELETE FROM delivery_batch_leases
      WHERE notification_id = $1 AND channel = $2 AND after_id = $3 AND upto = $4 AND holder = $5`,
    [...keyParams(key), holder],
  );
}
