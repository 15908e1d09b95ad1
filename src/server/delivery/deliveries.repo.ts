import type { DeliveryChannel } from '../../shared/schemas/channels';
import type { SqlExecutor } from '../db/client';
import type { QuietHoursSetting } from './deferral/quiet-period';
import { fatigueSql, heldCtes } from './fatigue-guard';
import type { FatigueSettings } from './fatigue-settings';

/**
 * The delivery pipeline's SQL, written by hand: these statements touch one row per recipient and
 * run in bulk (arrays as parameters), on PGlite and PostgreSQL alike.
 */

export type Outcome = 'pending' | 'sent' | 'failed' | 'gone';

/**
 * A send's audience among the members `m` of establishment $1: every member (a device gets pushes
 * before its owner's address is confirmed: whoever turned it on holds it; email waits for the
 * confirmation, see wantsEmail) and, for a targeted send, a pick of one of the preferences in the
 * parameter `targets` (the primary key of user_preferences, user first, answers it per member). The
 * fan-out and the compose's count share it, so the count is the truth.
 */
const audienceOf = (targets: string | null) =>
  `m.establishment_id = $1${
    targets
      ? ` AND EXISTS (SELECT 1 FROM user_preferences p WHERE p.user_id = m.user_id AND p.preference_id = ANY(${targets}::uuid[]))`
      : ''
  }`;

/**
 * Member `m`'s user as `u` with these columns, read by its key. OFFSET 0 keeps the planner from
 * joining users as a whole, which on every page of a send read them from the first id (merge join),
 * from the cursor to the end (hash join), or over the page's whole range once per member (a uuid
 * range narrower than a histogram bucket is estimated at one row): quadratic in the audience.
 */
const userByKey = (columns: string) =>
  `CROSS JOIN LATERAL (SELECT ${columns} FROM users WHERE id = m.user_id OFFSET 0) u`;

/**
 * The audience after `cursor` cut into ranges of about `rangeSize` members (at most `maxRanges`):
 * the upper bounds of every range but the last (which runs to the end). One ordered scan of the
 * audience's user ids; empty when what is left fits in one range.
 */
export async function audienceBoundaries(
  sql: SqlExecutor,
  establishmentId: string,
  cursor: string | null,
  rangeSize: number,
  maxRanges: number,
  preferenceIds: string[] = [],
): Promise<string[]> {
  const targeted = preferenceIds.length > 0;
  const { rows } = await sql.executeSql(
    `WITH audience AS (
       SELECT m.user_id, row_number() OVER (ORDER BY m.user_id) AS rn, count(*) OVER () AS total
         FROM memberships m
        WHERE ${audienceOf(targeted ? '$5' : null)} AND ($2::uuid IS NULL OR m.user_id > $2::uuid))
     SELECT user_id FROM audience
      WHERE rn < total AND rn % greatest($3::bigint, ceil(total::numeric / $4::int)::bigint) = 0
      ORDER BY user_id`,
    [establishmentId, cursor, rangeSize, maxRanges, ...(targeted ? [preferenceIds] : [])],
  );
  return (rows as { user_id: string }[]).map((r) => r.user_id);
}

/** A device worth pushing to: not expired by its browser, not skipped as stale (see staleSince). */
const liveSubscription = '(s.expires_at IS NULL OR s.expires_at > now()) AND s.stale_since IS NULL';

/**
 * How each member `m` (user `u`) wants this business's sends (docs/delivery.md, channels): nothing
 * while paused; by phone when their choice has it; by email when it has it and they are a follower
 * (operators are not emailed their own sends) who confirmed their address (double opt-in) and
 * consented, with an address that does not bounce. `auto` is by phone when they have a live device,
 * else by email: nobody gets the same send twice unless they chose both. No one is emailed while the
 * business's email is paused for its spam complaints (email_pauses; $1 is the business in every
 * statement using it: an uncorrelated test, run once per statement).
 */
const notPaused = '(m.paused_until IS NULL OR m.paused_until <= now())';
const businessEmails =
  'NOT EXISTS (SELECT 1 FROM email_pauses p WHERE p.establishment_id = $1::uuid AND p.lifted_at IS NULL)';
