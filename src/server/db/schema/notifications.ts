import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '../../../shared/schemas/channels';
import type { PostTranslations, RichTranslations } from '../../../shared/schemas/post-translations';
import type { NotificationAction } from '../../../shared/schemas/rich-notification';
import { establishments } from './establishments';
import { sessions, users } from './users';

/** A browser's web push subscription; a user has one per device. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service URL; unique: a browser profile has one subscription per application server key. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /**
     * The session that registered it last. A device turned on by someone who registered and has not
     * proved they hold the address yet goes when a verification made elsewhere ends that session.
     */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    /** The browser's own expirationTime, when it gives one. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed on each sign-in or session restore on that device, and on each receipt. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * SHA-256 of the secret handed to the device at its last registration: its service worker proves
     * with it that it held this subscription when the browser replaces it (pushsubscriptionchange).
     */
    secretHash: text('secret_hash'),
    /** Sends in a row whose delivery to it failed (without a 404/410); 0 after one accepted. */
    failedSends: smallint('failed_sends').notNull().default(0),
    /**
     * Since when it is skipped: it failed PUSH_FAILED_SENDS_TO_SKIP sends in a row, or confirmed no
     * push for PUSH_STALE_DAYS. Cleared by a receipt; the app replaces it with a fresh one.
     */
    staleSince: timestamp('stale_since', { withTimezone: true }),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_seen_idx').on(t.lastSeenAt),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** A picture uploaded for a notification, before or after it is sent. */
export const postMedia = pgTable('post_media', {
  id: uuid('id').primaryKey().defaultRandom(),
  establishmentId: uuid('establishment_id')
    .notNull()
    .references(() => establishments.id, { onDelete: 'cascade' }),
  uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
  /** picture: only the JPEG; pdf: the JPEG is its first page; video: the JPEG is its poster frame. */
  kind: text('kind', { enum: ['picture', 'pdf', 'video'] })
    .notNull()
    .default('picture'),
  /** The stored file beside the JPEG (pdf, mp4, webm), served at /file/post/{id}.{fileType}. */
  fileType: text('file_type', { enum: ['pdf', 'mp4', 'webm'] }),
  /** The stored file's size in bytes (a PDF or a video). */
  fileBytes: integer('file_bytes'),
  /** A video's length in seconds. */
  durationSeconds: real('duration_seconds'),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A weekly send: "every Friday at 17:00 until ..." on the business's wall clock (its
 * time zone, read at each occurrence). Its next occurrence is a scheduled notification carrying
 * its id; releasing one schedules the next, a copy of it, in the same transaction.
 */
export const recurringSends = pgTable(
  'recurring_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The ISO weekdays it goes on (1 Monday ... 7 Sunday), ascending. */
    weekdays: smallint('weekdays').array().notNull().default(sql`'{}'::smallint[]`),
    /** Minutes after local midnight. */
    minuteOfDay: smallint('minute_of_day').notNull(),
    /** The last local date an occurrence may fall on (inclusive), YYYY-MM-DD; null: no end. */
    until: text('until'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Stopped (cancelled, or its last occurrence went out): nothing more is scheduled. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Paused since then: its waiting send is held until it is resumed. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Each occurrence at minuteOfDay on each follower's clock (notifications.localTime), not the business's. */
    localTime: boolean('local_time').notNull().default(false),
  },
  (t) => [index('recurring_sends_establishment_idx').on(t.establishmentId)],
);

/**
 * A notification sent to an establishment's audience ("notification post" of the spec). With
 * inFeed it is also a post in the feeds ("send and post").
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** Rich notification: the push's title (null: the business's name). */
    title: text('title'),
    /** What a click opens (null: the post). An https URL. */
    linkUrl: text('link_url'),
    /** Up to two buttons (label + https URL); links in the feed and in email. */
    actions: jsonb('actions').$type<NotificationAction[]>(),
    /** The text in other languages: each follower gets theirs, else `text`. */
    translations: jsonb('translations').$type<PostTranslations>().notNull().default({}),
    /** The title and button labels in other languages: each follower gets theirs, else `title` and `actions`. */
    richTranslations: jsonb('rich_translations').$type<RichTranslations>().notNull().default({}),
    /** The weekly send this is an occurrence of. */
    recurrenceId: uuid('recurrence_id').references(() => recurringSends.id, { onDelete: 'set null' }),
    mediaId: uuid('media_id').references(() => postMedia.id, { onDelete: 'set null' }),
    inFeed: boolean('in_feed').notNull(),
    /**
     * What made it: an operator's send ('post'); or a personal send to its `recipientId` alone,
     * never in a feed, a list of sends, a quota or the fatigue guard's count: the business's
     * welcome to a new follower ('welcome', its deliveries counted in the reports), an operator's
     * notice of new comments on the post `aboutId` ('comments', counted nowhere), a message in a
     * private conversation told to its other side ('message', `linkUrl` the conversation, counted
     * nowhere; its recipient need not follow the business). Or an automation's send ('automation'):
     * to the members listed for it in automation_recipients, in no feed, under the fatigue guard.
     */
    source: text('source', { enum: ['post', 'welcome', 'comments', 'message', 'automation'] })
      .notNull()
      .default('post'),
    /** The channels it may take (null: each recipient's choice among all): an automation set to phones only. */
    channels: text('channels').array().$type<DeliveryChannel[]>(),
    /** A personal send's one recipient (a member of the establishment, but for a message); null: the audience. */
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What a notice is about: the post whose comments it tells of. */
    aboutId: uuid('about_id').references((): AnyPgColumn => notifications.id, { onDelete: 'cascade' }),
    /** scheduled: waits for scheduledFor, then queued by the scheduler; not in any feed until then. */
    status: text('status', { enum: ['scheduled', 'queued', 'sending', 'done', 'halted'] })
      .notNull()
      .default('queued'),
    /**
     * When a scheduled send is due; null for a send now. Once released, createdAt becomes
     * the moment it went out (the feed, the push TTL and the reports date a send by createdAt).
     */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /**
     * At scheduledFor's wall-clock time (on the business's clock) on each follower's clock instead:
     * released when that time first comes anywhere (UTC+14), each delivery deferred to its follower's
     * (delivery/deferral/local-time.ts).
     */
    localTime: boolean('local_time').notNull().default(false),
    /** An offer's end: its push expires then, and the feed marks it ended. Null: no end. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** The operator turned comments off on this post. */
    commentsEnabled: boolean('comments_enabled').notNull().default(true),
    /** Deliveries recorded when the audience snapshot finished. */
    audience: integer('audience').notNull().default(0),
    /** Followers the fatigue guard held back (they find it in their feed): counted as the audience is taken. */
    held: integer('held').notNull().default(0),
    /** Fan-out progress, so a restarted fan-out resumes: the last member whose batch is queued. */
    audienceCursor: uuid('audience_cursor'),
    /** Every member is in a queued batch: once nothing is pending, the send is done. */
    batchesDone: boolean('batches_done').notNull().default(false),
    error: text('error'),
    /** The compose form's Idempotency-Key: the same key from the same author sends once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_establishment_idx').on(t.establishmentId, t.createdAt, t.id),
    // The feeds (posts.repo listEstablishmentPosts, listFeed): an establishment's posts newest
    // first, exactly the rows a page shows, so a page reads `limit` entries.
    index('notifications_feed_idx')
      .on(t.establishmentId, t.createdAt, t.id)
      .where(sql`${t.inFeed} AND ${t.deletedAt} IS NULL AND ${t.status} <> 'scheduled'`),
    uniqueIndex('notifications_idempotency_idx')
      .on(t.authorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('notifications_unfinished_idx').on(t.createdAt).where(sql`${t.status} IN ('queued', 'sending')`),
    // Posts by author: an author's new name reaches the feeds of the establishments they posted for
    // (migration 0017's trigger), and deleting an account unlinks its posts.
    index('notifications_author_idx').on(t.authorId).where(sql`${t.authorId} IS NOT NULL`),
    // The scheduler's minute scan, and an establishment's list of scheduled sends.
    index('notifications_scheduled_idx').on(t.scheduledFor).where(sql`${t.status} = 'scheduled'`),
    // A person's personal sends: deleting their account removes them (the foreign key's cascade).
    index('notifications_recipient_idx').on(t.recipientId).where(sql`${t.recipientId} IS NOT NULL`),
    // A post's notices: deleting the post removes them (the foreign key's cascade).
    index('notifications_about_idx').on(t.aboutId).where(sql`${t.aboutId} IS NOT NULL`),
  ],
);

/**
 * A large audience's fan-out planned as ranges of user ids (after, upto], each walked by
 * its own job on any worker and resumable from its cursor; the send's batches are all handed out
 * (batches_done) when every range is done. A send walked in one job has none.
 */
export const notificationFanoutRanges = pgTable(
  'notification_fanout_ranges',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    /** Exclusive lower bound; null: from the first member. */
    afterUser: uuid('after_user'),
    /** Inclusive upper bound; null: to the last member. */
    uptoUser: uuid('upto_user'),
    /** The last member whose batch is queued. */
    cursor: uuid('cursor'),
    done: boolean('done').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.part] })],
);

