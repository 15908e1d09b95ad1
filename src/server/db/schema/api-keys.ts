import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '../../../shared/permissions';
import { establishments } from './establishments';
import { users } from './users';

/**
 * An establishment's API keys. The key itself is never stored: only its SHA-256 (a key
 * is 256 random bits, so a plain hash is enough to look it up and cannot be reversed). A key goes
 * with its establishment and with the account of who created it (the author of what it sends).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text('key_hash').notNull().unique(),
    /** The key's last 4 characters, to tell keys apart in the list. */
    lastFour: text('last_four').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key (auth.plugin.ts), so a busy till costs no write per call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: uuid('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('api_keys_establishment_idx').on(t.establishmentId, t.createdAt),
    index('api_keys_created_by_idx').on(t.createdById),
    index('api_keys_active_idx').on(t.establishmentId).where(sql`${t.revokedAt} IS NULL`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