const hasLiveDevice = `EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = m.user_id AND ${liveSubscription})`;
const wantsPush = `${notPaused} AND m.notify IN ('auto', 'phone', 'both')`;
const wantsEmail = (hasDevice: string) =>
  `${notPaused} AND m.kind = 'customer' AND u.email_verified AND u.marketing_consent AND u.email_bounced_at IS NULL
   AND (m.notify IN ('email', 'both') OR (m.notify = 'auto' AND NOT ${hasDevice})) AND ${businessEmails}`;

/** Who a send with these preferences would reach now, and by which channel. */
export interface Reach {
  /**
   * Followers: customers with a confirmed email (the establishment's follower count), and those
   * still waiting for it whom a send reaches on a device.
   */
  followers: number;
  /** Of them, those a send reaches now (by phone, email or both). */
  reachable: number;
  /** Of them, those it reaches on a phone (a live device, and their choice has it). */
  byPhone: number;
  /** Of them, those it emails. */
  byEmail: number;
  /** The push subscriptions the send would take (operators' too). */
  devices: number;
  /** The addresses it would email (operators' too). */
  emails: number;
  /**
   * Of the followers it reaches, those the fatigue guard would hold now (they had enough from
   * this business today or this week, or from all together today): it waits in their feed.
   */
  held: number;
}

/**
 * Whom a send with these preferences would reach now, by channel: the compose's count and the
 * establishment's header, computed with the fan-out's own rules so the count is the truth.
 */
export async function countReach(
  sql: SqlExecutor,
  establishmentId: string,
  preferenceIds: string[],
  fatigue: FatigueSettings,
): Promise<Reach> {
  const targeted = preferenceIds.length > 0;
  const guard = fatigueSql(fatigue, null);
  const { rows } = await sql.executeSql(
    `WITH ${guard.limitsCte}
     members AS MATERIALIZED (
       SELECT m.kind, u.email_verified AS confirmed, ${wantsPush} AS push_ok, ${hasLiveDevice} AS has_device,
              (SELECT count(*)::int FROM push_subscriptions s WHERE s.user_id = m.user_id AND ${liveSubscription}) AS live,
              ${wantsEmail(hasLiveDevice)} AS by_email, ${guard.pushOver} AS push_held, ${guard.emailOver} AS email_held
         FROM memberships m JOIN users u ON u.id = m.user_id ${guard.join}
        WHERE ${audienceOf(targeted ? '$2' : null)})
     SELECT count(*) FILTER (WHERE kind = 'customer' AND (confirmed OR (push_ok AND has_device)))::int AS followers,
            count(*) FILTER (WHERE kind = 'customer' AND ((push_ok AND has_device) OR by_email))::int AS reachable,
            count(*) FILTER (WHERE kind = 'customer' AND push_ok AND has_device)::int AS by_phone,
            count(*) FILTER (WHERE kind = 'customer' AND by_email)::int AS by_email,
            coalesce(sum(live) FILTER (WHERE push_ok), 0)::int AS devices,
            count(*) FILTER (WHERE by_email)::int AS emails,
            count(*) FILTER (WHERE (push_ok AND has_device AND push_held) OR (by_email AND email_held))::int AS held
       FROM members`,
    [establishmentId, ...(targeted ? [preferenceIds] : [])],
  );
  const row = rows[0] as Record<string, number>;
  return {
    followers: Number(row.followers),
    reachable: Number(row.reachable),
    byPhone: Number(row.by_phone),
    byEmail: Number(row.by_email),
    devices: Number(row.devices),
    emails: Number(row.emails),
    held: Number(row.held),
  };
}

/** A page of a send's audience taken: its members, and what it added and left to deliver. */
export interface TakenPage {
  /** The page's members, by user id. */
  users: string[];
  /** Deliveries added, by channel. */
  added: Record<DeliveryChannel, number>;
  /**
   * The page's pending deliveries, by channel: those added and those a walk of the same page
   * added before a crash. What its batches have to do.
   */
  pending: Record<DeliveryChannel, number>;
}

