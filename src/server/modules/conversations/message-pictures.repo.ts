import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationMessages, conversations, establishments } from '../../db/schema';

/** The pictures of messages, and a follower's messages for their data export: Drizzle queries only. */

/** Whether a message of the conversation shows this picture (the only way to fetch one). */
export async function pictureShown(db: Db, conversationId: string, picture: string): Promise<boolean> {
  const rows = await db
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(
      and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.picture, picture)),
    )
    .limit(1);
  return rows.length > 0;
}

/** Which of these conversations still exist: the picture folder of one that is gone is removed. */
export async function existingConversations(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(inArray(conversations.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The pictures the messages of a conversation show. */
export async function picturesOf(db: Db, conversationId: string): Promise<Set<string>> {
  const rows = await db
    .select({ picture: conversationMessages.picture })
    .from(conversationMessages)
    .where(
      and(eq(conversationMessages.conversationId, conversationId), isNotNull(conversationMessages.picture)),
    );
  return new Set(rows.map((row) => row.picture!));
}

/**
 * A follower's messages, for their data export: every conversation of theirs, oldest first; a
 * picture as the address its reader fetches it at (GET /api/conversations/{id}/pictures/{picture}).
 */
export async function messagesOfFollower(db: Db, followerId: string) {
  return db
    .select({
      conversationId: conversations.id,
      establishmentName: establishments.name,
      fromBusiness: conversationMessages.fromBusiness,
      text: conversationMessages.text,
      picture: sql<
        string | null
      >`case when ${conversationMessages.picture} is null then null else '/api/conversations/' || ${conversations.id} || '/pictures/' || ${conversationMessages.picture} end`,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .innerJoin(establishments, eq(establishments.id, conversations.establishmentId))
    .where(eq(conversations.followerId, followerId))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
}
