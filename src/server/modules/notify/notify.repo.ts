import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotifyChoice } from '../../../shared/schemas/channels';
import type { Db } from '../../db/client';
import { establishments, memberships, pushSubscriptions, users } from '../../db/schema';

const followColumns = {
  establishmentId: establishments.id,
  publicId: establishments.publicId,
  name: establishments.name,
  logo: establishments.logo,
  blocked: sql<boolean>`${establishments.blockedAt} IS NOT NULL`,
  notify: memberships.notify,
  pausedUntil: memberships.pausedUntil,
};

/** The businesses a user follows (or operates), newest follow first, with their choices. */
export async function followsOf(db: Db, userId: string) {
  return db
    .select(followColumns)
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .where(and(eq(memberships.userId, userId), isNull(establishments.deletedAt)))
    .orderBy(desc(memberships.createdAt));
}
export type FollowRow = Awaited<ReturnType<typeof followsOf>>[number];

/** What email can do for this user, and whether a device of theirs gets push. */
export async function emailStateOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      marketingConsent: users.marketingConsent,
      emailBounced: sql<boolean>`${users.emailBouncedAt} IS NOT NULL`,
      // Qualified by hand: in a one-table select drizzle writes ${users.id} as a bare "id", which
      // inside the subquery is the subscription's own id (so no device ever counted).
      hasDevice: sql<boolean>`EXISTS (SELECT 1 FROM ${pushSubscriptions} s
        WHERE s.user_id = ${users}.${sql.identifier(users.id.name)}
          AND (s.expires_at IS NULL OR s.expires_at > now()) AND s.stale_since IS NULL)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Set a member's choice (and pause, when given); undefined when they are no member. */
export async function setChoice(
  db: Db,
  userId: string,
  establishmentId: string,
  choice: { notify: NotifyChoice; pausedUntil?: Date | null },
): Promise<FollowRow | undefined> {
  const updated = await db
    .update(memberships)
    .set({
      notify: choice.notify,
      ...(choice.pausedUntil !== undefined ? { pausedUntil: choice.pausedUntil } : {}),
    })
    .where(and(eq(memberships.userId, userId), eq(memberships.establishmentId, establishmentId)))
    .returning({ establishmentId: memberships.establishmentId });
  if (updated.length === 0) return undefined;
  const [row] = await db
    .select(followColumns)
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .where(and(eq(memberships.userId, userId), eq(memberships.establishmentId, establishmentId)));
  return row;
}

export async function giveMarketingConsent(db: Db, userId: string) {
  await db.update(users).set({ marketingConsent: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Stop email from one business to one member, keeping the rest of their choice: email only becomes
 * feed only, phone and email or automatic become phone. Answers the business, or undefined when
 * they are no member (any more).
 */
export async function stopEmail(db: Db, userId: string, establishmentId: string) {
  const [row] = await db
    .update(memberships)
    .set({
      notify: sql`CASE ${memberships.notify} WHEN 'email' THEN 'feed' WHEN 'both' THEN 'phone'
                  WHEN 'auto' THEN 'phone' ELSE ${memberships.notify} END`,
    })
    .where(and(eq(memberships.userId, userId), eq(memberships.establishmentId, establishmentId)))
    .returning({ establishmentId: memberships.establishmentId });
  return row;
}

/** The business and whether its sends still reach this member by email (the unsubscribe page). */
export async function unsubscribeTarget(db: Db, userId: string, establishmentId: string) {
  const [row] = await db
    .select({
      name: establishments.name,
      publicId: establishments.publicId,
      emailing: sql<boolean>`${memberships.notify} IN ('email', 'both', 'auto') AND ${users.marketingConsent}`,
    })
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.establishmentId, establishmentId),
        isNull(establishments.deletedAt),
      ),
    );
  return row;
}
