import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REACTION_KINDS } from '../../../shared/schemas/reaction-kinds';
import { notifications } from './notifications';
import { users } from './users';

/**
 * A follower's or operator's reaction to a post (issue 16): one per user per post, the primary key
 * enforces it; changing it updates the row.
 */
export const postReactions = pgTable(
  'post_reactions',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REACTION_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    // Counts per kind of a page of posts, and "who reacted", read by post.
    index('post_reactions_post_kind_idx').on(t.notificationId, t.kind),
    index('post_reactions_user_idx').on(t.userId),
  ],
);

/**
 * A comment on a post (issue 16). Removed by its author or a moderator: the row stays (deleted_at)
 * and its text is never served again, but to its author's own data export.
 */
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** Deleting an account deletes its comments (its data goes with it). */
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Who removed it: its author, or a moderator (an operator of the establishment, an admin). */
    deletedById: uuid('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // A post's comments page by (created_at, id).
    index('post_comments_post_idx').on(t.notificationId, t.createdAt, t.id),
    index('post_comments_author_idx').on(t.authorId),
  ],
);

export type PostReactionRow = typeof postReactions.$inferSelect;
export type PostCommentRow = typeof postComments.$inferSelect;
