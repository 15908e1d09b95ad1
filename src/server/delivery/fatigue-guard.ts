import type { FatigueSettings } from './fatigue-settings';

/**
 * The fatigue guard: a follower's phone rings (and inbox fills) at most so often for one business
 * (its limits, else the platform's defaults: a day in the business's time zone, and the last seven
 * days) and for all businesses together (FATIGUE_FOLLOWER_PER_DAY in 24 hours), per channel. A
 * send over a follower's limit is held: no delivery, the post waits in their feed, and the send
 * counts it (notifications.held). Only followers (customers) are held, never the business's own
 * operators. The ledger is follower_rings, written by the fan-out's page statement; the compose's
 * count reads it with the same SQL, so what it says before a send is what the send does.
 *
 * These are SQL fragments for the audience statements of deliveries.repo.ts: `$1` there is the
 * establishment, and the member `m`. The limits are integers from the settings, written into the
 * text (no parameter numbering to thread through), so the statement text is the same for a process.
 */
export interface FatigueSql {
  /** A CTE (name and body, to follow WITH): the business's limits and its day and week. */
  limitsCte: string;
  /** Joins for the members' FROM: the limits, and member m's rings of the last week as counts. */
  join: string;
  /** Boolean expressions on a member row: over their limit on that channel. */
  pushOver: string;
  emailOver: string;
}

const FALSE: FatigueSql = { limitsCte: '', join: '', pushOver: 'false', emailOver: 'false' };

/**
 * The guard's fragments; `notification`: the parameter of the send being taken (its own rings,
 * written by a walk of the same page before a crash, do not count against it), null for a count
 * before any send.
 */
export function fatigueSql(settings: FatigueSettings, notification: string | null): FatigueSql {
  if (!settings.enabled) return FALSE;
  const notOwn = notification ? ` AND r.notification_id <> ${notification}::uuid` : '';
  const counts = (channel: 'push' | 'email') =>
    `count(*) FILTER (WHERE r.channel = '${channel}' AND r.establishment_id = $1 AND r.at >= g.day_start) AS ${channel}_day,
     count(*) FILTER (WHERE r.channel = '${channel}' AND r.establishment_id = $1) AS ${channel}_week,
     count(*) FILTER (WHERE r.channel = '${channel}' AND r.at >= now() - interval '1 day') AS ${channel}_all`;
  const over = (channel: 'push' | 'email') =>
    `(m.kind = 'customer' AND (f.${channel}_day >= g.per_day OR f.${channel}_week >= g.per_week
      OR f.${channel}_all >= ${settings.followerPerDay}))`;
  return {
    // The business's local midnight today, and six days before it: "a day" is its calendar day.
    limitsCte: `fatigue_limits AS MATERIALIZED (
       SELECT (date_trunc('day', now() AT TIME ZONE e.time_zone) AT TIME ZONE e.time_zone) AS day_start,
              ((date_trunc('day', now() AT TIME ZONE e.time_zone) - interval '6 days') AT TIME ZONE e.time_zone) AS week_start,
              -- A choice above today's ceilings (lowered since it was made) counts as the ceiling.
              least(coalesce(e.notify_per_day, ${settings.perDay}), ${settings.maxPerDay}) AS per_day,
              least(coalesce(e.notify_per_week, ${settings.perWeek}), ${settings.maxPerWeek}) AS per_week
         FROM establishments e WHERE e.id = $1),`,
    // OFFSET 0 keeps each member's look at the ledger a probe by its key (user first), as userByKey.
    join: `CROSS JOIN fatigue_limits g
       CROSS JOIN LATERAL (SELECT ${counts('push')}, ${counts('email')}
         FROM follower_rings r
        WHERE r.user_id = m.user_id AND NOT r.held${notOwn}
          AND r.at >= least(g.week_start, now() - interval '1 day') OFFSET 0) f`,
    pushOver: over('push'),
    emailOver: over('email'),
  };
}

/**
 * The page statement's ledger writes, after its `pushes` and `emails` CTEs (each RETURNING
 * user_id) and its `members` (with push_held and email_held): who was rung, who was held (a held
 * push only where a live device would have rung), and the send's held followers counted once each
 * (a page walked again after a crash conflicts on every row, so nothing counts twice).
 */
export function ringsCtes(settings: FatigueSettings, liveDeviceOfMember: string): string {
  if (!settings.enabled) return '';
  return `,
     rings AS (
       INSERT INTO follower_rings (user_id, notification_id, channel, establishment_id, held)
       SELECT DISTINCT user_id, $2::uuid, 'push', $1::uuid, false FROM pushes
       UNION ALL SELECT user_id, $2::uuid, 'email', $1::uuid, false FROM emails
       UNION ALL SELECT m.user_id, $2::uuid, 'push', $1::uuid, true FROM members m
                  WHERE m.push_ok AND m.push_held AND ${liveDeviceOfMember}
       UNION ALL SELECT m.user_id, $2::uuid, 'email', $1::uuid, true FROM members m
                  WHERE m.by_email AND m.email_held
       ON CONFLICT DO NOTHING RETURNING user_id, held),
     held_count AS (
       UPDATE notifications SET held = held + (SELECT count(DISTINCT user_id) FROM rings WHERE held)
        WHERE id = $2 AND EXISTS (SELECT 1 FROM rings WHERE held) RETURNING 1)`;
}
