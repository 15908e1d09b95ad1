import { and, desc, eq, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { ReactionKind } from '../../../shared/schemas/reaction-kinds';
import type { Db } from '../../db/client';
import { establishments, notifications, postReactions, users } from '../../db/schema';

/** What deciding about a reaction needs of its post: its establishment, and whether it is a post now. */
export async function findReactionTarget(db: Db, notificationId: string) {
  const [row] = await db
    .select({
      id: notifications.id,
      establishmentId: notifications.establishmentId,
      registeredById: establishments.registeredById,
      blockedAt: establishments.blockedAt,
      inFeed: notifications.inFeed,
      status: notifications.status,
    })
    .from(notifications)
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .where(
      and(
        eq(notifications.id, notificationId),
        isNull(notifications.deletedAt),
        isNull(establishments.deletedAt),
      ),
    );
  return row;
}
export type ReactionTarget = NonNullable<Awaited<ReturnType<typeof findReactionTarget>>>;

/**
 * Set or change the user's reaction in one statement: the primary key (post, user) makes a second
 * row impossible, and concurrent requests of one user end as one row with the last kind written.
 * Changing the kind keeps created_at: the report counts a reaction on the day it was first made.
 */
export async function upsertReaction(db: Db, notificationId: string, userId: string, kind: ReactionKind) {
  await db
    .insert(postReactions)
    .values({ notificationId, userId, kind })
    .onConflictDoUpdate({
      target: [postReactions.notificationId, postReactions.userId],
      set: { kind },
      setWhere: ne(postReactions.kind, kind),
    });
}

/** Take back a reaction; answers whether there was one. */
export async function deleteReaction(db: Db, notificationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(postReactions)
    .where(and(eq(postReactions.notificationId, notificationId), eq(postReactions.userId, userId)))
    .returning({ userId: postReactions.userId });
  return rows.length > 0;
}

/** A position in a list of reactions: the last item's time (to the millisecond) and user. */
export interface ReactionCursor {
  createdAt: Date;
  id: string;
}

/**
 * Times compared to the millisecond, as cursors carry them: a row stored with microseconds would
 * otherwise fall between two pages.
 */
const createdMs = sql`date_trunc('milliseconds', ${postReactions.createdAt})`;

const after = (cursor: ReactionCursor | undefined): SQL | undefined =>
  cursor
    ? or(
        sql`${createdMs} < ${cursor.createdAt.toISOString()}::timestamptz`,
        and(
          sql`${createdMs} = ${cursor.createdAt.toISOString()}::timestamptz`,
          lt(postReactions.userId, cursor.id),
        ),
      )
    : undefined;

/** A page of a post's reactions with who made them, newest first (ties by user id). */
export async function listReactions(
  db: Db,
  notificationId: string,
  options: { kind?: ReactionKind; cursor?: ReactionCursor; limit: number },
) {
  return db
    .select({
      userId: postReactions.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatar,
      kind: postReactions.kind,
      // Milliseconds since 1970 (a bigint: a string or a number, by driver), the cursor's precision.
      createdAt: sql`floor(extract(epoch FROM ${createdMs}) * 1000)::bigint`.mapWith(
        (value: string | number | bigint) => new Date(Number(value)),
      ),
    })
    .from(postReactions)
    .innerJoin(users, eq(users.id, postReactions.userId))
    .where(
      and(
        eq(postReactions.notificationId, notificationId),
        options.kind ? eq(postReactions.kind, options.kind) : undefined,
        after(options.cursor),
      ),
    )
    .orderBy(desc(createdMs), desc(postReactions.userId))
    .limit(options.limit);
}
export type ReactionListRow = Awaited<ReturnType<typeof listReactions>>[number];
