import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { establishments } from './establishments';
import { users } from './users';

/** Where a complaint came from: an ARF report (RFC 5965) or a provider's event webhook. */
export const COMPLAINT_SOURCES = ['arf', 'mailgun'] as const;
export type ComplaintSource = (typeof COMPLAINT_SOURCES)[number];

/**
 * A follower marked a business's email as spam (modules/complaints). One row per reported message:
 * the same report received twice counts once. The business's complaint share over 7 days is read
 * from these rows and its email deliveries.
 */
export const emailComplaints = pgTable(
  'email_complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    /** The follower; the complaint still counts once their account is gone. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reported message's Message-ID, or a digest of its headers when it has none. */
    messageKey: text('message_key').notNull(),
    source: text('source', { enum: COMPLAINT_SOURCES }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_complaints_message_idx').on(t.establishmentId, t.messageKey),
    index('email_complaints_received_idx').on(t.establishmentId, t.receivedAt),
  ],
);

/**
 * A business's email paused for its complaint share: while a row has no `lifted_at`, its sends
 * reach no inbox (push and the feed go on). At most one such row per business; an admin lifts it.
 */
export const emailPauses = pgTable(
  'email_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
    /** The figures that paused it: complaints and emails delivered in the window. */
    complaints: integer('complaints').notNull(),
    emails: integer('emails').notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('email_pauses_active_idx').on(t.establishmentId).where(sql`${t.liftedAt} IS NULL`),
    index('email_pauses_lifted_idx').on(t.establishmentId, t.liftedAt),
  ],
);

/**
 * The signing tokens of provider webhooks already taken (Mailgun signs a timestamp and a token,
 * not the body): a token comes with one event only, so a captured signature cannot carry another.
 * Rows older than the signature's freshness window are deleted as new ones arrive.
 */
export const inboundWebhookTokens = pgTable(
  'inbound_webhook_tokens',
  {
    token: text('token').primaryKey(),
    /** The provider's id of the event the token came with: the same event again is a repeat. */
    eventId: text('event_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inbound_webhook_tokens_seen_idx').on(t.seenAt)],
);
