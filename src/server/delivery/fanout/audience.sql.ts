/**
 * The audience's rules as SQL fragments, shared by the fan-out's page statement and the compose's
 * count (audience.repo.ts), so what the count says is what the send does.
 */

/**
 * A send's audience among the members `m` of establishment $1: every member (a device gets pushes
 * before its owner's address is confirmed: whoever turned it on holds it; email waits for the
 * confirmation, see wantsEmail) and, for a targeted send, a pick of one of the preferences in the
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
/** A device worth pushing to: not expired by its browser, not skipped as stale (see staleSince). */
export const liveSubscription = '(s.expires_at IS NULL OR s.expires_at > now()) AND s.stale_since IS NULL';

/**
 * How each member `m` (user `u`) wants this business's sends (docs/delivery.md, channels): nothing
 * while paused; by phone when their choice has it; by email when it has it and they are a follower
 * (operators are not emailed their own sends) who confirmed their address (double opt-in) and
 * consented, with an address that does not bounce. `auto` is by phone when they have a live device,
 * else by email: nobody gets the same send twice unless they chose both. No one is emailed while the
 * business's email is paused for its spam complaints (email_pauses; $1 is the business in every
 * statement using it: an uncorrelated test, run once per statement).
 */
export const notPaused = '(m.paused_until IS NULL OR m.paused_until <= now())';
export const businessEmails =
  'NOT EXISTS (SELECT 1 FROM email_pauses p WHERE p.establishment_id = $1::uuid AND p.lifted_at IS NULL)';
export const hasLiveDevice = `EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = m.user_id AND ${liveSubscription})`;
export const wantsPush = `${notPaused} AND m.notify IN ('auto', 'phone', 'both')`;
export const wantsEmail = (hasDevice: string) =>
  `${notPaused} AND m.kind = 'customer' AND u.email_verified AND u.marketing_consent AND u.email_bounced_at IS NULL
   AND (m.notify IN ('email', 'both') OR (m.notify = 'auto' AND NOT ${hasDevice})) AND ${businessEmails}`;
