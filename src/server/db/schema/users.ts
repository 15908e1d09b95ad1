import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Stored lower-cased; the unique index makes duplicates impossible whatever the case. Empty for
     * a guest, who has none.
     */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    bio: text('bio').notNull().default(''),
    /** Image name; served at /image/logo/{avatar}.jpeg. */
    avatar: text('avatar'),
    role: text('role', { enum: ['customer', 'client', 'representant', 'admin'] })
      .notNull()
      .default('customer'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * A follower without an account, made by following with one tap: no email, no password, no
     * name; a push subscription and a session on one device. Nothing waits on an address it does not
     * have, so it is made verified: it counts as a follower and gets pushes, never email. Registering
     * or signing in on that device merges it into the account; with no follow left it is deleted.
     */
    guest: boolean('guest').notNull().default(false),
    /** Discounted prices on all products (spec section 3). */
    discountedPrices: boolean('discounted_prices').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /**
     * The mail server refused this address for good (a 5xx): no email goes to it until the user
     * changes or confirms their address again.
     */
    emailBouncedAt: timestamp('email_bounced_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    language: text('language').notNull().default('en'),
    /**
     * Quiet hours: minutes after local midnight when notifications stop and start again
     * (start > end spans midnight), in quietTimeZone (IANA). All null: no quiet hours.
     */
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    quietTimeZone: text('quiet_time_zone'),
    /**
     * The user's own time zone (IANA): the one their device reported at sign-in, follow or push
     * subscribe, or the one they chose (timeZoneChosen: then kept whatever the device says). Sends
     * at each follower's local time go by it; null: unknown, the business's is used.
     */
    timeZone: text('time_zone'),
    timeZoneChosen: boolean('time_zone_chosen').notNull().default(false),
    /**
     * A birthday the user chose to give (month 1-12, day 1-31, no year), with the moment they agreed
     * that the businesses they follow may send them a birthday message. All null: none given.
     */
    birthMonth: smallint('birth_month'),
    birthDay: smallint('birth_day'),
    birthdayConsentAt: timestamp('birthday_consent_at', { withTimezone: true }),
    /** Bumped to invalidate every token issued before (password change, sign out everywhere). */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an account is made for someone who gets their password by email; cleared once sent (the sweep's mark). */
    welcomeDueAt: timestamp('welcome_due_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Name, email and phone folded to lower case without accents (search_fold, migration 0006), so
     * "kosice" finds "Košice"; a trigram index makes a search anywhere in it fast.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold(first_name || ' ' || last_name || ' ' || email || ' ' || phone)`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`).where(sql`${t.email} <> ''`),
    index('users_guest_idx').on(t.createdAt).where(sql`${t.guest}`),
    index('users_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_idx').on(sql`search_fold(${t.lastName})`, sql`search_fold(${t.firstName})`, t.id),
    index('users_role_idx').on(t.role),
    index('users_welcome_due_idx').on(t.welcomeDueAt).where(sql`${t.welcomeDueAt} IS NOT NULL`),
    // The delivery batches' join to quiet hours (deliveries.repo pendingInRange): a user without
    // quiet hours, nearly everyone, is a miss in this small index instead of a fetch of the row.
    index('users_quiet_idx').on(t.id).where(sql`${t.quietStart} IS NOT NULL`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** Single-use emailed tokens; only a SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * The address the token was emailed to, lower-cased: it is good only while the account still has
     * this address (a link sent to an old address proves nothing about a new one). Null on tokens
     * issued before the column existed, which are never accepted.
     */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Emails sent per address, kind and clock hour: the cap on how many account emails one address can
 * receive (account-mail.job.ts). In the database so every worker process counts against one limit.
 */
export const mailQuota = pgTable(
  'mail_quota',
  {
    /** Lower-cased recipient address. */
    address: text('address').notNull(),
    kind: text('kind', { enum: ['verification', 'reset', 'email_changed'] }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.address, t.kind, t.windowStart] })],
);

/** One row per sign-in; the access token names it so a single device can sign out. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when an admin signed in as this user. */
    actingAdminId: uuid('acting_admin_id').references(() => users.id, { onDelete: 'set null' }),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Opened by registering: nobody has yet proved they hold the account's address. A
     * verification made through this session makes it a full one; made elsewhere, it ends this one,
     * so a stranger who registered someone else's address keeps no way into their account.
     */
    provisional: boolean('provisional').notNull().default(false),
    /**
     * The session that handed this one over to the installed app (an iPhone's Home Screen app keeps
     * its own storage): a verification made through that session confirms this one too. No foreign
     * key: purging dead sessions must not look up every other session that names them.
     */
    handedOffFrom: uuid('handed_off_from'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A one-time code that signs the installed app in as the session that minted it: on an
 * iPhone the Home Screen app does not share Safari's storage, so the page points its manifest's
 * start_url at a code, and the app opened from the Home Screen exchanges it for its own session.
 * Only the hash is stored; a code dies with its session, when used, or after APP_HANDOFF_MINUTES.
 */
export const appHandoffs = pgTable(
  'app_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('app_handoffs_session_idx').on(t.sessionId)],
);
