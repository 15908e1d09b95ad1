import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { establishments } from './establishments';
import { notifications } from './notifications';
import { users } from './users';

/**
 * A follower's private conversation with a business ("Ask the business"). One open conversation
 * per follower and business; a closed one stays readable and a new question opens another.
 * Deleting the follower's account deletes their conversations and every message in them.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The post it was asked from, when asked from one. */
    postId: uuid('post_id').references(() => notifications.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time: the inbox is newest first. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message is the business's: the conversation is "answered". */
    answered: boolean('answered').notNull().default(false),
    /** The business has not read the follower's newest message yet (the inbox's unread count). */
    unreadByBusiness: boolean('unread_by_business').notNull().default(true),
    /** The follower has not read the business's newest message yet. */
    unreadByFollower: boolean('unread_by_follower').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: uuid('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The inbox: an establishment's conversations newest first, paged by (last_message_at, id).
    index('conversations_inbox_idx').on(t.establishmentId, t.lastMessageAt, t.id),
    // The sidebar's count: an establishment's unread open conversations.
    index('conversations_unread_idx')
      .on(t.establishmentId)
      .where(sql`${t.unreadByBusiness} and ${t.closedAt} is null`),
    index('conversations_follower_idx').on(t.followerId, t.lastMessageAt),
    // At most one open conversation per follower and business.
    uniqueIndex('conversations_one_open_idx')
      .on(t.establishmentId, t.followerId)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** A message in a conversation: the follower's, or the business's (written by one of its operators). */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Who wrote it; an operator's account gone leaves the business's message in place. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromBusiness: boolean('from_business').notNull(),
    text: text('text').notNull(),
    /** A picture, stored through the upload path (its stored name). */
    picture: text('picture'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt, t.id)],
);

/** A follower an establishment's operators stopped from messaging it (they are not told why). */
export const conversationBlocks = pgTable(
  'conversation_blocks',
  {
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedById: uuid('blocked_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.userId] })],
);