/**
 * Take the next page of a send's audience, in one statement: the members of the establishment
 * after `cursor` (and up to `upto`, when given), by user id, at most `limit` (only those who picked
 * one of `preferenceIds` when the send is targeted); and for each, once, a push delivery per live
 * device when their choice has their phone, an email delivery when it has email (the target of an
 * email delivery is the user). One round trip a page where the page's read and its writes were two,
 * the page's ids sent back in between (a small send is one page).
 */
export async function takePage(
  sql: SqlExecutor,
  page: {
    notificationId: string;
    establishmentId: string;
    cursor: string | null;
    limit: number;
    preferenceIds?: string[];
    upto?: string | null;
    /** The fatigue guard's settings: members over their limit are held, not delivered to. */
    fatigue: FatigueSettings;
  },
): Promise<TakenPage> {
  const targeted = (page.preferenceIds?.length ?? 0) > 0;
  const guard = fatigueSql(page.fatigue, '$2');
  const { rows } = await sql.executeSql(
    // Members in order from the cursor, each user read by its key, until the page is full; what
    // each wants (and whether the fatigue guard holds it) is decided for those rows only (the scan
    // stops at the limit).
    `WITH ${guard.limitsCte}
     page AS MATERIALIZED (
       SELECT m.user_id, m.kind, ${wantsPush} AS push_ok, ${wantsEmail(hasLiveDevice)} AS by_email
         FROM memberships m ${userByKey('email_verified, marketing_consent, email_bounced_at')}
        WHERE ${audienceOf(targeted ? '$6' : null)} AND ($3::uuid IS NULL OR m.user_id > $3::uuid)
          AND ($5::uuid IS NULL OR m.user_id <= $5::uuid)
        ORDER BY m.user_id LIMIT $4),
     -- The fatigue guard over the page's members only, in a step of its own: joined into the page's
     -- scan, its lookups changed the scan's plan and doubled the database's work (bench:fanout).
     members AS MATERIALIZED (
       SELECT m.*, ${guard.pushOver} AS push_held, ${guard.emailOver} AS email_held
         FROM page m ${guard.join}),
     pushes AS (
       INSERT INTO deliveries (notification_id, subscription_id, user_id, channel)
       SELECT $2, s.id, s.user_id, 'push' FROM members m JOIN push_subscriptions s ON s.user_id = m.user_id
        WHERE m.push_ok AND NOT m.push_held AND ${liveSubscription}
       ON CONFLICT DO NOTHING RETURNING 1),
     emails AS (
       INSERT INTO deliveries (notification_id, subscription_id, user_id, channel)
       SELECT $2, m.user_id, m.user_id, 'email' FROM members m WHERE m.by_email AND NOT m.email_held
       ON CONFLICT DO NOTHING RETURNING 1),
     -- What a walk of this page before a crash recorded (this statement cannot see its own
     -- inserts): its batch may never have been queued, so it counts as work to queue. Bounded by
     -- the page's first and last member, so only the page's range of the pending index is read.
     earlier AS (
       SELECT channel, count(*)::int AS n FROM deliveries
        WHERE notification_id = $2 AND outcome = 'pending'
          AND user_id >= (SELECT user_id FROM members ORDER BY user_id LIMIT 1)
          AND user_id <= (SELECT user_id FROM members ORDER BY user_id DESC LIMIT 1)
        GROUP BY channel)${heldCtes(page.fatigue, hasLiveDevice)}
     SELECT (SELECT coalesce(array_agg(user_id ORDER BY user_id), '{}') FROM members) AS users,
            (SELECT count(*) FROM pushes)::int AS push, (SELECT count(*) FROM emails)::int AS email,
            coalesce((SELECT n FROM earlier WHERE channel = 'push'), 0) AS push_earlier,
            coalesce((SELECT n FROM earlier WHERE channel = 'email'), 0) AS email_earlier`,
    [
      page.establishmentId,
      page.notificationId,
      page.cursor,
      page.limit,
      page.upto ?? null,
      ...(targeted ? [page.preferenceIds] : []),
    ],
  );
  const row = rows[0] as {
    users: string[] | string;
    push: number;
    email: number;
    push_earlier: number;
    email_earlier: number;
  };
  return {
    users: uuidArray(row.users),
    added: { push: Number(row.push), email: Number(row.email) },
    pending: {
      push: Number(row.push) + Number(row.push_earlier),
      email: Number(row.email) + Number(row.email_earlier),
    },
  };
}

