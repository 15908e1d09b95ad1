import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './users';

/**
 * An account's link to a user of the company's OpenID Connect provider, made at their first
 * sign-in there (by their verified email, or by creating the account). The provider's subject is
 * what is matched from then on: an email changed at the provider still finds the same account.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The verified email the provider gave at the last sign-in (for the admin's list). */
    email: text('email').notNull(),
    /** Set by an admin: this provider user may no longer sign in here (passwords are not affected). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_identities_subject_idx').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

export type UserIdentityRow = typeof userIdentities.$inferSelect;

/**
 * The admin's choices for sign-in through the provider: whether someone the provider knows and no
 * account matches gets one made, and with which staff role. One row (id 1); absent: no creation.
 */
export const oidcSettings = pgTable(
  'oidc_settings',
  {
    id: smallint('id').primaryKey().default(1),
    allowCreate: boolean('allow_create').notNull().default(false),
    /** Never admin: the route refuses it and the check keeps it so. */
    createRole: text('create_role', { enum: ['client', 'representant'] })
      .notNull()
      .default('client'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('oidc_settings_one_row', sql`${t.id} = 1`),
    check('oidc_settings_staff_role', sql`${t.createRole} IN ('client', 'representant')`),
  ],
);

/**
 * A one-time code handing a session opened by the provider's callback to the web app, which
 * exchanges it for the session's token (the token itself never appears in an address). Only the
 * hash is stored; a code is good for a few minutes and once.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    codeHash: text('code_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_sign_ins_expires_idx').on(t.expiresAt)],
);
