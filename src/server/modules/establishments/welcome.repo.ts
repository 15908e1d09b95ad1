import { and, eq, exists, gt, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments, memberships, pushSubscriptions, users, welcomesGiven } from '../../db/schema';

/**
 * Welcomes are for new followers: a follow older than this gets none when its follower
 * turns push on later, so a customer enabling notifications is not greeted by every business at once.
 */
export const WELCOME_WINDOW_HOURS = 24;

const hasLiveDevice = (db: Db, userId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, userId),
          or(isNull(pushSubscriptions.expiresAt), gt(pushSubscriptions.expiresAt, sql`now()`)),
        ),
      ),
  );

/**
 * A follow still owed its welcome: recent, not welcomed, never welcomed by this business before (an
 * unfollow and a new follow earn no second one), and its business active with a welcome text. A
 * welcome is a push: it rings at once, before the follower's address is confirmed (whoever turned
 * the device on holds it).
 */
const owedWelcome = (userId: string) =>
  and(
    eq(memberships.userId, userId),
    eq(memberships.kind, 'customer'),
    isNull(memberships.welcomedAt),
    notExists(
      sql`(SELECT 1 FROM ${welcomesGiven} WHERE ${welcomesGiven.userId} = ${memberships.userId}
             AND ${welcomesGiven.establishmentId} = ${memberships.establishmentId})`,
    ),
    gt(memberships.createdAt, sql`now() - make_interval(hours => ${WELCOME_WINDOW_HOURS})`),
    eq(establishments.id, memberships.establishmentId),
    ne(establishments.welcomeText, ''),
    eq(establishments.active, true),
    isNull(establishments.blockedAt),
    isNull(establishments.deletedAt),
  );

/** Whether this user has a follow still owed its welcome: a new device then queues the welcome job. */
export async function owesWelcome(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .where(owedWelcome(userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Take the welcomes this user is owed, if they have a device to receive them: marked as welcomed in
 * the same statement, so two jobs running at once (a follow and a new device) cannot both send one.
 */
export async function claimWelcomes(db: Db, userId: string) {
  return db.transaction(async (tx) => {
    const claimed = await claimOwed(tx, userId);
    if (claimed.length > 0) {
      await tx
        .insert(welcomesGiven)
        .values(claimed.map(({ establishmentId }) => ({ userId, establishmentId })))
        .onConflictDoNothing();
    }
    return claimed;
  });
}

function claimOwed(db: Db, userId: string) {
  return db
    .update(memberships)
    .set({ welcomedAt: sql`now()` })
    .from(establishments)
    .where(and(owedWelcome(userId), hasLiveDevice(db, userId)))
    .returning({
      establishmentId: establishments.id,
      name: establishments.name,
      logo: establishments.logo,
      text: establishments.welcomeText,
      translations: establishments.welcomeTranslations,
      language: sql<string>`(SELECT ${users.language} FROM ${users} WHERE ${users.id} = ${userId})`,
    });
}

/** Give a welcome back when no device could take it now, so the job's retry (or a new device) sends it. */
export async function releaseWelcome(db: Db, userId: string, establishmentId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ welcomedAt: null })
      .where(and(eq(memberships.userId, userId), eq(memberships.establishmentId, establishmentId)));
    await tx
      .delete(welcomesGiven)
      .where(and(eq(welcomesGiven.userId, userId), eq(welcomesGiven.establishmentId, establishmentId)));
  });
}