/** A uuid[] as either driver hands it back: an array (pg) or its text form (PGlite may). */
function uuidArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}

export async function countAudience(sql: SqlExecutor, notificationId: string): Promise<number> {
  const { rows } = await sql.executeSql(
    'SELECT count(*)::int AS n FROM deliveries WHERE notification_id = $1',
    [notificationId],
  );
  return (rows[0] as { n: number }).n;
}

/** Who an email delivery goes to. */
export interface EmailTarget {
  address: string;
  firstName: string;
  language: string;
}

/**
 * A batch's users: ids in (after, upto]. Every statement on a batch's deliveries is bounded by it:
 * the planner's figures for a send still being delivered are stale (nothing analyzes the table in
 * the middle of a send), and with only the notification to go by it read every pending row of the
 * send for each batch's outcomes (a million-follower send slowed down as it went).
 */
export interface UserRange {
  after: string | null;
  upto: string;
}

/** `alias`'s user in the range (after, upto] given as the parameters `after` and `upto`. */
const inRange = (alias: string, after: string, upto: string) =>
  `(${after}::uuid IS NULL OR ${alias}.user_id > ${after}::uuid) AND ${alias}.user_id <= ${upto}::uuid`;

export interface PendingDelivery {
  /** The target: the push subscription (push) or the user (email). */
  subscriptionId: string;
  channel: 'push' | 'email';
  /** For an email delivery: its address; null when it may no longer be emailed (consent taken back, bounced). */
  email: EmailTarget | null;
  /** Null when the subscription was removed since the audience was taken. */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  /** Requests made to the push service for it so far. */
  attempts: number;
  /** Its device's failed sends in a row (push_subscriptions.failed_sends). */
  failedSends: number;
  /** Not to be tried before this time (backoff, Retry-After); null: due now. */
  retryAt: Date | null;
  /** The user's quiet hours; null for most: no quiet hours. */
  quiet: QuietHoursSetting | null;
  /**
   * A push's user's language, read only for a post in several languages (a join on the hottest
   * query costs every send); null otherwise. An email's language is `email.language`.
   */
  language: string | null;
}

/**
 * The still-undecided deliveries of one batch: the devices of the users in (after, upto], with
 * their users' quiet hours (null columns for those without). The users with quiet hours in the
 * range are read first, by one range scan of the partial index users_quiet_idx (a few rows), and
 * hash-joined: probing users for each delivery instead cost far more (bench:quiet-hours).
 */
