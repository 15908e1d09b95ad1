import { CHANNELS } from '../channels';
import type { Channel } from '../channels/channel';

/**
 * The audience's rules as SQL fragments, shared by the fan-out's page statement and the compose's
 * count (audience.repo.ts), so what the count says is what the send does.
 */

/**
 * A send's audience among the members `m` of establishment $1: every member (a device gets pushes
 * before its owner's address is confirmed: whoever turned it on holds it; email waits for the
 * confirmation, see the email channel) and, for a targeted send, a pick of one of the preferences in the
 * parameter `targets` (the primary key of user_preferences, user first, answers it per member). The
 * fan-out and the compose's count share it, so the count is the truth.
 */
export const audienceOf = (targets: string | null) =>
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
export const userByKey = (columns: string) =>
  `CROSS JOIN LATERAL (SELECT ${columns} FROM users WHERE id = m.user_id OFFSET 0) u`;
/**
 * How each member `m` (user `u`) wants this business's sends (docs/delivery.md, channels): nothing
 * while paused; on a channel when they may get it there (its `eligible`) and their choice names it,
 * or their choice is `auto` and no channel before it in CHANNELS reaches them (by phone when they
 * have a live device, else by email): nobody gets the same send twice unless they chose both.
 */
export const notPaused = '(m.paused_until IS NULL OR m.paused_until <= now())';
export function wants(channel: Channel): string {
  const before = CHANNELS.slice(0, CHANNELS.indexOf(channel));
  const auto = ["m.notify = 'auto'", ...before.map((c) => `NOT ${c.audience.reaches}`)].join(' AND ');
  const choices = channel.audience.choices.map((choice) => `'${choice}'`).join(', ');
  return `${notPaused} AND ${channel.audience.eligible} AND (m.notify IN (${choices}) OR (${auto}))`;
}

/** The users columns the channels' rules read (`u.<column>`). */
export const channelUserColumns = (): string => {
  const columns = [...new Set(CHANNELS.flatMap((channel) => channel.audience.userColumns))];
  return columns.length > 0 ? columns.join(', ') : 'id';
};
