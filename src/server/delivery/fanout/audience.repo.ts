import { DELIVERY_CHANNELS, type DeliveryChannel } from '../../../shared/schemas/channels';
import type { FatigueSettings } from '../../config/fatigue-settings';
import type { SqlExecutor } from '../../db/client';
import { simpleArray } from '../../db/sql-arrays';
import { CHANNELS } from '../channels';
import { fatigueSql, heldCtes } from '../fatigue-guard';
import { audienceOf, channelUserColumns, userByKey, wants } from './audience.sql';

/**
 * The audience walk's SQL, written by hand: these statements touch one row per recipient and run
 * in bulk (arrays as parameters), on PGlite and PostgreSQL alike.
 */

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
  /** A listed send's id: its audience is the members listed for it. */
  listedFor: string | null = null,
): Promise<string[]> {
  const targeted = preferenceIds.length > 0;
  const { rows } = await sql.executeSql(
    `WITH audience AS (
       SELECT m.user_id, row_number() OVER (ORDER BY m.user_id) AS rn, count(*) OVER () AS total
         FROM ${listedFor ? listedMembers(targeted ? '$6' : '$5') : 'memberships m'}
        WHERE ${audienceOf(targeted ? '$5' : null)} AND ($2::uuid IS NULL OR m.user_id > $2::uuid))
     SELECT user_id FROM audience
      WHERE rn < total AND rn % greatest($3::bigint, ceil(total::numeric / $4::int)::bigint) = 0
      ORDER BY user_id`,
    [
      establishmentId,
      cursor,
      rangeSize,
      maxRanges,
      ...(targeted ? [preferenceIds] : []),
      ...(listedFor ? [listedFor] : []),
    ],
  );
  return (rows as { user_id: string }[]).map((r) => r.user_id);
}

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
  // Per channel: wants it, can be reached by it, how many targets, held by the fatigue guard.
  const columns = CHANNELS.map(
    (c) => `${wants(c)} AS ${c.name}_ok, ${c.audience.reaches} AS ${c.name}_reaches,
            ${c.audience.targetCount} AS ${c.name}_targets, ${guard.over(c.name)} AS ${c.name}_held`,
  );
  const reached = (c: string) => `(${c}_ok AND ${c}_reaches)`;
  const any = (test: (c: string) => string) => `(${DELIVERY_CHANNELS.map(test).join(' OR ')})`;
  const perChannel = DELIVERY_CHANNELS.map(
    (c) => `count(*) FILTER (WHERE kind = 'customer' AND ${reached(c)})::int AS ${c}_members,
            coalesce(sum(${c}_targets) FILTER (WHERE ${reached(c)}), 0)::int AS ${c}_targets`,
  );
  const { rows } = await sql.executeSql(
    `WITH ${guard.limitsCte}
     members AS MATERIALIZED (
       SELECT m.kind, u.email_verified AS confirmed, ${columns.join(', ')}
         FROM memberships m JOIN users u ON u.id = m.user_id ${guard.join}
        WHERE ${audienceOf(targeted ? '$2' : null)})
     SELECT count(*) FILTER (WHERE kind = 'customer' AND (confirmed OR ${any(reached)}))::int AS followers,
            count(*) FILTER (WHERE kind = 'customer' AND ${any(reached)})::int AS reachable,
            ${perChannel.join(', ')},
            count(*) FILTER (WHERE ${any((c) => `(${reached(c)} AND ${c}_held)`)})::int AS held
       FROM members`,
    [establishmentId, ...(targeted ? [preferenceIds] : [])],
  );
  const row = rows[0] as Record<string, number>;
  const n = (key: string) => Number(row[key] ?? 0);
  // The compose's figures name the two channels it shows.
  return {
    followers: n('followers'),
    reachable: n('reachable'),
    byPhone: n('push_members'),
    byEmail: n('email_members'),
    devices: n('push_targets'),
    emails: n('email_targets'),
    held: n('held'),
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
 * A personal send's recipient ($6) as a member of the establishment ($1) whatever their membership:
 * a customer with the default choice (the first channel that reaches them), not paused.
 */
const RECIPIENT_AS_MEMBER = `(SELECT $6::uuid AS user_id, $1::uuid AS establishment_id, 'customer'::text AS kind,
   'auto'::text AS notify, NULL::timestamptz AS paused_until) m`;

/**
 * The members of establishment $1 listed for the send `send` (an automation's: whom its daily run
 * picked), read from the list: a send to 200 of 100,000 followers reads 200 memberships.
 */
const listedMembers = (send: string) => `(SELECT m.* FROM automation_recipients r
   JOIN memberships m ON m.user_id = r.user_id AND m.establishment_id = r.establishment_id
  WHERE r.notification_id = ${send}::uuid) m`;

/**
 * Take the next page of a send's audience, in one statement: the members of the establishment
 * after `cursor` (and up to `upto`, when given), by user id, at most `limit` (only those who picked
 * one of `preferenceIds` when the send is targeted); and for each, once, a delivery per target of
 * each channel they want (a push per live device, an email to the user). One round trip a page where the page's read and its writes were two,
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
    /** A personal send's one recipient: the page is that member alone. */
    recipient?: string | null;
    /** The recipient need not be a member: the page is that user, as if following with the defaults. */
    anyRecipient?: boolean;
    /** Its audience is the members listed for it (automation_recipients), not every member. */
    listed?: boolean;
    /** The channels it may take (null or absent: every channel). */
    channels?: DeliveryChannel[] | null;
    upto?: string | null;
    /** The fatigue guard's settings: members over their limit are held, not delivered to. */
    fatigue: FatigueSettings;
  },
): Promise<TakenPage> {
  const targeted = (page.preferenceIds?.length ?? 0) > 0;
  const guard = fatigueSql(page.fatigue, '$2');
  const channels = CHANNELS.filter((c) => !page.channels || page.channels.includes(c.name));
  const inserts = channels.map(
    ({ name, audience }) => `added_${name} AS (
       INSERT INTO deliveries (notification_id, target_id, user_id, channel)
       SELECT $2, t.target_id, t.user_id, '${name}' FROM (${audience.targets}) AS t(target_id, user_id)
       ON CONFLICT DO NOTHING RETURNING 1)`,
  );
  const counts = channels.map(
    ({ name }) => `(SELECT count(*) FROM added_${name})::int AS added_${name},
            coalesce((SELECT n FROM earlier WHERE channel = '${name}'), 0) AS earlier_${name}`,
  );
  const { rows } = await sql.executeSql(
    // Members in order from the cursor, each user read by its key, until the page is full; what
    // each wants (and whether the fatigue guard holds it) is decided for those rows only (the scan
    // stops at the limit). Each channel's deliveries are its own `targets` of those members.
    `WITH ${guard.limitsCte}
     page AS MATERIALIZED (
       SELECT m.user_id, m.kind, ${CHANNELS.map((c) => `${wants(c)} AS ${c.name}_ok`).join(', ')}
         FROM ${pageSource(page)} ${userByKey(channelUserColumns())}
        WHERE ${audienceOf(targeted ? '$7' : null)} AND ($3::uuid IS NULL OR m.user_id > $3::uuid)
          AND ($5::uuid IS NULL OR m.user_id <= $5::uuid) AND ($6::uuid IS NULL OR m.user_id = $6::uuid)
        ORDER BY m.user_id LIMIT $4),
     -- The fatigue guard over the page's members only, in a step of its own: joined into the page's
     -- scan, its lookups changed the scan's plan and doubled the database's work (bench:fanout).
     members AS MATERIALIZED (
       SELECT m.*, ${CHANNELS.map((c) => `${guard.over(c.name)} AS ${c.name}_held`).join(', ')}
         FROM page m ${guard.join}),
     ${inserts.join(',\n     ')},
     -- What a walk of this page before a crash recorded (this statement cannot see its own
     -- inserts): its batch may never have been queued, so it counts as work to queue. Bounded by
     -- the page's first and last member, so only the page's range of the pending index is read.
     earlier AS (
       SELECT channel, count(*)::int AS n FROM deliveries
        WHERE notification_id = $2 AND outcome = 'pending'
          AND user_id >= (SELECT user_id FROM members ORDER BY user_id LIMIT 1)
          AND user_id <= (SELECT user_id FROM members ORDER BY user_id DESC LIMIT 1)
        GROUP BY channel)${heldCtes(page.fatigue)}
     SELECT (SELECT coalesce(array_agg(user_id ORDER BY user_id), '{}') FROM members) AS users,
            ${counts.join(',\n            ')}`,
    [
      page.establishmentId,
      page.notificationId,
      page.cursor,
      page.limit,
      page.upto ?? null,
      page.recipient ?? null,
      ...(targeted ? [page.preferenceIds] : []),
    ],
  );
  const row = rows[0] as Record<string, number> & { users: string[] | string };
  const added = {} as Record<DeliveryChannel, number>;
  const pending = {} as Record<DeliveryChannel, number>;
  for (const { name } of CHANNELS) {
    added[name] = Number(row[`added_${name}`] ?? 0);
    pending[name] = added[name] + Number(row[`earlier_${name}`] ?? 0);
  }
  return { users: simpleArray(row.users), added, pending };
}

/** Where a page's members come from: the recipient alone, the send's list, or the memberships. */
function pageSource(page: { recipient?: string | null; anyRecipient?: boolean; listed?: boolean }) {
  if (page.anyRecipient && page.recipient) return RECIPIENT_AS_MEMBER;
  return page.listed ? listedMembers('$2') : 'memberships m';
}

export async function countAudience(sql: SqlExecutor, notificationId: string): Promise<number> {
  const { rows } = await sql.executeSql(
    'SELECT count(*)::int AS n FROM deliveries WHERE notification_id = $1',
    [notificationId],
  );
  return (rows[0] as { n: number }).n;
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
