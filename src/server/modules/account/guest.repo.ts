import { and, eq, sql } from 'drizzle-orm';
import { type Db, executorOf } from '../../db/client';
import { memberships, pushSubscriptions, users } from '../../db/schema';

/**
 * Guest followers' data (DESIGN.md, "Guest followers"): a user row without email or password, made
 * by following with one tap, merged into an account when its person registers or signs in on that
 * device, and deleted with its devices once it follows nothing.
 */

/** Who this push endpoint belongs to, with its keys (a guest's device is recognised by all three). */
export async function deviceOwner(db: Db, endpoint: string) {
  const [row] = await db
    .select({
      userId: pushSubscriptions.userId,
      guest: users.guest,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

/**
 * Move a guest's follows and devices to an account, then delete the guest. A business both follow
 * keeps the account's follow (nothing is followed twice); a moved follow keeps its date, source and
 * choice. The devices belong to `sessionId` from now on: the session opened on that device by
 * registering or signing in, so a verification made elsewhere that ends it takes them too.
 */
export async function mergeGuestInto(
  db: Db,
  guestId: string,
  accountId: string,
  sessionId: string,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO memberships (user_id, establishment_id, kind, source, notify, paused_until, welcomed_at, created_at)
    SELECT ${accountId}, establishment_id, kind, source, notify, paused_until, welcomed_at, created_at
      FROM memberships WHERE user_id = ${guestId}
    ON CONFLICT DO NOTHING`);
  // A business both follow: the guest's welcome counts for the account (it rang on this device).
  await db.execute(sql`
    UPDATE memberships a SET welcomed_at = coalesce(a.welcomed_at, g.welcomed_at)
      FROM memberships g
     WHERE g.user_id = ${guestId} AND a.user_id = ${accountId} AND a.establishment_id = g.establishment_id`);
  await db.execute(sql`
    INSERT INTO welcomes_given (user_id, establishment_id, at)
    SELECT ${accountId}, establishment_id, at FROM welcomes_given WHERE user_id = ${guestId}
    ON CONFLICT DO NOTHING`);
  await db
    .update(pushSubscriptions)
    .set({ userId: accountId, sessionId })
    .where(eq(pushSubscriptions.userId, guestId));
  await db.delete(users).where(and(eq(users.id, guestId), eq(users.guest, true)));
}

/**
 * Delete this user if it is a guest that follows nothing any more: its devices and sessions go with
 * it (foreign keys), so no personal data stays behind. Answers whether it was deleted.
 */
export async function deleteGuestIfUnfollowed(db: Db, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.guest, true),
        sql`NOT EXISTS (SELECT 1 FROM ${memberships} m WHERE m.user_id = users.id)`,
      ),
    )
    .returning({ id: users.id });
  return deleted.length > 0;
}

/**
 * Guests older than `graceMinutes` that follow nothing, or whose every device is gone (the push
 * service refused it: a guest is nothing without its device): deleted with what they hold. Answers
 * each deleted guest with the businesses it still followed (read in the statement's snapshot, before
 * the follows went with it), for their `unfollow` events.
 */
export async function deleteAbandonedGuests(
  db: Db,
  graceMinutes: number,
): Promise<{ id: string; followed: string[] }[]> {
  const { rows } = await executorOf(db).executeSql(
    `WITH gone AS (
       DELETE FROM users u
        WHERE u.guest
          AND u.created_at < now() - make_interval(mins => $1::int)
          AND (NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)
               OR NOT EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id))
       RETURNING u.id)
     SELECT gone.id,
            coalesce(array_agg(m.establishment_id::text) FILTER (WHERE m.establishment_id IS NOT NULL), '{}') AS followed
       FROM gone LEFT JOIN memberships m ON m.user_id = gone.id AND m.kind = 'customer'
      GROUP BY gone.id`,
    [graceMinutes],
  );
  return rows as { id: string; followed: string[] }[];
}
