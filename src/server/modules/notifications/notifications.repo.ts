import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, postMedia } from '../../db/schema';

export type NewNotification = typeof notifications.$inferInsert;

/** Insert a notification; undefined when its idempotency key is already taken by this author. */
export async function insertNotification(db: Db, values: NewNotification): Promise<string | undefined> {
  const [row] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({
      target: [notifications.authorId, notifications.idempotencyKey],
      where: sql`${notifications.idempotencyKey} IS NOT NULL`,
    })
    .returning({ id: notifications.id });
  return row?.id;
}

/** The notification this author sent with this key within the last `hours`. */
export async function findByIdempotencyKey(
  db: Db,
  authorId: string,
  key: string,
  hours: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.authorId, authorId),
        eq(notifications.idempotencyKey, key),
        sql`${notifications.createdAt} > now() - make_interval(hours => ${hours})`,
      ),
    );
  return row?.id;
}

export async function insertMedia(db: Db, values: typeof postMedia.$inferInsert) {
  await db.insert(postMedia).values(values);
}

export async function findMedia(db: Db, id: string) {
  const [row] = await db.select().from(postMedia).where(eq(postMedia.id, id));
  return row;
}

/** Change a post's text; when it was edited. */
export async function updatePostText(db: Db, id: string, text: string): Promise<Date> {
  const editedAt = new Date();
  await db.update(notifications).set({ text, editedAt }).where(eq(notifications.id, id));
  return editedAt;
}

/** A deleted post leaves the feeds; its delivery record stays for the figures. */
export async function softDeletePost(db: Db, id: string) {
  await db.update(notifications).set({ deletedAt: new Date() }).where(eq(notifications.id, id));
}
