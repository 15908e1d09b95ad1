import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { establishments } from './establishments';
import { notifications } from './notifications';
import { users } from './users';

/** A name in the 8 interface languages; `en` is required, the others fall back to it. */
export type TranslatedNames = Partial<Record<'en' | 'sk' | 'se' | 'hu' | 'cz' | 'at' | 'de' | 'no', string>>;

/** A heading that gathers preferences ("Food", "Drinks"); spec section 3's Preference group. */
export const preferenceGroups = pgTable('preference_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The group name (English, the fallback). */
  name: text('name').notNull(),
  /** The name in other languages. */
  translations: jsonb('translations').$type<TranslatedNames>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Something a customer may care about ("Vegan", "Happy hour"); operators target sends at it. */
export const preferences = pgTable(
  'preferences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => preferenceGroups.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<TranslatedNames>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('preferences_group_idx').on(t.groupId)],
);

/** The preferences a user picked. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    preferenceId: uuid('preference_id')
      .notNull()
      .references(() => preferences.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.preferenceId] }),
    // The fan-out asks "which of these members picked one of these preferences".
    index('user_preferences_preference_idx').on(t.preferenceId, t.userId),
  ],
);

/**
 * A send targeted at followers with chosen preferences: only members who picked at least one of
 * them receive it. No row: the whole audience.
 */
export const notificationTargets = pgTable(
  'notification_targets',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** No foreign key: the post keeps showing its targeting after a preference is deleted. */
    preferenceId: uuid('preference_id').notNull(),
    /** The preference's name when sent, for the post page. */
    preferenceName: text('preference_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.preferenceId] })],
);

/** What an admin did to whom, and when: read by admins, never edited. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin; kept by name too, so the record outlives a deleted account. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** The actor's role when they acted (an admin, a representative acting for a business); null in entries older than this column. */
    actorRole: text('actor_role', { enum: ['customer', 'client', 'representant', 'admin'] }),
    /** e.g. user.impersonate, user.resetPassword, user.sendVerification, user.delete, user.update, establishment.block. */
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetEstablishmentId: uuid('target_establishment_id').references(() => establishments.id, {
      onDelete: 'set null',
    }),
    /** Who or what it was done to, as a person reads it (name and email, or the establishment's name). */
    targetLabel: text('target_label').notNull(),
    /** What changed, without secrets (never a password). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_user_idx').on(t.targetUserId).where(sql`${t.targetUserId} IS NOT NULL`),
    // The log's filters, each read newest first: one actor's, one business's, some actions' entries.
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id).where(sql`${t.actorId} IS NOT NULL`),
    index('audit_log_establishment_idx')
      .on(t.targetEstablishmentId, t.createdAt, t.id)
      .where(sql`${t.targetEstablishmentId} IS NOT NULL`),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
  ],
);

/** A business asking to use the service, from /home's contact form; the representatives answer. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    business: text('business').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull().default(''),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);

export type PreferenceGroupRow = typeof preferenceGroups.$inferSelect;
export type PreferenceRow = typeof preferences.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type ContactRequestRow = typeof contactRequests.$inferSelect;