export async function pendingInRange(
  sql: SqlExecutor,
  notificationId: string,
  after: string | null,
  upto: string,
  channel: DeliveryChannel = 'push',
  withLanguage = false,
): Promise<PendingDelivery[]> {
  // A post in several languages: each device's user's language too (a primary-key join per row).
  const language = withLanguage && channel === 'push';
  // Each channel joins only what it needs: the planner probed users for every push delivery too,
  // only to drop what it found (the join's channel test came after the probe).
  const target =
    channel === 'email'
      ? {
          columns: `NULL AS endpoint, NULL AS p256dh, NULL AS auth, NULL AS failed_sends,
                    e.email, e.first_name, e.language`,
          join: 'LEFT JOIN users e ON e.id = d.user_id AND e.marketing_consent AND e.email_bounced_at IS NULL',
        }
      : {
          columns: `s.endpoint, s.p256dh, s.auth, s.failed_sends,
                    NULL AS email, NULL AS first_name, NULL AS language`,
          join: 'LEFT JOIN push_subscriptions s ON s.id = d.subscription_id',
        };
  const { rows } = await sql.executeSql(
    `WITH quiet AS MATERIALIZED (
       SELECT id, quiet_start, quiet_end, quiet_time_zone FROM users
        WHERE quiet_start IS NOT NULL AND ($2::uuid IS NULL OR id > $2::uuid) AND id <= $3::uuid)
     SELECT d.subscription_id, d.channel, d.attempts, d.retry_at, ${target.columns},
            q.quiet_start, q.quiet_end, q.quiet_time_zone
            ${language ? ', l.language AS push_language' : ''}
       FROM deliveries d ${target.join}
       ${language ? 'LEFT JOIN users l ON l.id = d.user_id' : ''}
       LEFT JOIN quiet q ON q.id = d.user_id
      WHERE d.notification_id = $1 AND d.outcome = 'pending' AND d.channel = $4
        AND ${inRange('d', '$2', '$3')}`,
    [notificationId, after, upto, channel],
  );
  return (
    rows as {
      subscription_id: string;
      channel: 'push' | 'email';
      email: string | null;
      first_name: string | null;
      language: string | null;
      attempts: number;
      retry_at: Date | string | null;
      failed_sends: number | null;
      endpoint: string | null;
      p256dh: string | null;
      auth: string | null;
      quiet_start: number | null;
      quiet_end: number | null;
      quiet_time_zone: string | null;
      push_language?: string | null;
    }[]
  ).map((r) => ({
    language: r.push_language ?? null,
    subscriptionId: r.subscription_id,
    channel: r.channel,
    email:
      r.email === null
        ? null
        : { address: r.email, firstName: r.first_name ?? '', language: r.language ?? 'en' },
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    attempts: Number(r.attempts),
    retryAt: r.retry_at === null ? null : new Date(r.retry_at),
    failedSends: Number(r.failed_sends ?? 0),
    quiet:
      r.quiet_start === null || r.quiet_end === null || r.quiet_time_zone === null
        ? null
        : { start: Number(r.quiet_start), end: Number(r.quiet_end), timeZone: r.quiet_time_zone },
  }));
}

/** Hold these pending deliveries back until their users' quiet hours end (one statement per batch). */
export async function deferDeliveries(
  sql: SqlExecutor,
  notificationId: string,
  users: UserRange,
  deferred: { subscriptionId: string; until: Date }[],
) {
  if (deferred.length === 0) return;
  await sql.executeSql(
    `UPDATE deliveries d SET deferred_until = v.until
       FROM unnest($2::uuid[], $3::timestamptz[]) AS v(subscription_id, until)
      WHERE d.notification_id = $1 AND d.subscription_id = v.subscription_id AND d.outcome = 'pending'
        AND ${inRange('d', '$4', '$5')}`,
    [
      notificationId,
      deferred.map((d) => d.subscriptionId),
      deferred.map((d) => d.until.toISOString()),
      users.after,
      users.upto,
    ],
  );
}

