import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../db/client';
import {
  conversationBlocks,
  conversationMessages,
  conversations,
  establishments,
  memberships,
  notifications,
  users,
} from '../../db/schema';
import { summaryColumns } from './inbox.repo';

/** Conversations and their messages: Drizzle queries only. */

// Prepared: every inbox request (and every message started or answered) starts here.
const establishmentById = preparedPer((db) =>
  db
    .select({
      id: establishments.id,
      name: establishments.name,
      logo: establishments.logo,
      blockedAt: establishments.blockedAt,
      deletedAt: establishments.deletedAt,
    })
    .from(establishments)
    .where(eq(establishments.id, sql.placeholder('id')))
    .prepare('conversation_establishment_by_id'),
);

/** The business a conversation is with, as the rules need it. */
export async function findEstablishment(db: Db, id: string) {
  const [row] = await establishmentById(db).execute({ id });
  return row;
}

export type ConversationRow = Awaited<ReturnType<typeof findConversation>> & {};

export async function findConversation(db: Db, id: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(conversations)
    .innerJoin(establishments, eq(establishments.id, conversations.establishmentId))
    .innerJoin(users, eq(users.id, conversations.followerId))
    .where(eq(conversations.id, id));
  return row;
}

/** The follower's open conversation with the business, if any. */
export async function findOpenConversation(db: Db, establishmentId: string, followerId: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.establishmentId, establishmentId),
        eq(conversations.followerId, followerId),
        isNull(conversations.closedAt),
      ),
    );
  return row?.id;
}

/** Whether the post exists and is the business's (a conversation asked from it links it). */
export async function isPostOf(db: Db, postId: string, establishmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, postId), eq(notifications.establishmentId, establishmentId)));
  return row !== undefined;
}

export async function insertConversation(
  db: Db,
  values: { establishmentId: string; followerId: string; postId: string | null; at: Date },
) {
  const [row] = await db
    .insert(conversations)
    .values({ ...values, createdAt: values.at, lastMessageAt: values.at })
    .returning({ id: conversations.id });
  return row!.id;
}

/** Add a message and move the conversation's newest-message state to it. */
export async function insertMessage(
  db: Db,
  values: {
    conversationId: string;
    authorId: string;
    fromBusiness: boolean;
    text: string;
    picture: string | null;
    at: Date;
  },
) {
  const [row] = await db
    .insert(conversationMessages)
    .values({ ...values, createdAt: values.at })
    .returning({ id: conversationMessages.id });
  await db
    .update(conversations)
    .set({
      lastMessageAt: values.at,
      answered: values.fromBusiness,
      unreadByBusiness: !values.fromBusiness,
      unreadByFollower: values.fromBusiness,
    })
    .where(eq(conversations.id, values.conversationId));
  return row!.id;
}

export async function listMessages(db: Db, conversationId: string) {
  return db
    .select({
      id: conversationMessages.id,
      text: conversationMessages.text,
      picture: conversationMessages.picture,
      fromBusiness: conversationMessages.fromBusiness,
      authorId: conversationMessages.authorId,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .leftJoin(users, eq(users.id, conversationMessages.authorId))
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
}

export async function markRead(db: Db, id: string, side: 'business' | 'follower') {
  await db
    .update(conversations)
    .set(side === 'business' ? { unreadByBusiness: false } : { unreadByFollower: false })
    .where(eq(conversations.id, id));
}

export async function close(db: Db, id: string, byId: string, at: Date) {
  await db
    .update(conversations)
    .set({ closedAt: at, closedById: byId, unreadByBusiness: false })
    .where(and(eq(conversations.id, id), isNull(conversations.closedAt)));
}

export async function isBlocked(db: Db, establishmentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: conversationBlocks.userId })
    .from(conversationBlocks)
    .where(
      and(eq(conversationBlocks.establishmentId, establishmentId), eq(conversationBlocks.userId, userId)),
    );
  return rows.length > 0;
}

export async function setBlocked(
  db: Db,
  establishmentId: string,
  userId: string,
  blocked: boolean,
  byId: string,
) {
  if (blocked)
    await db
      .insert(conversationBlocks)
      .values({ establishmentId, userId, blockedById: byId })
      .onConflictDoNothing();
  else
    await db
      .delete(conversationBlocks)
      .where(
        and(eq(conversationBlocks.establishmentId, establishmentId), eq(conversationBlocks.userId, userId)),
      );
}

/** Who operates the business (its clients), with what a notice needs. */
export async function operatorsOf(db: Db, establishmentId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      emailVerified: users.emailVerified,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.establishmentId, establishmentId), eq(memberships.kind, 'client')));
}

export async function findUser(db: Db, id: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      emailVerified: users.emailVerified,
      guest: users.guest,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function findMessage(db: Db, id: string) {
  const [row] = await db
    .select({
      id: conversationMessages.id,
      conversationId: conversationMessages.conversationId,
      fromBusiness: conversationMessages.fromBusiness,
      text: conversationMessages.text,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .where(eq(conversationMessages.id, id));
  return row;
}

export { messagesOfFollower } from './message-pictures.repo';
