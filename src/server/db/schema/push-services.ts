import { bigint, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** What every process must agree on about push services: their pauses, their rates, our VAPID keys. */

/**
 * A push service (origin) that refuses our VAPID credentials for (nearly) everything: deliveries to
 * it wait, pending, until `probeAfter`, then one more try tells whether it still refuses. Bound to
 * the public key it refused: new keys lift the pause at once.
 */
export const pushOriginPauses = pgTable(
  'push_origin_pauses',
  {
    origin: text('origin').notNull(),
    vapidPublicKey: text('vapid_public_key').notNull(),
    httpStatus: smallint('http_status').notNull(),
    /** What the push service said, as it said it (trimmed). */
    detail: text('detail').notNull().default(''),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    probeAfter: timestamp('probe_after', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.origin, t.vapidPublicKey] })],
);

/**
 * A push service's (origin's) rate limit, shared by every process and every send: how
 * many messages were granted in the current window. One row per origin, reset as the window moves.
 */
export const pushOriginRates = pgTable('push_origin_rates', {
  origin: text('origin').primaryKey(),
  /** The window `used` counts: its start in seconds since the epoch, divided by its length. */
  window: bigint('window', { mode: 'number' }).notNull(),
  used: integer('used').notNull(),
  /** What the last reservation got (the rest of the window, when less than it asked). */
  granted: integer('granted').notNull(),
});

/** Secrets the processes sharing one database must agree on (the generated VAPID key pair). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
