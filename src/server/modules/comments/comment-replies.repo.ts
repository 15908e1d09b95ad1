import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { establishments, notifications, postComments, users } from '../../db/schema';

const parents = alias(postComments, 'parent_comments');
const parentAuthors = alias(users, 'parent_authors');

/**
 * What the notice of a reply needs: the reply as shown (not removed, not hidden), the comment it
 * answers (not removed) and its author's channels, and the post's business. Undefined when any of it
 * is gone by the time the notice goes.
 */
export async function replyNoticeTarget(db: Db, replyId: string) {
  const [row] = await db
    .select({
      replyId: postComments.id,
      text: postComments.text,
      asBusiness: postComments.asBusiness,
      authorId: postComments.authorId,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      parentAuthorId: parents.authorId,
      parentAsBusiness: parents.asBusiness,
      recipientLanguage: parentAuthors.language,
      recipientFirstName: parentAuthors.firstName,
      recipientEmail: parentAuthors.email,
      recipientVerified: parentAuthors.emailVerified,
      recipientGuest: parentAuthors.guest,
      recipientBouncedAt: parentAuthors.emailBouncedAt,
      postId: notifications.id,
      establishmentId: establishments.id,
      establishmentName: establishments.name,
      logo: establishments.logo,
    })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .innerJoin(parents, eq(parents.id, postComments.parentId))
    .innerJoin(parentAuthors, eq(parentAuthors.id, parents.authorId))
    .innerJoin(notifications, eq(notifications.id, postComments.notificationId))
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .where(
      and(
        eq(postComments.id, replyId),
        isNull(postComments.deletedAt),
        isNull(postComments.hiddenAt),
        isNull(parents.deletedAt),
        isNull(notifications.deletedAt),
        isNull(establishments.deletedAt),
      ),
    );
  if (!row) return undefined;
  const { recipientVerified, recipientGuest, recipientBouncedAt, ...rest } = row;
  // Email only to a confirmed address that has not bounced (a guest has none).
  return { ...rest, recipientEmailOk: recipientVerified && !recipientGuest && recipientBouncedAt === null };
}
export type ReplyNoticeTarget = NonNullable<Awaited<ReturnType<typeof replyNoticeTarget>>>;
