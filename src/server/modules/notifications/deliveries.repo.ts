import type { SqlExecutor } from '../../db/client';

/**
 * The delivery pipeline's SQL, written by hand: these statements touch one row per recipient and
 * run in bulk (arrays as parameters), on PGlite and PostgreSQL alike.
 */

export type Outcome = 'pending' | 'sent' | 'failed' | 'gone';

/**
 * A send's audience among the members `m` of establishment $1: a confirmed email (an address not
 * yet verified is no audience, nor counted as a follower) and, for a targeted send, a pick of one
 * of the preferences in the parameter `targets` (the primary key of user_preferences, user first,
 * answers it per member). The fan-out and the compose's count share it, so the count is the truth.
 */
const audienceOf = (targets: string | null) =>
  `m.establishment_id = $1 AND u.email_verified${
    targets
      ? ` AND EXISTS (SELECT 1 FROM user_preferences p WHERE p.user_id = m.user_id AND p.preference_id = ANY(${targets}::uuid[]))`
      : ''
  }`;

/**
 * Members of an establishment after `cursor`, by user id: one page of the audience (only those
 * who picked one of `preferenceIds` when the send is targeted).
 */
export async function memberPage(
  sql: SqlExecutor,
  establishmentId: string,
  cursor: string | null,
  limit: number,
  preferenceIds: string[] = [],
): Promise<string[]> {
  const targeted = preferenceIds.length > 0;
  const { rows } = await sql.executeSql(
    `SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE ${audienceOf(targeted ? '$4' : null)} AND ($2::uuid IS NULL OR m.user_id > $2::uuid)
      ORDER BY m.user_id LIMIT $3`,
    [establishmentId, cursor, limit, ...(targeted ? [preferenceIds] : [])],
  );
  return (rows as { user_id: string }[]).map((r) => r.user_id);
}

/**
 * Whom a send with these preferences would reach now: followers (customers, as the establishment's
 * follower count) and the live devices the fan-out would take (operators' too).
 */
export async function countReach(
  sql: SqlExecutor,
  establishmentId: string,
  preferenceIds: string[],
): Promise<{ followers: number; devices: number }> {
  const targeted = preferenceIds.length > 0;
  const { rows } = await sql.executeSql(
    `SELECT
       (SELECT count(*)::int FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE ${audienceOf(targeted ? '$2' : null)} AND m.kind = 'customer') AS followers,
       (SELECT count(*)::int FROM memberships m JOIN users u ON u.id = m.user_id
          JOIN push_subscriptions s ON s.user_id = m.user_id
         WHERE ${audienceOf(targeted ? '$2' : null)} AND (s.expires_at IS NULL OR s.expires_at > now())) AS devices`,
    [establishmentId, ...(targeted ? [preferenceIds] : [])],
  );
  const row = rows[0] as { followers: number; devices: number };
  return { followers: Number(row.followers), devices: Number(row.devices) };
}

/** Add these users' live subscriptions to the notification's audience, once each; how many were added. */
export async function addToAudience(
  sql: SqlExecutor,
  notificationId: string,
  userIds: string[],
): Promise<number> {
  const { rows } = await sql.executeSql(
    `WITH added AS (
       INSERT INTO deliveries (notification_id, subscription_id, user_id)
       SELECT $1, s.id, s.user_id FROM push_subscriptions s
        WHERE s.user_id = ANY($2::uuid[]) AND (s.expires_at IS NULL OR s.expires_at > now())
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM added`,
    [notificationId, userIds],
  );
  return Number((rows[0] as { n: number }).n);
}

export async function countAudience(sql: SqlExecutor, notificationId: string): Promise<number> {
  const { rows } = await sql.executeSql(
    'SELECT count(*)::int AS n FROM deliveries WHERE notification_id = $1',
    [notificationId],
  );
  return (rows[0] as { n: number }).n;
}

export interface PendingDelivery {
  subscriptionId: string;
  /** Null when the subscription was removed since the audience was taken. */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  attempts: number;
}

/** The still-undecided deliveries of one batch: the devices of the users in (after, upto]. */
export async function pendingInRange(
  sql: SqlExecutor,
  notificationId: string,
  after: string | null,
  upto: string,
): Promise<PendingDelivery[]> {
  const { rows } = await sql.executeSql(
    `SELECT d.subscription_id, d.attempts, s.endpoint, s.p256dh, s.auth
       FROM deliveries d LEFT JOIN push_subscriptions s ON s.id = d.subscription_id
      WHERE d.notification_id = $1 AND d.outcome = 'pending'
        AND ($2::uuid IS NULL OR d.user_id > $2::uuid) AND d.user_id <= $3::uuid`,
    [notificationId, after, upto],
  );
  return (
    rows as {
      subscription_id: string;
      attempts: number;
      endpoint: string | null;
      p256dh: string | null;
      auth: string | null;
    }[]
  ).map((r) => ({
    subscriptionId: r.subscription_id,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    attempts: Number(r.attempts),
  }));
}

export interface AttemptResult {
  subscriptionId: string;
  /** pending: to be tried again. */
  outcome: Outcome;
  httpStatus: number | null;
}

