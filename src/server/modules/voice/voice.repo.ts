import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  commentMutes,
  establishments,
  memberships,
  notifications,
  operatorInvitations,
  pinnedPosts,
  postComments,
  users,
} from '../../db/schema';

/** The business's own voice: pinned posts, muted commenters, invitations to operate. */

/** The post pinned to the establishment's feed, if it is still a post in the feeds. */
export async function findPinnedPostId(db: Db, establishmentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(pinnedPosts)
    .innerJoin(notifications, eq(notifications.id, pinnedPosts.notificationId))
    .where(
      and(
        eq(pinnedPosts.establishmentId, establishmentId),
        eq(notifications.inFeed, true),
        isNull(notifications.deletedAt),
        sql`${notifications.status} <> 'scheduled'`,
      ),
    );
  return row?.id;
}

/** A post of this establishment that is in its feed now (pinnable). */
export async function isFeedPostOf(db: Db, establishmentId: string, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.id, postId),
        eq(notifications.establishmentId, establishmentId),
        eq(notifications.inFeed, true),
        isNull(notifications.deletedAt),
        sql`${notifications.status} <> 'scheduled'`,
      ),
    );
  return row !== undefined;
}

/** Pin a post: the establishment's one pinned post, replacing any other. */
export async function pin(db: Db, establishmentId: string, notificationId: string, byId: string, at: Date) {
  await db
    .insert(pinnedPosts)
    .values({ establishmentId, notificationId, pinnedById: byId, pinnedAt: at })
    .onConflictDoUpdate({
      target: pinnedPosts.establishmentId,
      set: { notificationId, pinnedById: byId, pinnedAt: at },
    });
}

/** Unpin; answers the post that was pinned, if any. */
export async function unpin(db: Db, establishmentId: string): Promise<string | undefined> {
  const [row] = await db
    .delete(pinnedPosts)
    .where(eq(pinnedPosts.establishmentId, establishmentId))
    .returning({ id: pinnedPosts.notificationId });
  return row?.id;
}

const mutedBy = alias(users, 'muted_by');

/** The followers whose comments the business turned off, most recent first. */
export async function listMutes(db: Db, establishmentId: string) {
  return db
    .select({
      userId: commentMutes.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatar,
      mutedAt: commentMutes.mutedAt,
      byFirstName: mutedBy.firstName,
      byLastName: mutedBy.lastName,
    })
    .from(commentMutes)
    .innerJoin(users, eq(users.id, commentMutes.userId))
    .leftJoin(mutedBy, eq(mutedBy.id, commentMutes.mutedById))
    .where(eq(commentMutes.establishmentId, establishmentId))
    .orderBy(desc(commentMutes.mutedAt), asc(commentMutes.userId));
}

/** How a user is linked to the establishment: follower, operator, or not at all. */
export async function membershipKind(db: Db, establishmentId: string, userId: string) {
  const [row] = await db
    .select({ kind: memberships.kind })
    .from(memberships)
    .where(and(eq(memberships.establishmentId, establishmentId), eq(memberships.userId, userId)));
  return row?.kind;
}

/** Whether the user commented on one of the establishment's posts (one may mute a former follower). */
export async function commentedOn(db: Db, establishmentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: postComments.id })
    .from(postComments)
    .innerJoin(notifications, eq(notifications.id, postComments.notificationId))
    .where(and(eq(postComments.authorId, userId), eq(notifications.establishmentId, establishmentId)))
    .limit(1);
  return rows.length > 0;
}

/** Mute; true when newly muted. */
export async function mute(db: Db, establishmentId: string, userId: string, byId: string, at: Date) {
  const rows = await db
    .insert(commentMutes)
    .values({ establishmentId, userId, mutedById: byId, mutedAt: at })
    .onConflictDoNothing()
    .returning({ userId: commentMutes.userId });
  return rows.length > 0;
}

/** Unmute; true when they were muted. */
export async function unmute(db: Db, establishmentId: string, userId: string) {
  const rows = await db
    .delete(commentMutes)
    .where(and(eq(commentMutes.establishmentId, establishmentId), eq(commentMutes.userId, userId)))
    .returning({ userId: commentMutes.userId });
  return rows.length > 0;
}

const inviter = alias(users, 'inviter');

