import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, notifications, postComments, users } from '../../db/schema';

/** A comment as "reply privately" from the business needs it: Drizzle queries only. */
export async function findCommentToAnswer(db: Db, commentId: string) {
  const [row] = await db
    .select({
      id: postComments.id,
      text: postComments.text,
      postId: postComments.notificationId,
      establishmentId: notifications.establishmentId,
      authorId: postComments.authorId,
      asBusiness: postComments.asBusiness,
      deletedAt: postComments.deletedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      guest: users.guest,
      email: users.email,
      // Written by one of the business's own operators: nobody to answer privately.
      authorOperates: sql<boolean>`exists (select 1 from ${memberships} m where m.user_id = ${postComments.authorId} and m.establishment_id = ${notifications.establishmentId} and m.kind = 'client')`,
    })
    .from(postComments)
    .innerJoin(notifications, eq(notifications.id, postComments.notificationId))
    .innerJoin(users, eq(users.id, postComments.authorId))
    .where(eq(postComments.id, commentId));
  return row;
}
