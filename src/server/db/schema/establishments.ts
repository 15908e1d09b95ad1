import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTIFY_CHOICES } from '../../../shared/schemas/channels';
import type { Translations } from '../../../shared/schemas/preference.schema';
import { VISIT_SOURCES } from '../../../shared/schemas/report-sources';
import { users } from './users';

/** A business: its public profile, pictures and settings. */
export const establishments = pgTable(
  'establishments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short URL-safe id of the public page /{publicId}. */
    publicId: text('public_id').notNull().unique(),
    name: text('name').notNull(),
    subheader: text('subheader').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    country: text('country').notNull().default(''),
    businessId: text('business_id').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    logo: text('logo'),
    cover: text('cover'),
    timeZone: text('time_zone').notNull().default('Europe/Bratislava'),
    /**
     * The fatigue guard's limits per follower for this business's sends (per channel): at most this
     * many a day and a week. Null: the platform's default (FATIGUE_PER_DAY, FATIGUE_PER_WEEK).
     */
    notifyPerDay: smallint('notify_per_day'),
    notifyPerWeek: smallint('notify_per_week'),
    active: boolean('active').notNull().default(true),
    /** Followers may comment on its posts; its operators turn this off in its settings. */
    commentsEnabled: boolean('comments_enabled').notNull().default(true),
    /**
     * The welcome notification: pushed once to a new follower's devices as soon as push is
     * on. Empty: none is sent. Translations by interface language; English/default is `welcomeText`.
     */
    welcomeText: text('welcome_text').notNull().default(''),
    welcomeTranslations: jsonb('welcome_translations').$type<Translations>().notNull().default({}),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The representative who signed the business up. */
    registeredById: uuid('registered_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by triggers (migration 0017) whenever anything a follower sees in its feed changes: a
     * post sent, released, edited or deleted, a reaction, a comment, its name or logo, an author's
     * name. Feed caches keep a page with the version they read it at, so every web process sees a
     * change at its next request (modules/notifications/feed-cache.ts).
     */
    feedVersion: bigint('feed_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('establishments_registered_by_idx').on(t.registeredById)],
);

/** A user's link to an establishment: follows it (customer) or operates it (client). */
export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['customer', 'client'] }).notNull(),
    /** How a follower came (the public page's ?src=): the follower funnel counts follows by it. */
    source: text('source', { enum: VISIT_SOURCES }).notNull().default('direct'),
    /** How this follower wants to be told of this business's sends (NOTIFY_CHOICES); 'auto' by default. */
    notify: text('notify', { enum: NOTIFY_CHOICES }).notNull().default('auto'),
    /** Paused until then: nothing is sent to them (the feed keeps every post); 'infinity' until resumed. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** When the establishment's welcome notification reached this follower; it is sent once. */
    welcomedAt: timestamp('welcomed_at', { withTimezone: true }),
    /** When they last opened the business's page signed in (at most once a day): the win-back reads it. */
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.establishmentId] }),
    index('memberships_establishment_idx').on(t.establishmentId, t.kind),
    // The notification fan-out pages through an establishment's members by user id.
    index('memberships_establishment_user_idx').on(t.establishmentId, t.userId),
  ],
);

/**
 * The welcomes a person was given, kept when the follow goes: a welcome (often with a coupon) is
 * given once per person and business, ever, so unfollowing and following again does not earn another.
 */
export const welcomesGiven = pgTable(
  'welcomes_given',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.establishmentId] })],
);

/** Pictures of an establishment's gallery, in display order. */
export const galleryImages = pgTable(
  'gallery_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    /** Image name; served at /image/gallery/{image}.jpeg. */
    image: text('image').notNull(),
    caption: text('caption').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gallery_images_establishment_idx').on(t.establishmentId, t.createdAt)],
);
