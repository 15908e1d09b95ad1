import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { SqlExecutor } from '../../db/client';
import { inRange, type UserRange } from '../batches/user-range';

/** Hold these pending deliveries back until their users' quiet hours end (one statement per batch). */
export async function deferDeliveries(
  sql: SqlExecutor,
  notificationId: string,
  channel: DeliveryChannel,
  users: UserRange,
  deferred: { targetId: string; until: Date }[],
) {
  if (deferred.length === 0) return;
  await sql.executeSql(
    `UPDATE deliveries d SET deferred_until = v.until
       FROM unnest($2::uuid[], $3::timestamptz[]) AS v(target_id, until)
      WHERE d.notification_id = $1 AND d.channel = $6 AND d.target_id = v.target_id AND d.outcome = 'pending'
        AND ${inRange('d', '$4', '$5')}`,
    [
      notificationId,
      deferred.map((d) => d.targetId),
      deferred.map((d) => d.until.toISOString()),
      users.after,
      users.upto,
      channel,
    ],
  );
}

/** A (notification, channel, user) whose held-back deliveries were let go: its batch is to be run again. */
export interface ReleasedDelivery {
  notificationId: string;
  channel: DeliveryChannel;
  userId: string;
}
type ReleasedRow = { notification_id: string; channel: DeliveryChannel; user_id: string; outcome: string };

/**
 * Let go of at most `limit` deliveries whose quiet hours ended by `now` (through the partial index
 * on deferred_until), and answer which of them still wait to be sent. Decided ones (sent meanwhile
 * by a retry of their batch) only lose the mark, so the index holds nothing but what waits.
 */
export async function releaseDueDeferred(
  sql: SqlExecutor,
  now: Date,
  limit: number,
): Promise<{ released: ReleasedDelivery[]; cleared: number }> {
  const { rows } = await sql.executeSql(
    `WITH due AS (
       SELECT notification_id, channel, target_id FROM deliveries
        WHERE deferred_until IS NOT NULL AND deferred_until <= $1::timestamptz
        LIMIT $2),
     cleared AS (
       UPDATE deliveries d SET deferred_until = NULL FROM due
        WHERE d.notification_id = due.notification_id AND d.channel = due.channel AND d.target_id = due.target_id
        RETURNING d.notification_id, d.channel, d.user_id, d.outcome)
     SELECT notification_id, channel, user_id, outcome FROM cleared`,
    [now.toISOString(), limit],
  );
  const all = rows as ReleasedRow[];
  return { released: distinctPending(all), cleared: all.length };
}

/** Let go of every held-back delivery of this user (quiet hours turned off or changed). */
export async function releaseDeferredOf(sql: SqlExecutor, userId: string): Promise<ReleasedDelivery[]> {
  const { rows } = await sql.executeSql(
    `UPDATE deliveries SET deferred_until = NULL
      WHERE user_id = $1 AND deferred_until IS NOT NULL
      RETURNING notification_id, channel, user_id, outcome`,
    [userId],
  );
  return distinctPending(rows as ReleasedRow[]);
}

const distinctPending = (rows: ReleasedRow[]) => {
  const seen = new Set<string>();
  const out: ReleasedDelivery[] = [];
  for (const r of rows) {
    const key = `${r.notification_id}|${r.channel}|${r.user_id}`;
    if (r.outcome !== 'pending' || seen.has(key)) continue;
    seen.add(key);
    out.push({ notificationId: r.notification_id, channel: r.channel, userId: r.user_id });
  }
  return out;
};

/**
 * The batches (after, upto] that cover these users of a notification, at most `batchSize` users
 * each, as pendingRanges cuts them; each starts just after the notification's previous recipient,
 * so a batch holds as few others as the user ids allow.
 */
export async function rangesOfUsers(
  sql: SqlExecutor,
  notificationId: string,
  userIds: string[],
  batchSize: number,
): Promise<{ after: string | null; upto: string }[]> {
  const users = [...new Set(userIds)].sort();
  const chunks: string[][] = [];
  for (let i = 0; i < users.length; i += batchSize) chunks.push(users.slice(i, i + batchSize));
  if (chunks.length === 0) return [];
  const firsts = chunks.map((chunk) => chunk[0]!);
  const { rows } = await sql.executeSql(
    `SELECT f.first_id::text AS first_id,
            (SELECT d.user_id FROM deliveries d
              WHERE d.notification_id = $1 AND d.user_id < f.first_id
              ORDER BY d.user_id DESC LIMIT 1) AS after
       FROM unnest($2::uuid[]) AS f(first_id)`,
    [notificationId, firsts],
  );
  const afterOf = new Map(
    (rows as { first_id: string; after: string | null }[]).map((r) => [r.first_id, r.after]),
  );
  return chunks.map((chunk) => ({ after: afterOf.get(chunk[0]!) ?? null, upto: chunk.at(-1)! }));
}
