import { type AnyColumn, and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { followerCountOf, waitingCountOf } from '../../db/follower-counts';
import {
  deliveries,
  establishments,
  memberships,
  notifications,
  postComments,
  postReactions,
  preferenceGroups,
  preferences,
  pushSubscriptions,
  userPreferences,
  users,
} from '../../db/schema';

/*
 * The exports read in keyset pages: each query starts strictly after the previous page's last key
 * and is served by an index in that key's order, so a page costs the same at row 1 and at row
 * 100,000, and no more than one page is ever held in memory.
 */

/**
 * `column = ANY($1::uuid[])`: a page's ids as one array parameter. `IN ($1, ..., $1000)` makes the
 * server parse and plan a thousand parameters per page, several times slower.
 */
const anyOf = (column: AnyColumn, ids: string[]) => sql`${column} = ANY(${sql.param(ids)}::uuid[])`;

/** How many establishments each of these users follows or operates. */
export async function membershipCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: memberships.userId, count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(anyOf(memberships.userId, userIds))
    .groupBy(memberships.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.count)]));
}

/** A page of establishments (not deleted) after `afterId`, by id, with their followers and those waiting. */
export async function establishmentPage(db: Db, afterId: string | null, limit: number) {
  // Qualified: inside the count's subquery a bare "id" would be another table's.
  const establishmentId = sql`${establishments}.id`;
  return db
    .select({
      id: establishments.id,
      publicId: establishments.publicId,
      name: establishments.name,
      subheader: establishments.subheader,
      email: establishments.email,
      phone: establishments.phone,
      website: establishments.website,
      address1: establishments.address1,
      address2: establishments.address2,
      city: establishments.city,
      zip: establishments.zip,
      country: establishments.country,
      active: establishments.active,
      blockedAt: establishments.blockedAt,
      createdAt: establishments.createdAt,
      followers: followerCountOf(establishmentId),
      waitingForConfirmation: waitingCountOf(establishmentId),
    })
    .from(establishments)
    .where(and(isNull(establishments.deletedAt), afterId ? gt(establishments.id, afterId) : undefined))
    .orderBy(asc(establishments.id))
    .limit(limit);
}

/** A page of an establishment's followers after `afterUserId`, by user id (memberships_establishment_user_idx). */
export async function followerPage(
  db: Db,
  establishmentId: string,
  afterUserId: string | null,
  limit: number,
) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      emailVerified: users.emailVerified,
      discountedPrices: users.discountedPrices,
      followedSince: memberships.createdAt,
      notify: memberships.notify,
      paused: sql<boolean>`coalesce(${memberships.pausedUntil} > now(), false)`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.establishmentId, establishmentId),
        eq(memberships.kind, 'customer'),
        afterUserId ? gt(memberships.userId, afterUserId) : undefined,
      ),
    )
    .orderBy(asc(memberships.userId))
    .limit(limit);
}

/** The preferences each of these users picked, with their group's name, by group then name. */
export async function preferencesOf(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: userPreferences.userId,
      id: preferences.id,
      name: preferences.name,
      group: preferenceGroups.name,
    })
    .from(userPreferences)
    .innerJoin(preferences, eq(preferences.id, userPreferences.preferenceId))
    .innerJoin(preferenceGroups, eq(preferenceGroups.id, preferences.groupId))
    .where(anyOf(userPreferences.userId, userIds))
    .orderBy(asc(preferenceGroups.name), asc(preferences.name));
}

/** The establishments a user follows or operates. */
export async function membershipsOf(db: Db, userId: string) {
  return db
    .select({
      establishmentId: memberships.establishmentId,
      establishmentName: establishments.name,
      kind: memberships.kind,
      since: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

/** A user's push subscriptions; the endpoint is read only for its origin (never its keys). */
export async function devicesOf(db: Db, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      userAgent: pushSubscriptions.userAgent,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastSeenAt: pushSubscriptions.lastSeenAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/** A user's reactions to posts, oldest first (post_reactions_user_idx). */
export async function reactionsOf(db: Db, userId: string) {
  return db
    .select({
      notificationId: postReactions.notificationId,
      establishmentName: establishments.name,
      kind: postReactions.kind,
      at: postReactions.createdAt,
    })
    .from(postReactions)
    .innerJoin(notifications, eq(notifications.id, postReactions.notificationId))
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .where(eq(postReactions.userId, userId))
    .orderBy(asc(postReactions.createdAt));
}

/** The comments a user wrote, removed ones too, oldest first (post_comments_author_idx). */
export async function commentsOf(db: Db, userId: string) {
  return db
    .select({
      id: postComments.id,
      notificationId: postComments.notificationId,
      establishmentName: establishments.name,
      text: postComments.text,
      createdAt: postComments.createdAt,
      editedAt: postComments.editedAt,
      removedAt: postComments.deletedAt,
    })
    .from(postComments)
    .innerJoin(notifications, eq(notifications.id, postComments.notificationId))
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .where(eq(postComments.authorId, userId))
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
}

/** The key a delivery page continues after: the notification's time, then the delivery's key. */
export type DeliveryKey = [sentAt: string, notificationId: string, targetId: string];

/**
 * A page of the notifications delivered to a user, oldest first. deliveries has no index by user
 * alone (its batch index leads with the notification), so each page filters the user's rows; a
 * person's deliveries are few enough for that, and pages keep the answer's memory flat anyway.
 */
export async function deliveryPage(db: Db, userId: string, after: DeliveryKey | null, limit: number) {
  const key = sql`(${notifications.createdAt}, ${deliveries.notificationId}, ${deliveries.targetId})`;
  return db
    .select({
      notificationId: deliveries.notificationId,
      // The delivery's target (a device for push), under the name the export has always used.
      subscriptionId: deliveries.targetId,
      establishmentName: establishments.name,
      text: notifications.text,
      sentAt: notifications.createdAt,
      sentAtKey: sql<string>`${notifications.createdAt}::text`,
      outcome: deliveries.outcome,
      receivedAt: deliveries.receivedAt,
      clickedAt: deliveries.clickedAt,
    })
    .from(deliveries)
    .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .where(
      and(
        eq(deliveries.userId, userId),
        isNull(notifications.deletedAt),
        after ? sql`${key} > (${after[0]}::timestamptz, ${after[1]}::uuid, ${after[2]}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(deliveries.notificationId), asc(deliveries.targetId))
    .limit(limit);
}
