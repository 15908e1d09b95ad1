import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

/**
 * The operators' notices of new comments on a post, as personal sends of the delivery engine
 * (`source = 'comments'`, one per recipient with its own words, about the post): in no feed, no list
 * of sends and no report. Returns their ids, for the engine's walk.
 */
export async function insertCommentNotices(
  db: Db,
  post: { id: string; establishmentId: string },
  notices: { userId: string; text: string }[],
): Promise<string[]> {
  if (notices.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      notices.map((notice) => ({
        establishmentId: post.establishmentId,
        text: notice.text,
        inFeed: false,
        source: 'comments' as const,
        recipientId: notice.userId,
        aboutId: post.id,
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/**
 * Notices that reach nobody (no live device, notifications paused, no longer a member) leave no
 * row. Returns how many reach someone.
 */
export async function dropUnreachedNotices(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const dropped = await db
    .delete(notifications)
    .where(
      and(
        inArray(notifications.id, ids),
        eq(notifications.audience, 0),
        eq(notifications.source, 'comments'),
      ),
    )
    .returning({ id: notifications.id });
  return ids.length - dropped.length;
}
