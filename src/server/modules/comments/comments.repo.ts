import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notExists,
  or,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  commentMutes,
  establishments,
  memberships,
  notifications,
  postComments,
  users,
} from '../../db/schema';

/** What the comment rules need of a post: where it stands, who may act on it, and its switches. */
const targetColumns = {
  id: notifications.id,
  establishmentId: notifications.establishmentId,
  establishmentName: establishments.name,
  logo: establishments.logo,
  registeredById: establishments.registeredById,
  blockedAt: establishments.blockedAt,
  authorId: notifications.authorId,
  text: notifications.text,
  inFeed: notifications.inFeed,
  status: notifications.status,
  postEnabled: notifications.commentsEnabled,
  establishmentEnabled: establishments.commentsEnabled,
};

/** A post that exists (neither it nor its establishment deleted), whatever else it is. */
export async function findCommentTarget(db: Db, postId: string) {
  const [row] = await db
    .select(targetColumns)
    .from(notifications)
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .where(
      and(eq(notifications.id, postId), isNull(notifications.deletedAt), isNull(establishments.deletedAt)),
    );
  return row;
}
export type CommentTarget = NonNullable<Awaited<ReturnType<typeof findCommentTarget>>>;

/** A comment not removed, with its post's id (the post itself is loaded by findCommentTarget). */
export async function findComment(db: Db, id: string) {
  const [row] = await db
    .select({
      id: postComments.id,
      notificationId: postComments.notificationId,
      authorId: postComments.authorId,
      asBusiness: postComments.asBusiness,
      hiddenAt: postComments.hiddenAt,
      parentId: postComments.parentId,
    })
    .from(postComments)
    .where(and(eq(postComments.id, id), isNull(postComments.deletedAt)));
  return row;
}

/** A comment as it is shown, with its author's name and picture. */
const viewColumns = {
  id: postComments.id,
  text: postComments.text,
  authorId: postComments.authorId,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
  createdAt: postComments.createdAt,
  editedAt: postComments.editedAt,
  asBusiness: postComments.asBusiness,
  hiddenAt: postComments.hiddenAt,
  parentId: postComments.parentId,
};
export async function findCommentView(db: Db, id: string) {
  const [row] = await db
    .select(viewColumns)
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .where(and(eq(postComments.id, id), isNull(postComments.deletedAt)));
  return row;
}
export type CommentViewRow = NonNullable<Awaited<ReturnType<typeof findCommentView>>>;

/** The comment a reply answers, in queries about the reply. */
const parents = alias(postComments, 'parent_comments');

export interface CommentCursor {
  createdAt: Date;
  id: string;
}

const after = (cursor: CommentCursor | undefined): SQL | undefined =>
  cursor
    ? or(
        gt(postComments.createdAt, cursor.createdAt),
        and(eq(postComments.createdAt, cursor.createdAt), gt(postComments.id, cursor.id)),
      )
    : undefined;

/**
 * A page of a post's comments not removed, oldest first (index post_comments_post_idx). Hidden ones
 * only for their author (`readerId`), or for everyone with `withHidden` (the moderators).
 */
export async function listComments(
  db: Db,
  postId: string,
  options: { cursor?: CommentCursor; limit: number; readerId: string; withHidden: boolean },
): Promise<CommentViewRow[]> {
  return db
    .select(viewColumns)
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .where(
      and(
        eq(postComments.notificationId, postId),
        isNull(postComments.deletedAt),
        options.withHidden
          ? undefined
          : and(
              or(isNull(postComments.hiddenAt), eq(postComments.authorId, options.readerId)),
              // A reply under a hidden comment is hidden with it.
              or(
                isNull(postComments.parentId),
                notExists(
                  db
                    .select({ id: parents.id })
                    .from(parents)
                    .where(and(eq(parents.id, postComments.parentId), isNotNull(parents.hiddenAt))),
                ),
              ),
            ),
        after(options.cursor),
      ),
    )
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(options.limit);
}