/** A (notification, user) whose held-back deliveries were let go: its batch is to be run again. */
export interface ReleasedDelivery {
  notificationId: string;
  userId: string;
}

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
       SELECT notification_id, subscription_id FROM deliveries
        WHERE deferred_until IS NOT NULL AND deferred_until <= $1::timestamptz
        LIMIT $2),
     cleared AS (
       UPDATE deliveries d SET deferred_until = NULL FROM due
        WHERE d.notification_id = due.notification_id AND d.subscription_id = due.subscription_id
        RETURNING d.notification_id, d.user_id, d.outcome)
     SELECT notification_id, user_id, outcome FROM cleared`,
    [now.toISOString(), limit],
  );
  const all = rows as { notification_id: string; user_id: string; outcome: string }[];
  return { released: distinctPending(all), cleared: all.length };
}

/** Let go of every held-back delivery of this user (quiet hours turned off or changed). */
export async function releaseDeferredOf(sql: SqlExecutor, userId: string): Promise<ReleasedDelivery[]> {
  const { rows } = await sql.executeSql(
    `UPDATE deliveries SET deferred_until = NULL
      WHERE user_id = $1 AND deferred_until IS NOT NULL
      RETURNING notification_id, user_id, outcome`,
    [userId],
  );
  return distinctPending(rows as { notification_id: string; user_id: string; outcome: string }[]);
}

const distinctPending = (rows: { notification_id: string; user_id: string; outcome: string }[]) => {
  const seen = new Set<string>();
  const out: ReleasedDelivery[] = [];
  for (const r of rows) {
    const key = `${r.notification_id}|${r.user_id}`;
    if (r.outcome !== 'pending' || seen.has(key)) continue;
    seen.add(key);
    out.push({ notificationId: r.notification_id, userId: r.user_id });
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

export interface AttemptResult {
  subscriptionId: string;
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
 * turns one outcome into another: each (notification, subscription) ends in exactly one. `attempts`
 * counts requests made to the push service, nothing else. The
 * `= ANY($2)` finds the rows by primary key: joined on the unnest alone, the planner hashed every
 * delivery of the notification on each write (a scan of the whole audience per chunk of results).
 * The batch's range keeps every other plan as small: `outcome = 'pending'` alone let it read the
 * send's whole pending index instead, a cost that grew with the send (bench:fanout at a million).
 */
export async function recordAttempts(
  sql: SqlExecutor,
  notificationId: string,
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
            AS v(subscription_id, outcome, status, tried, retry_at)
      WHERE d.notification_id = $1 AND d.subscription_id = ANY($2::uuid[])
        AND d.subscription_id = v.subscription_id AND d.outcome = 'pending' AND ${inRange('d', '$7', '$8')}`,
    [
      notificationId,
      results.map((r) => r.subscriptionId),
      results.map((r) => r.outcome),
      results.map((r) => r.httpStatus),
      results.map((r) => r.tried),
      results.map((r) => r.retryAt?.toISOString() ?? null),
      users.after,
      users.upto,
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
  channel: DeliveryChannel,
): Promise<{ after: string | null; upto: string }[]> {
  const { rows } = await sql.executeSql(
    `SELECT DISTINCT user_id FROM deliveries
      WHERE notification_id = $1 AND outcome = 'pending' AND channel = $2 ORDER BY user_id`,
    [notificationId, channel],
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
       FROM deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id
       JOIN users u ON u.id = s.user_id
      WHERE d.notification_id = $1 AND d.outcome = 'sent' AND ($2::uuid IS NULL OR d.subscription_id > $2::uuid)
      ORDER BY d.subscription_id LIMIT $3`,
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

/**
 * A link of a notification's email to this user was followed: "Open" (target null) or the button
 * at index `target`. Its click is counted once per delivery (unless `count` is false:
 * EMAIL_CLICK_TRACKING off, an older email's link), and only for a button the notification has.
 * Answers where the post lives and where the button goes, or undefined when no such email was sent
 * or no such button exists.
 */
export async function recordEmailClick(
  sql: SqlExecutor,
  notificationId: string,
  userId: string,
  target: number | null,
  count: boolean,
): Promise<
  { establishmentId: string; deleted: boolean; linkUrl: string | null; actionUrl: string | null } | undefined
> {
  // `->` on a missing index (or actions that are not an array) is NULL, never an error.
  const { rows } = await sql.executeSql(
    `UPDATE deliveries d SET clicked_at = CASE WHEN $4::boolean THEN COALESCE(d.clicked_at, now()) ELSE d.clicked_at END
       FROM notifications n
      WHERE d.notification_id = $1 AND d.subscription_id = $2 AND d.channel = 'email' AND d.outcome = 'sent'
        AND n.id = d.notification_id AND ($3::int IS NULL OR n.actions -> $3::int ->> 'url' IS NOT NULL)
      RETURNING n.establishment_id, n.deleted_at IS NOT NULL AS deleted, n.link_url,
                n.actions -> $3::int ->> 'url' AS action_url`,
    [notificationId, userId, target, count],
  );
  const row = rows[0] as
    | { establishment_id: string; deleted: boolean; link_url: string | null; action_url: string | null }
    | undefined;
  return row
    ? {
        establishmentId: row.establishment_id,
        deleted: Boolean(row.deleted),
        linkUrl: row.link_url,
        actionUrl: row.action_url,
      }
    : undefined;
}

/** The mail server refused these users' addresses for good: no email goes to them any more. */
export async function markEmailsBounced(sql: SqlExecutor, userIds: string[]) {
  if (userIds.length === 0) return;
  await sql.executeSql(
    'UPDATE users SET email_bounced_at = now() WHERE id = ANY($1::uuid[]) AND email_bounced_at IS NULL',
    [userIds],
  );
}

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
                     WHERE d.user_id = s.user_id AND d.subscription_id = s.id
                       AND d.outcome = 'sent' AND d.decided_at > s.last_seen_at)
      RETURNING s.id`,
    [days],
  );
  return rows.length;
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

/** How the deliveries of one channel ended so far. */
export interface ChannelCounts {
  sent: number;
  failed: number;
  gone: number;
  pending: number;
  /** Pending, held back by the follower's quiet hours (push only). */
  deferred: number;
  /** Shown on a device (push only: an email's opening is not tracked). */
  received: number;
  clicked: number;
}

/** Every channel's counts, and their sums. */
export interface DeliveryCounts extends ChannelCounts {
  channels: Record<'push' | 'email', ChannelCounts>;
}

const NO_CHANNEL_COUNTS: ChannelCounts = {
  sent: 0,
  failed: 0,
  gone: 0,
  pending: 0,
  deferred: 0,
  received: 0,
  clicked: 0,
};

export const NO_OUTCOMES: DeliveryCounts = {
  ...NO_CHANNEL_COUNTS,
  channels: { push: NO_CHANNEL_COUNTS, email: NO_CHANNEL_COUNTS },
};

const COUNT_KEYS = Object.keys(NO_CHANNEL_COUNTS) as (keyof ChannelCounts)[];

/** One channel's outcome counts of one notification, as the counting statements give them. */
export type ChannelCountsRow = Record<keyof ChannelCounts, number | string> & {
  notification_id: string;
  channel: 'push' | 'email';
};

/** Add one channel's counts (a row of the counting statements) to a notification's counts in `result`. */
export function addChannelCounts(result: Map<string, DeliveryCounts>, row: ChannelCountsRow): void {
  const counts = result.get(row.notification_id) ?? structuredClone(NO_OUTCOMES);
  const channel = { ...NO_CHANNEL_COUNTS };
  for (const key of COUNT_KEYS) {
    channel[key] = Number(row[key]);
    counts[key] += channel[key];
  }
  counts.channels[row.channel] = channel;
  result.set(row.notification_id, counts);
}

/** What counts a notification's deliveries per channel, for `notification_id = <its id>` (a correlated subquery's). */
export const CHANNEL_COUNTS_SQL = `SELECT notification_id, channel,
            count(*) FILTER (WHERE outcome = 'sent')::int AS sent,
            count(*) FILTER (WHERE outcome = 'failed')::int AS failed,
            count(*) FILTER (WHERE outcome = 'gone')::int AS gone,
            count(*) FILTER (WHERE outcome = 'pending')::int AS pending,
            count(*) FILTER (WHERE outcome = 'pending' AND deferred_until IS NOT NULL)::int AS deferred,
            count(received_at)::int AS received,
            count(clicked_at)::int AS clicked
       FROM deliveries`;

/** Delivery counts of several notifications at once, by channel (one grouped query for a feed page). */
export async function countOutcomesOf(sql: SqlExecutor, ids: string[]): Promise<Map<string, DeliveryCounts>> {
  const result = new Map<string, DeliveryCounts>();
  if (ids.length === 0) return result;
  const { rows } = await sql.executeSql(
    `${CHANNEL_COUNTS_SQL} WHERE notification_id = ANY($1::uuid[]) GROUP BY notification_id, channel`,
    [ids],
  );
  for (const row of rows as ChannelCountsRow[]) addChannelCounts(result, row);
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
