import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { notifications } from './notifications';

/**
 * A delivery batch being worked on: the worker sending it holds it until `lease_until` and renews
 * that while it sends (delivery/batches/batch-lease.ts). Another run of the same batch finds the live lease and
 * does not send; a crashed worker's lease lapses and the next run takes the batch over. The row is
 * deleted when its run ends (a crash leaves it behind until the next run of the batch).
 */
export const deliveryBatchLeases = pgTable(
  'delivery_batch_leases',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** The batch's range (after, upto] of user ids; the nil uuid for a first range (no lower bound). */
    afterId: uuid('after_id').notNull(),
    upto: uuid('upto').notNull(),
    /** The run holding it (a random id per run). */
    holder: text('holder').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.channel, t.afterId, t.upto] })],
);

/**
 * The mail server (SMTP_URL) unreachable or answering 4xx to the connection: email deliveries wait,
 * untried, until `probe_after`, when the next batch tries again (channels/email-channel.ts).
 */
export const mailServerPauses = pgTable('mail_server_pauses', {
  /** host:port of SMTP_URL, or "file" for the .eml writer. */
  server: text('server').primaryKey(),
  /** SMTP code of the last refusal; null: no answer (refused, reset, timed out). */
  smtpStatus: smallint('smtp_status'),
  /** What the server or the socket said, trimmed. */
  detail: text('detail').notNull().default(''),
  /** Failed probes in a row: the wait doubles with each. */
  failures: integer('failures').notNull().default(1),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  probeAfter: timestamp('probe_after', { withTimezone: true }).notNull(),
});

/**
 * The fatigue guard's record of the held (delivery/fatigue-guard.ts): one row per follower, send
 * and channel the fan-out held back because they had enough already (held is always true: who was
 * reached is read from the deliveries). It keeps a walk of a page again after a crash from counting
 * anyone twice in notifications.held; the housekeeping job deletes rows older than
 * FATIGUE_LEDGER_DAYS. No foreign keys: written in bulk on the hottest statement.
 */
export const followerRings = pgTable(
  'follower_rings',
  {
    userId: uuid('user_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    channel: text('channel').notNull(),
    establishmentId: uuid('establishment_id').notNull(),
    held: boolean('held').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // User first: the guard reads a member's last week; the send in it keeps a walk of a page again
  // after a crash from writing (or counting) anything twice.
  (t) => [primaryKey({ columns: [t.userId, t.notificationId, t.channel] })],
);

/** Why a device stopped getting pushes (lost_devices.reason). */
export const DEVICE_LOSS_REASONS = ['gone', 'unsubscribed', 'expired'] as const;

/**
 * A push device lost: its subscription removed because the push service answered 410/404 (gone),
 * its owner turned notifications off or removed it (unsubscribed), or its browser ended it or it
 * went unseen too long without a renewal (expired). The permission health figure ("devices lost per
 * week", reports/push-health.service.ts) counts these for a business's followers. Kept 35 days.
 */
export const lostDevices = pgTable(
  'lost_devices',
  {
    subscriptionId: uuid('subscription_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    reason: text('reason', { enum: DEVICE_LOSS_REASONS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lost_devices_at_idx').on(t.at)],
);
