import {
  type AnyPgColumn,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REACTION_KINDS } from '../../../shared/schemas/reaction-kinds';
import { establishments } from './establishments';
import { notifications } from './notifications';
import { users } from './users';

/**
 * A follower's or operator's reaction to a post: one per user per post, the primary key
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
 * A comment on a post. Removed by its author or a moderator: the row stays (deleted_at)
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
    /**
     * Written by an operator in the business's voice: shown with the establishment's
     * name and logo and an "operator" badge instead of its writer's name.
     */
    asBusiness: boolean('as_business').notNull().default(false),
    /** Hidden by a moderator: served to its author (marked) and the moderators only. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenById: uuid('hidden_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** A reply: the comment it answers (one level deep: never itself a reply). */
    parentId: uuid('parent_id').references((): AnyPgColumn => postComments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // A post's comments page by (created_at, id).
    index('post_comments_post_idx').on(t.notificationId, t.createdAt, t.id),
    index('post_comments_author_idx').on(t.authorId),
    index('post_comments_parent_idx').on(t.parentId),
  ],
);

/**
 * A follower whose comments an establishment's moderators turned off: their new comments
 * on its posts are refused with a message saying so, until unmuted.
 */
export const commentMutes = pgTable(
  'comment_mutes',
  {
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedById: uuid('muted_by_id').references(() => users.id, { onDelete: 'set null' }),
    mutedAt: timestamp('muted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.userId] })],
);

/**
 * The post pinned to the top of an establishment's feed: one per establishment (its
 * primary key), pinning another replaces it. Its changes bump the feed version (feed-version.sql).
 */
export const pinnedPosts = pgTable(
  'pinned_posts',
  {
    establishmentId: uuid('establishment_id')
      .primaryKey()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    pinnedById: uuid('pinned_by_id').references(() => users.id, { onDelete: 'set null' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pinned_posts_notification_idx').on(t.notificationId)],
);

/**
 * An invitation to operate an establishment, emailed to a colleague. The link's token is
 * stored hashed; it expires and is spent by its first acceptance.
 */
export const operatorInvitations = pgTable(
  'operator_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    /** Lower-cased: only the account with this address accepts. */
    email: text('email').notNull(),
    /** Set by the mail job, which makes the token: no secret sits in the job table; a retry makes a new one. */
    tokenHash: text('token_hash'),
    language: text('language').notNull().default('en'),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: uuid('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_invitations_token_idx').on(t.tokenHash),
    index('operator_invitations_establishment_idx').on(t.establishmentId, t.createdAt),
  ],
);

export type PostReactionRow = typeof postReactions.$inferSelect;
export type PostCommentRow = typeof postComments.$inferSelect;
