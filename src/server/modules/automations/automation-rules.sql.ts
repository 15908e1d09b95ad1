import { type AutomationKind, WIN_BACK_GAP_DAYS } from '../../../shared/schemas/automation.schema';

/**
 * Whom each automation picks on a business's day, as SQL over its members `m`, with the
 * parameters every rule statement shares:
 *   $1 the establishment, $2 the moment of the run, $3 the automation's days (N),
 *   $4 the business's time zone, $5 the business's date of the run (its calendar day).
 * The follow-up and the anniversary go by the business's calendar (followed on the 2nd at 18:00,
 * a 3-day follow-up goes on the 5th), and look back a few days, so a run missed (no process up
 * that day) is caught up; the occurrence key keeps it once.
 */
export const RULE_PARAMS = ['establishmentId', 'at', 'days', 'timeZone', 'day'] as const;

/** Days a missed follow-up or anniversary is still sent late. */
const CATCH_UP_DAYS = 3;

const followedOn = '(m.created_at AT TIME ZONE $4)::date';

/** Each kind's rule (besides being a follower, not paused, not yet given this occurrence). */
const RULES: Record<AutomationKind, string> = {
  followUp: `${followedOn} <= $5::date - $3::int AND ${followedOn} > $5::date - $3::int - ${CATCH_UP_DAYS}`,
  // The anniversary this year (29 February: the 28th in other years), at least a year on.
  anniversary: `${followedOn} <= $5::date - interval '1 year'
    AND (${followedOn} + make_interval(years => extract(year FROM $5::date)::int
                                             - extract(year FROM ${followedOn})::int))::date
        BETWEEN $5::date - ${CATCH_UP_DAYS - 1} AND $5::date`,
  // Quiet for N days: followed before, no visit of the page since, no click on anything of the
  // business's since (a push or an email's link), and no win-back in the last WIN_BACK_GAP_DAYS.
  winBack: `m.created_at < $2::timestamptz - make_interval(days => $3::int)
    AND (m.last_visit_at IS NULL OR m.last_visit_at < $2::timestamptz - make_interval(days => $3::int))
    AND NOT EXISTS (SELECT 1 FROM deliveries d JOIN notifications n ON n.id = d.notification_id
                     WHERE d.user_id = m.user_id AND n.establishment_id = $1
                       AND d.clicked_at >= $2::timestamptz - make_interval(days => $3::int))
    AND NOT EXISTS (SELECT 1 FROM automation_recipients w
                     WHERE w.establishment_id = $1 AND w.kind = 'winBack' AND w.user_id = m.user_id
                       AND w.created_at > $2::timestamptz - interval '${WIN_BACK_GAP_DAYS} days')`,
  // N days before the birthday a follower gave and agreed to (29 February: the 28th in other
  // years). The exact day only: a late one could fall in the next year's occurrence.
  birthday: `EXISTS (SELECT 1 FROM users u, LATERAL (SELECT $5::date + $3::int AS day) b
                 WHERE u.id = m.user_id AND u.birthday_consent_at IS NOT NULL
                   AND ((u.birth_month = extract(month FROM b.day) AND u.birth_day = extract(day FROM b.day))
                     OR (u.birth_month = 2 AND u.birth_day = 29 AND to_char(b.day, 'MM-DD') = '02-28'
                         AND extract(day FROM date_trunc('year', b.day) + interval '59 days') <> 29)))`,
};

/** The occurrence a follower gets it for: once ever, once a year, once a business day. */
const OCCURRENCE: Record<AutomationKind, string> = {
  followUp: `'once'`,
  anniversary: `to_char($5::date, 'YYYY')`,
  birthday: `to_char($5::date + $3::int, 'YYYY')`,
  winBack: `$5::date::text`,
};

/** The occurrence's SQL expression for this kind (over the shared parameters). */
export const occurrenceOf = (kind: AutomationKind) => OCCURRENCE[kind];

/**
 * The members this automation picks on the day: followers, not paused, its rule, and not already
 * given this occurrence. `$6` is the kind.
 */
export const pickedMembers = (kind: AutomationKind) => `SELECT m.user_id FROM memberships m
  WHERE m.establishment_id = $1 AND m.kind = 'customer'
    -- Every parameter typed: a rule that reads no days or zone would leave its type unknown.
    AND $3::int IS NOT NULL AND $4::text IS NOT NULL
    AND (m.paused_until IS NULL OR m.paused_until <= $2::timestamptz)
    AND ${RULES[kind]}
    AND NOT EXISTS (SELECT 1 FROM automation_recipients r
                     WHERE r.establishment_id = $1 AND r.kind = $6 AND r.user_id = m.user_id
                       AND r.occurrence = ${OCCURRENCE[kind]})`;