export async function insertComment(
  db: Db,
  values: {
    notificationId: string;
    authorId: string;
    text: string;
    createdAt: Date;
    asBusiness: boolean;
    parentId?: string | null;
  },
): Promise<string> {
  const [row] = await db.insert(postComments).values(values).returning({ id: postComments.id });
  return row!.id;
}

/** Change a comment's text, unless it was removed meanwhile; false then. */
export async function updateCommentText(db: Db, id: string, text: string, editedAt: Date): Promise<boolean> {
  const rows = await db
    .update(postComments)
    .set({ text, editedAt })
    .where(and(eq(postComments.id, id), isNull(postComments.deletedAt)))
    .returning({ id: postComments.id });
  return rows.length > 0;
}

/**
 * Remove a comment and the replies under it: the rows stay (who removed them, when), their text is
 * no longer served. A reply has no place without what it answers.
 */
export async function removeComment(db: Db, id: string, byId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(postComments)
    .set({ deletedAt: at, deletedById: byId })
    .where(and(eq(postComments.id, id), isNull(postComments.deletedAt)))
    .returning({ id: postComments.id });
  if (rows.length === 0) return false;
  await db
    .update(postComments)
    .set({ deletedAt: at, deletedById: byId })
    .where(and(eq(postComments.parentId, id), isNull(postComments.deletedAt)));
  return true;
}

/** Hide a comment not removed, or show it again; false when it was removed meanwhile. */
export async function setCommentHidden(db: Db, id: string, hidden: boolean, byId: string, at: Date) {
  const rows = await db
    .update(postComments)
    .set(hidden ? { hiddenAt: at, hiddenById: byId } : { hiddenAt: null, hiddenById: null })
    .where(and(eq(postComments.id, id), isNull(postComments.deletedAt)))
    .returning({ id: postComments.id });
  return rows.length > 0;
}

/** Whether the business turned this user's comments off. */
export async function isMuted(db: Db, establishmentId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: commentMutes.userId })
    .from(commentMutes)
    .where(and(eq(commentMutes.establishmentId, establishmentId), eq(commentMutes.userId, userId)));
  return row !== undefined;
}

/** Of these users, those whose comments the business turned off, and those who operate it. */
export async function standingOf(db: Db, establishmentId: string, userIds: string[]) {
  if (userIds.length === 0) return { muted: new Set<string>(), operators: new Set<string>() };
  const [muted, operators] = await Promise.all([
    db
      .select({ userId: commentMutes.userId })
      .from(commentMutes)
      .where(and(eq(commentMutes.establishmentId, establishmentId), inArray(commentMutes.userId, userIds))),
    db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.establishmentId, establishmentId),
          eq(memberships.kind, 'client'),
          inArray(memberships.userId, userIds),
        ),
      ),
  ]);
  return {
    muted: new Set(muted.map((row) => row.userId)),
    operators: new Set(operators.map((row) => row.userId)),
  };
}

/** The post's own comments switch. */
export async function setPostCommentsEnabled(db: Db, postId: string, enabled: boolean) {
  await db.update(notifications).set({ commentsEnabled: enabled }).where(eq(notifications.id, postId));
}

/** Who hears of new comments on a post: its establishment's operating clients, and the post's author. */
export async function noticeRecipients(db: Db, post: { establishmentId: string; authorId: string | null }) {
  const rows = await db
    .select({ userId: memberships.userId, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.establishmentId, post.establishmentId), eq(memberships.kind, 'client')));
  if (post.authorId && !rows.some((row) => row.userId === post.authorId)) {
    const [author] = await db
      .select({ userId: users.id, language: users.language })
      .from(users)
      .where(eq(users.id, post.authorId));
    if (author) rows.push(author);
  }
  return rows;
}

/** How many comments (not removed) each author wrote on the post in [from, to). */
export async function commentsInWindow(
  db: Db,
  postId: string,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ authorId: postComments.authorId, count: count() })
    .from(postComments)
    .where(
      and(
        eq(postComments.notificationId, postId),
        isNull(postComments.deletedAt),
        gte(postComments.createdAt, from),
        lt(postComments.createdAt, to),
      ),
    )
    .groupBy(postComments.authorId);
  return new Map(rows.map((row) => [row.authorId, Number(row.count)]));
}
