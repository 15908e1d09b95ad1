import { type SQL, sql } from 'drizzle-orm';
import { memberships, users } from './schema';

/*
 * The two follower counts of an establishment, written once and used by every
 * screen and file that shows them: the establishment's page and lists, its members, the
 * establishments export. The dashboards count the same two from their rollups
 * (src/server/db/functions/reports.sql, report_daily.confirmed), and the delivery audience uses the
 * same rule (deliveries.repo.ts: a confirmed email).
 *
 * - Followers: customers who follow it and confirmed their email address; they receive its sends.
 * - Waiting: customers who follow it and have not confirmed their email yet; the devices they
 *   turned on get its sends, email waits for the confirmation.
 * - Guests: of the followers, those who followed with one tap and have no account (a device each,
 *   no email); counted among the followers, and apart for the operator, so a flood of them shows.
 */

const customersOf = (establishmentId: SQL, confirmed: boolean) =>
  sql<number>`(select count(*)::int from ${memberships} m join ${users} u on u.id = m.user_id
    where m.establishment_id = ${establishmentId} and m.kind = 'customer'
    and ${confirmed ? sql`u.email_verified` : sql`not u.email_verified`})`;

/** Followers of the establishment `establishmentId` (an SQL expression naming its id): confirmed email. */
export const followerCountOf = (establishmentId: SQL) => customersOf(establishmentId, true);

/** Who follows the establishment `establishmentId` and has not confirmed their email yet. */
export const waitingCountOf = (establishmentId: SQL) => customersOf(establishmentId, false);

/** Of its followers, the guests: devices that follow with no account. */
export const guestCountOf = (establishmentId: SQL) =>
  sql<number>`(select count(*)::int from ${memberships} m join ${users} u on u.id = m.user_id
    where m.establishment_id = ${establishmentId} and m.kind = 'customer' and u.guest)`;