/**
 * One row per (notification, subscription) of the audience: pending until it ends in exactly one
 * outcome. No foreign key to the subscription: the outcome outlives a subscription removed as gone.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /**
     * Whom the channel delivers to: for push the push subscription, for email the user (the
     * address's owner). Unique only with the channel: a delivery is (notification, channel, target).
     */
    targetId: uuid('target_id').notNull(),
    /** The target's user when the audience was taken: batches are ranges of user ids. */
    userId: uuid('user_id').notNull(),
    /** How it goes out (delivery/channels/<name>). */
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull().default('push'),
    outcome: text('outcome', { enum: ['pending', 'sent', 'failed', 'gone'] })
      .notNull()
      .default('pending'),
    /** The push service's last HTTP status (null: no answer, e.g. a reset). */
    httpStatus: smallint('http_status'),
    attempts: smallint('attempts').notNull().default(0),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Held back by the follower's quiet hours until this time; still pending meanwhile. */
    deferredUntil: timestamp('deferred_until', { withTimezone: true }),
    /**
     * Not tried again before this time: the backoff after a transient failure, or the push service's
     * Retry-After (capped). Null: due now.
     */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
  },
  (t) => [
    // The channel last: compared only between a target's deliveries, it costs inserts next to
    // nothing (second, its text comparison at every step down the index made inserts 28 % dearer).
    primaryKey({ columns: [t.notificationId, t.targetId, t.channel] }),
    index('deliveries_batch_idx').on(t.notificationId, t.userId),
    // What is still to do, by user: a batch's range of users reads only its own pending rows
    // (with the notification alone, each batch and fan-out page filtered every pending row of the send).
    index('deliveries_pending_idx').on(t.notificationId, t.userId).where(sql`${t.outcome} = 'pending'`),
    // A person's last deliveries (the admin's user page) and their own data export.
    index('deliveries_user_idx').on(t.userId),
    // The minute sweep's look for deliveries whose quiet hours are over: only deferred ones.
    index('deliveries_deferred_idx').on(t.deferredUntil).where(sql`${t.deferredUntil} IS NOT NULL`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
