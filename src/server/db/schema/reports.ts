import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { VISIT_SOURCES } from '../../../shared/schemas/report-sources';

/**
 * The reports' rollups. Database triggers (migration 0010_report_triggers) keep them current in
 * the same transaction as the event they count: a notification sent, deliveries queued, a receipt
 * or click, a follow or unfollow, a verification, a device subscribing, a public page view. So every
 * code path that writes those rows counts, and a crash loses an event and its count together.
 *
 * Days are local dates in the establishment's time zone at the time of the event. The platform's
 * figures are rows of their own under PLATFORM_REPORT_ID, written by the same triggers, so the
 * admin's dashboard reads a few hundred rows, not one per establishment and day.
 *
 * Each writer adds to a shard (0-15) that no other open transaction holds (report_daily_shard in
 * functions/reports.sql): sends, fan-out pages and receipts arriving together would otherwise queue
 * on one row lock, the platform's above all. Readers sum shards.
 *
 * Reports are history: deleting a notification (it is soft-deleted) or a follower's account does
 * not unsend what was sent. A follower leaving, their account being deleted, or the establishment
 * being deleted counts as an unfollow on that day; nothing is counted for a deleted establishment.
 */

/** The establishment id under which the platform-wide rows are kept. */
export const PLATFORM_REPORT_ID = '00000000-0000-0000-0000-000000000000';

/** Sends, reach and followers per establishment (or the platform), local day and shard. */
export const reportDaily = pgTable(
  'report_daily',
  {
    establishmentId: uuid('establishment_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    /** Notifications sent that day (each once, whatever its audience). */
    notifications: integer('notifications').notNull().default(0),
    /** Of them, those also posted to the feed ("send and post"). */
    posts: integer('posts').notNull().default(0),
    /** Devices the day's notifications were sent to (push deliveries queued). */
    devices: integer('devices').notNull().default(0),
    /** Followers the day's notifications were emailed to (email deliveries queued). */
    emails: integer('emails').notNull().default(0),
    /** Of those deliveries, the ones the device's service worker confirmed (receipts). */
    reach: integer('reach').notNull().default(0),
    /** Of those push deliveries, the ones opened by a click. */
    clicks: integer('clicks').notNull().default(0),
    /** Of the email deliveries, the ones whose "Open" button was followed. */
    emailClicks: integer('email_clicks').notNull().default(0),
    /** Follows (a customer membership created) that day. */
    follows: integer('follows').notNull().default(0),
    /** Follows ended that day (unfollowed, removed, account deleted, establishment deleted). */
    unfollows: integer('unfollows').notNull().default(0),
    /**
     * Followers (a confirmed email) gained that day less those lost: a person with a confirmed email
     * following or leaving, a follower confirming their email. Summed up to a day it is the followers
     * then; follows - unfollows - confirmed up to a day is who was waiting for email confirmation.
     */
    confirmed: integer('confirmed').notNull().default(0),
    /** Reactions to its posts made that day and not taken back. */
    reactions: integer('reactions').notNull().default(0),
    /** Comments on its posts written that day and not removed. */
    comments: integer('comments').notNull().default(0),
    /** Deliveries (pushes and emails) of its automations that day, counted apart from its sends. */
    automated: integer('automated').notNull().default(0),
    /** Of them, the ones opened by a click (the push, or the email's button). */
    automatedClicks: integer('automated_clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.establishmentId, t.day, t.shard] }),
    // The rows housekeeping folds (report_fold_shards): few once folded, so its hourly look is a
    // read of this index, not of every day of every establishment.
    index('report_daily_unfolded_idx').on(t.day).where(sql`shard > 0`),
  ],
);

/**
 * The follower funnel per establishment (or the platform), local day, visit source and shard:
 * public page views that day, and the cohort of followers who followed that day by that source and
 * still follow: how many, how many of them verified their email, how many devices they have with
 * push on, how many of them accept this business's email (consent given, address not bouncing, a
 * choice that has email). The cohort columns change later as those people verify, subscribe, choose
 * or leave.
 */
export const reportFunnelDaily = pgTable(
  'report_funnel_daily',
  {
    establishmentId: uuid('establishment_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source', { enum: VISIT_SOURCES }).notNull(),
    shard: smallint('shard').notNull(),
    views: integer('views').notNull().default(0),
    /** Distinct visitors of the day (a visitor is a daily-rotating salted hash, see page_views). */
    visitors: integer('visitors').notNull().default(0),
    followers: integer('followers').notNull().default(0),
    verified: integer('verified').notNull().default(0),
    pushDevices: integer('push_devices').notNull().default(0),
    emailOn: integer('email_on').notNull().default(0),
    /** Of the followers, guests: devices that followed with one tap and no account. */
    guests: integer('guests').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.establishmentId, t.day, t.source, t.shard] }),
    index('report_funnel_daily_unfolded_idx').on(t.day).where(sql`shard > 0`),
  ],
);

/**
 * Page views sent by the web app on each route change (first-party, after consent). No cookie, no IP
 * address: a visitor is sha256(the day's salt, IP, user agent), and the salt is deleted after two
 * days, so a hash cannot be linked to a person or across days.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The route's path, without query or fragment. */
    path: text('path').notNull(),
    /** The public page's establishment, when the path is one. */
    establishmentId: uuid('establishment_id'),
    source: text('source', { enum: VISIT_SOURCES }).notNull().default('direct'),
    /** Only the referrer's host: a full address can carry someone's data. */
    referrerHost: text('referrer_host').notNull().default(''),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [
    index('page_views_establishment_idx')
      .on(t.establishmentId, t.at)
      .where(sql`${t.establishmentId} IS NOT NULL`),
    index('page_views_visitor_idx').on(t.visitorHash, t.establishmentId),
    index('page_views_at_idx').on(t.at),
  ],
);

/** The salt of each day's visitor hashes; deleted after two days. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