/**
 * Record a batch's results in one statement. Only pending rows change, so a repeated batch never
 * turns one outcome into another: each (notification, subscription) ends in exactly one.
 */
export async function recordAttempts(sql: SqlExecutor, notificationId: string, results: AttemptResult[]) {
  if (results.length === 0) return;
  await sql.executeSql(
    `UPDATE deliveries d
        SET outcome = v.outcome, http_status = v.status, attempts = d.attempts + 1,
            decided_at = CASE WHEN v.outcome = 'pending' THEN NULL ELSE now() END
       FROM unnest($2::uuid[], $3::text[], $4::int[]) AS v(subscription_id, outcome, status)
      WHERE d.notification_id = $1 AND d.subscription_id = v.subscription_id AND d.outcome = 'pending'`,
    [
      notificationId,
      results.map((r) => r.subscriptionId),
      results.map((r) => r.outcome),
      results.map((r) => r.httpStatus),
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
 * The users with pending deliveries, cut into ranges (after, upto] of at most `batchSize` users:
 * the batches to hand out again when a send's batch jobs are gone.
 */
export async function pendingRanges(
  sql: SqlExecutor,
  notificationId: string,
  batchSize: number,
): Promise<{ after: string | null; upto: string }[]> {
  const { rows } = await sql.executeSql(
    `SELECT DISTINCT user_id FROM deliveries WHERE notification_id = $1 AND outcome = 'pending' ORDER BY user_id`,
    [notificationId],
  );
  const users = (rows as { user_id: string }[]).map((r) => r.user_id);
  const ranges: { after: string | null; upto: string }[] = [];
  for (let i = 0; i < users.length; i += batchSize) {
    ranges.push({
      after: i === 0 ? null : users[i - 1]!,
      upto: users[Math.min(i + batchSize, users.length) - 1]!,
    });
  }
  return ranges;
}

/** The push service says these subscriptions are gone: forget them. */
export async function deleteSubscriptions(sql: SqlExecutor, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return;
  await sql.executeSql('DELETE FROM push_subscriptions WHERE id = ANY($1::uuid[])', [subscriptionIds]);
}

/** Mark the send finished once every batch is handed out and nothing is pending; safe to call from every batch. */
export async function completeIfDone(sql: SqlExecutor, notificationId: string) {
  await sql.executeSql(
    `UPDATE notifications SET
        -- 'halted' is kept for sends stopped before per-origin pauses existed.
        status = CASE WHEN status = 'halted' THEN 'halted' ELSE 'done' END,
        completed_at = now()
      WHERE id = $1 AND batches_done AND completed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM deliveries WHERE notification_id = $1 AND outcome = 'pending')`,
    [notificationId],
  );
}

export interface DeliveryCounts {
  sent: number;
  failed: number;
  gone: number;
  pending: number;
  received: number;
  clicked: number;
}

const NO_OUTCOMES: DeliveryCounts = { sent: 0, failed: 0, gone: 0, pending: 0, received: 0, clicked: 0 };

/** Delivery counts of several notifications at once (one grouped query for a feed page). */
export async function countOutcomesOf(sql: SqlExecutor, ids: string[]): Promise<Map<string, DeliveryCounts>> {
  const result = new Map<string, DeliveryCounts>();
  if (ids.length === 0) return result;
  const { rows } = await sql.executeSql(
    `SELECT notification_id,
            count(*) FILTER (WHERE outcome = 'sent')::int AS sent,
            count(*) FILTER (WHERE outcome = 'failed')::int AS failed,
            count(*) FILTER (WHERE outcome = 'gone')::int AS gone,
            count(*) FILTER (WHERE outcome = 'pending')::int AS pending,
            count(received_at)::int AS received,
            count(clicked_at)::int AS clicked
       FROM deliveries WHERE notification_id = ANY($1::uuid[]) GROUP BY notification_id`,
    [ids],
  );
  for (const r of rows as (Record<keyof DeliveryCounts, number> & { notification_id: string })[]) {
    result.set(r.notification_id, {
      sent: Number(r.sent),
      failed: Number(r.failed),
      gone: Number(r.gone),
      pending: Number(r.pending),
      received: Number(r.received),
      clicked: Number(r.clicked),
    });
  }
  return result;
}

export async function countOutcomes(sql: SqlExecutor, notificationId: string): Promise<DeliveryCounts> {
  return (await countOutcomesOf(sql, [notificationId])).get(notificationId) ?? NO_OUTCOMES;
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
      WHERE notification_id = $1 AND subscription_id = $2
      RETURNING subscription_id`,
    [notificationId, subscriptionId, type],
  );
  if (rows.length === 0) return false;
  await sql.executeSql('UPDATE push_subscriptions SET last_seen_at = now() WHERE id = $1', [subscriptionId]);
  return true;
}

/** Remove subscriptions the browser said have ended, or not seen on their device for too long. */
export async function expireSubscriptions(sql: SqlExecutor, idleDays: number): Promise<number> {
  const { rows } = await sql.executeSql(
    `DELETE FROM push_subscriptions
      WHERE (expires_at IS NOT NULL AND expires_at < now())
         OR last_seen_at < now() - make_interval(days => $1)
      RETURNING id`,
    [idleDays],
  );
  return rows.length;
}
