import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  deliveries,
  establishments,
  memberships,
  notifications,
  preferenceGroups,
  preferences,
  pushSubscriptions,
  sessions,
  userPreferences,
} from '../../db/schema';

/** The establishments the user follows or operates, oldest link first; deleted ones are gone for them. */
export async function listUserEstablishments(db: Db, userId: string) {
  return db
    .select({
      establishmentId: establishments.id,
      publicId: establishments.publicId,
      name: establishments.name,
      kind: memberships.kind,
      since: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .where(and(eq(memberships.userId, userId), isNull(establishments.deletedAt)))
    .orderBy(asc(memberships.createdAt), asc(establishments.id));
}

/** The browsers subscribed to push, last seen first. */
export async function listUserDevices(db: Db, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      lastSeenAt: pushSubscriptions.lastSeenAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastSeenAt), asc(pushSubscriptions.id));
}

/** The preferences the user picked, by group. */
export async function listUserPreferences(db: Db, userId: string) {
  return db
    .select({ id: preferences.id, name: preferences.name, groupName: preferenceGroups.name })
    .from(userPreferences)
    .innerJoin(preferences, eq(preferences.id, userPreferences.preferenceId))
    .innerJoin(preferenceGroups, eq(preferenceGroups.id, preferences.groupId))
    .where(eq(userPreferences.userId, userId))
    .orderBy(asc(preferenceGroups.name), asc(preferences.name), asc(preferences.id));
}

/** The last `limit` deliveries to the user's devices, newest notification first, with their outcome. */
export async function listUserDeliveries(db: Db, userId: string, limit: number) {
  return db
    .select({
      notificationId: notifications.id,
      // The delivery's target (a device for push), under the name the API has always used.
      subscriptionId: deliveries.targetId,
      establishmentId: establishments.id,
      establishmentName: establishments.name,
      text: notifications.text,
      sentAt: notifications.createdAt,
      outcome: deliveries.outcome,
      httpStatus: deliveries.httpStatus,
      receivedAt: deliveries.receivedAt,
      clickedAt: deliveries.clickedAt,
    })
    .from(deliveries)
    .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .where(eq(deliveries.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id), asc(deliveries.targetId))
    .limit(limit);
}

/** Of these establishment ids, those that exist and are not deleted. */
export async function findLiveEstablishmentIds(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(and(inArray(establishments.id, ids), isNull(establishments.deletedAt)));
  return rows.map((row) => row.id);
}

/**
 * Make the user's links exactly `links`: others are removed, kept ones keep their date and take the
 * given kind. Answers the establishments the user operated before and no longer does.
 */
export async function replaceMemberships(
  db: Db,
  userId: string,
  links: { establishmentId: string; kind: 'customer' | 'client' }[],
): Promise<{ stoppedOperating: string[]; followed: string[]; unfollowed: string[] }> {
  const before = await db
    .select({ establishmentId: memberships.establishmentId, kind: memberships.kind })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  const ids = links.map((link) => link.establishmentId);
  await db
    .delete(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        ids.length > 0 ? notInArray(memberships.establishmentId, ids) : undefined,
      ),
    );
  if (links.length > 0) {
    await db
      .insert(memberships)
      .values(links.map((link) => ({ userId, establishmentId: link.establishmentId, kind: link.kind })))
      .onConflictDoUpdate({
        target: [memberships.userId, memberships.establishmentId],
        set: { kind: sql`excluded.kind` },
      });
  }
  const kindNow = new Map(links.map((l) => [l.establishmentId, l.kind]));
  const kindBefore = new Map(before.map((m) => [m.establishmentId, m.kind]));
  return {
    stoppedOperating: before
      .filter((m) => m.kind === 'client' && kindNow.get(m.establishmentId) !== 'client')
      .map((m) => m.establishmentId),
    followed: links
      .filter((l) => l.kind === 'customer' && kindBefore.get(l.establishmentId) !== 'customer')
      .map((l) => l.establishmentId),
    unfollowed: before
      .filter((m) => m.kind === 'customer' && kindNow.get(m.establishmentId) !== 'customer')
      .map((m) => m.establishmentId),
  };
}

/** End every "log in as" session this admin opened (they are losing the right, or their account). */
export async function revokeSessionsActedBy(db: Db, adminId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.actingAdminId, adminId), isNull(sessions.revokedAt)));
}
