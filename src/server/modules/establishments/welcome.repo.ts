import { and, eq, gt, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments, memberships, notifications, welcomesGiven } from '../../db/schema';

/**
 * Welcomes are for new followers: a follow older than this gets none when its follower
 * turns push on later, so a customer enabling notifications is not greeted by every business at once.
 */
export const WELCOME_WINDOW_HOURS = 24;

/**
 * A follow still owed its welcome: recent, not welcomed, never welcomed by this business before (an
 * unfollow and a new follow earn no second one), and its business active with a welcome text.
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

/**
 * Whether this user has a follow still owed its welcome: a new device or a confirmed address (which
 * email needs) then queues the welcome job.
 */
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
 * Take the welcomes this user is owed, each as a personal send (a notification of source 'welcome'
 * to this user alone, in no feed), queued and ready for the engine's walk: marked as welcomed in the
 * same statement, so two jobs running at once (a follow and a new device) cannot both send one.
 * Returns the sends' notification and establishment ids.
 */
export async function claimWelcomes(db: Db, userId: string) {
  const claimed = await db
    .update(memberships)
    .set({ welcomedAt: sql`now()` })
    .from(establishments)
    .where(owedWelcome(userId))
    .returning({
      establishmentId: establishments.id,
      text: establishments.welcomeText,
      translations: establishments.welcomeTranslations,
    });
  if (claimed.length === 0) return [];
  await db
    .insert(welcomesGiven)
    .values(claimed.map(({ establishmentId }) => ({ userId, establishmentId })))
    .onConflictDoNothing();
  const sends = await db
    .insert(notifications)
    .values(
      claimed.map((welcome) => ({
        establishmentId: welcome.establishmentId,
        text: welcome.text,
        translations: welcome.translations,
        inFeed: false,
        source: 'welcome' as const,
        recipientId: userId,
      })),
    )
    .returning({ notificationId: notifications.id, establishmentId: notifications.establishmentId });
  return sends;
}

/** How many deliveries a send's walk recorded: 0 when no channel reaches its recipient. */
export async function audienceOfSend(db: Db, notificationId: string): Promise<number> {
  const [row] = await db
    .select({ audience: notifications.audience })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  return row?.audience ?? 0;
}

/**
 * Give a welcome back when nothing reaches its follower yet (no device, no confirmed address they
 * want email at): its send goes, and a new device or the confirmation sends it.
 */
export async function releaseWelcome(
  db: Db,
  userId: string,
  establishmentId: string,
  notificationId: string,
) {
  await db.transaction(async (tx) => {
    await tx.delete(notifications).where(eq(notifications.id, notificationId));
    await tx
      .update(memberships)
      .set({ welcomedAt: null })
      .where(and(eq(memberships.userId, userId), eq(memberships.establishmentId, establishmentId)));
    await tx
      .delete(welcomesGiven)
      .where(and(eq(welcomesGiven.userId, userId), eq(welcomesGiven.establishmentId, establishmentId)));
  });
}