/** Invitations whose link may still be used: not accepted, not withdrawn, not expired. */
const open = (at: Date) =>
  and(
    isNull(operatorInvitations.acceptedAt),
    isNull(operatorInvitations.revokedAt),
    gt(operatorInvitations.expiresAt, at),
  );

/** The establishment's open invitations, newest first. */
export async function listOpenInvitations(db: Db, establishmentId: string, at: Date) {
  return db
    .select({
      id: operatorInvitations.id,
      email: operatorInvitations.email,
      createdAt: operatorInvitations.createdAt,
      expiresAt: operatorInvitations.expiresAt,
      byFirstName: inviter.firstName,
      byLastName: inviter.lastName,
    })
    .from(operatorInvitations)
    .leftJoin(inviter, eq(inviter.id, operatorInvitations.invitedById))
    .where(and(eq(operatorInvitations.establishmentId, establishmentId), open(at)))
    .orderBy(desc(operatorInvitations.createdAt), asc(operatorInvitations.id));
}

/** Withdraw the open invitations of an address (a new one replaces them) or one by id; answers how many. */
export async function revokeInvitations(
  db: Db,
  establishmentId: string,
  which: { email: string } | { id: string },
  at: Date,
): Promise<number> {
  const rows = await db
    .update(operatorInvitations)
    .set({ revokedAt: at })
    .where(
      and(
        eq(operatorInvitations.establishmentId, establishmentId),
        'email' in which ? eq(operatorInvitations.email, which.email) : eq(operatorInvitations.id, which.id),
        isNull(operatorInvitations.acceptedAt),
        isNull(operatorInvitations.revokedAt),
      ),
    )
    .returning({ id: operatorInvitations.id });
  return rows.length;
}

export async function insertInvitation(
  db: Db,
  values: {
    establishmentId: string;
    email: string;
    language: string;
    invitedById: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(operatorInvitations).values(values).returning({ id: operatorInvitations.id });
  return row!.id;
}

/** An invitation with what its email and page show, by id (the mail job). */
export async function findInvitationForMail(db: Db, id: string, at: Date) {
  const [row] = await db
    .select({
      id: operatorInvitations.id,
      email: operatorInvitations.email,
      language: operatorInvitations.language,
      expiresAt: operatorInvitations.expiresAt,
      establishment: establishments.name,
      byFirstName: inviter.firstName,
      byLastName: inviter.lastName,
      recipientFirstName: users.firstName,
    })
    .from(operatorInvitations)
    .innerJoin(establishments, eq(establishments.id, operatorInvitations.establishmentId))
    .leftJoin(inviter, eq(inviter.id, operatorInvitations.invitedById))
    .leftJoin(users, sql`lower(${users.email}) = ${operatorInvitations.email}`)
    .where(and(eq(operatorInvitations.id, id), open(at), isNull(establishments.deletedAt)));
  return row;
}

/** Store the hash of the token the mail job just made (a retried job's new token replaces it). */
export async function setInvitationToken(db: Db, id: string, tokenHash: string) {
  await db.update(operatorInvitations).set({ tokenHash }).where(eq(operatorInvitations.id, id));
}

/** An open invitation by its token's hash, with its establishment (not deleted). */
export async function findOpenInvitationByToken(db: Db, tokenHash: string, at: Date) {
  const [row] = await db
    .select({
      id: operatorInvitations.id,
      email: operatorInvitations.email,
      expiresAt: operatorInvitations.expiresAt,
      invitedById: operatorInvitations.invitedById,
      establishmentId: establishments.id,
      establishmentName: establishments.name,
      logo: establishments.logo,
      byFirstName: inviter.firstName,
      byLastName: inviter.lastName,
    })
    .from(operatorInvitations)
    .innerJoin(establishments, eq(establishments.id, operatorInvitations.establishmentId))
    .leftJoin(inviter, eq(inviter.id, operatorInvitations.invitedById))
    .where(and(eq(operatorInvitations.tokenHash, tokenHash), open(at), isNull(establishments.deletedAt)));
  return row;
}

/** Spend an invitation, atomically: true only the first time, while it is open. */
export async function spendInvitation(db: Db, id: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(operatorInvitations)
    .set({ acceptedAt: at, acceptedById: userId })
    .where(and(eq(operatorInvitations.id, id), open(at)))
    .returning({ id: operatorInvitations.id });
  return rows.length > 0;
}
