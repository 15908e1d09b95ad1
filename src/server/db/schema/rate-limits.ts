import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters (@fastify/rate-limit's store, lib/rate-limit-store.ts): one row per limited
 * key (route or group, then IP or user) with a fixed window. In the database so that every web
 * process counts against one limit and a restart forgets nothing.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** When the window ends: the next hit starts a new one, and expired rows are swept. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
