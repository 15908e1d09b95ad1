import { DELIVERY_CHANNELS, type DeliveryChannel } from '../../shared/schemas/channels';
import type { FatigueSettings } from '../config/fatigue-settings';
import { CHANNELS } from './channels';

/**
 * The fatigue guard: a follower's phone rings (and inbox fills) at most so often for one business
 * (its limits, else the platform's defaults: a day in the business's time zone, and the last seven
 * days) and for all businesses together (FATIGUE_FOLLOWER_PER_DAY in 24 hours), per channel. A
 * send over a follower's limit is held: no delivery, the post waits in their feed, and the send
 * counts it (notifications.held). Only followers (customers) are held, never the business's own
 * operators. What a follower had is read from the deliveries of the recent sends (no write for
 * anyone reached: a ledger written for every member cost the fan-out about a fifth of its pace,
 * bench:fanout); only the held are recorded (follower_rings). The compose's count runs the same
 * SQL, so what it says before a send is what the send does.
 *
 * These are SQL fragments for the audience statements of deliveries.repo.ts: `$1` there is the
 * establishment, and the member `m`. The limits are integers from the settings, written into the
 * text (no parameter numbering to thread through), so the statement text is the same for a process.
 */
export interface FatigueSql {
  /** CTEs (names and bodies, to follow WITH): the business's limits, its day and week, its sends of them. */
  limitsCte: string;
  /** Joins for the members' FROM: the limits, and what reached member m lately, as counts. */
  join: string;
  /** A boolean expression on a member row: over their limit on that channel. */
  over(channel: DeliveryChannel): string;
}

const FALSE: FatigueSql = { limitsCte: '', join: '', over: () => 'false' };

/**
 * The guard's fragments; `notification`: the parameter of the send being taken (its own
 * deliveries, written by a walk of the same page before a crash, do not count against it), null
 * for a count before any send.
 */
export function fatigueSql(settings: FatigueSettings, notification: string | null): FatigueSql {
  if (!settings.enabled) return FALSE;
  const notOwn = notification ? ` AND n.id <> ${notification}::uuid` : '';
  // Whether send `send` went to member m on this channel: its deliveries, by the batch index.
  const reached = (channel: DeliveryChannel, send: string) =>
    `EXISTS (SELECT 1 FROM deliveries d WHERE d.notification_id = ${send} AND d.user_id = m.user_id AND d.channel = '${channel}')`;
  const counts = (channel: DeliveryChannel) =>
    `count(*) FILTER (WHERE s.today AND s.${channel}) AS ${channel}_day,
     count(*) FILTER (WHERE s.${channel}) AS ${channel}_week,
     count(*) FILTER (WHERE s.last_day AND s.${channel}) AS ${channel}_last_day`;
  const over = (channel: DeliveryChannel) =>
    `(m.kind = 'customer' AND (f.${channel}_day >= g.per_day OR f.${channel}_week >= g.per_week
      OR f.${channel}_last_day + o.${channel}_elsewhere >= ${settings.followerPerDay}))`;
  return {
    // The business's local midnight today, and six days before it: "a day" is its calendar day.
    // Its sends of that window (and of the last 24 hours) are read once per statement.
    limitsCte: `fatigue_limits AS MATERIALIZED (
       SELECT (date_trunc('day', now() AT TIME ZONE e.time_zone) AT TIME ZONE e.time_zone) AS day_start,
              ((date_trunc('day', now() AT TIME ZONE e.time_zone) - interval '6 days') AT TIME ZONE e.time_zone) AS week_start,
              -- A choice above today's ceilings (lowered since it was made) counts as the ceiling.
              least(coalesce(e.notify_per_day, ${settings.perDay}), ${settings.maxPerDay}) AS per_day,
              least(coalesce(e.notify_per_week, ${settings.perWeek}), ${settings.maxPerWeek}) AS per_week
         FROM establishments e WHERE e.id = $1),
     fatigue_sends AS MATERIALIZED (
       SELECT n.id, n.created_at >= g.day_start AS today, n.created_at >= now() - interval '1 day' AS last_day
         FROM fatigue_limits g
         JOIN notifications n ON n.establishment_id = $1
          AND n.created_at >= least(g.week_start, now() - interval '1 day') AND n.source = 'post'${notOwn}),`,
    // Per member: which of the business's recent sends reached them (none to look at, the usual
    // case of a business that sent nothing this week, costs nothing), and how many other
    // businesses' sends of the last 24 hours did (their memberships by key, their sends by index).
    join: `CROSS JOIN fatigue_limits g
       CROSS JOIN LATERAL (SELECT ${DELIVERY_CHANNELS.map(counts).join(', ')}
         FROM (SELECT fs.today, fs.last_day, ${DELIVERY_CHANNELS.map((c) => `${reached(c, 'fs.id')} AS ${c}`).join(', ')}
                 FROM fatigue_sends fs) s) f
       CROSS JOIN LATERAL (SELECT ${DELIVERY_CHANNELS.map((c) => `count(*) FILTER (WHERE ${reached(c, 'n.id')}) AS ${c}_elsewhere`).join(',\n                                  ')}
         FROM memberships other
         JOIN notifications n ON n.establishment_id = other.establishment_id AND n.created_at >= now() - interval '1 day'
          AND n.source = 'post'
        WHERE other.user_id = m.user_id AND other.establishment_id <> $1) o`,
    over,
  };
}

/**
 * The page statement's record of who was held, after its `members` (with <channel>_ok and
 * <channel>_held): a held delivery only where the channel reaches them (a live device would have
 * rung); and the send's held followers counted once each (a page walked again after a crash
 * conflicts on every row, so nothing counts twice). Who was reached needs no record of its own:
 * their deliveries are it.
 */
export function heldCtes(settings: FatigueSettings): string {
  if (!settings.enabled) return '';
  const held = CHANNELS.map(
    ({ name, audience }) => `SELECT m.user_id, $2::uuid, '${name}', $1::uuid, true FROM members m
        WHERE m.${name}_ok AND m.${name}_held AND ${audience.reaches}`,
  );
  return `,
     held_rows AS (
       INSERT INTO follower_rings (user_id, notification_id, channel, establishment_id, held)
       ${held.join('\n       UNION ALL ')}
       ON CONFLICT DO NOTHING RETURNING user_id),
     held_count AS (
       UPDATE notifications SET held = held + (SELECT count(DISTINCT user_id) FROM held_rows)
        WHERE id = $2 AND EXISTS (SELECT 1 FROM held_rows) RETURNING 1)`;
}
