import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { establishments } from './establishments';
import { users } from './users';

/**
 * What happened: one row per domain event of the public catalogue, written in the
 * transaction of the action that caused it. Consumers get it through the outbox; webhooks read it
 * again for each call (the same `webhook-id` on every retry). Kept a while, then purged.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    /** The business it is about; null for events about no business. */
    establishmentId: uuid('establishment_id').references(() => establishments.id, { onDelete: 'cascade' }),
    /** What it is about: a post, a comment, a user (by id). */
    subjectId: text('subject_id'),
    /** Who did it; not a reference: the event outlives a deleted account. */
    actorId: uuid('actor_id'),
    /** The event's public body (what a webhook receiver gets under `data`). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domain_events_establishment_at_idx').on(t.establishmentId, t.at)],
);

/** An establishment's outgoing webhook: an https URL, the event types it wants, its signing secret. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** `whsec_` + base64 of 24 random bytes (Standard Webhooks); kept to sign, shown once. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was turned off: `failing` (a day of failed calls) or `operator`. */
    disabledReason: text('disabled_reason'),
    /** The first failed call of the current run of failures; null once a call succeeds. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** One worker at a time delivers a webhook's calls, in order: it holds this lease meanwhile. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_establishment_idx').on(t.establishmentId)],
);

/** One event owed to one webhook: pending until a call answers 2xx, or given up after a day. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** The order of calls to a webhook. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    /** `pending`, `delivered` or `failed` (given up). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_webhook_event_idx').on(t.webhookId, t.eventId),
    index('webhook_deliveries_pending_idx').on(t.webhookId, t.seq).where(sql`state = 'pending'`),
  ],
);

/** Every call made to a webhook: its call history (status, time, the start of the answer). */
export const webhookCalls = pgTable(
  'webhook_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    deliverySeq: bigint('delivery_seq', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.seq, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The HTTP status; null when no answer came (refused, timed out, not a public address). */
    status: integer('status'),
    error: text('error'),
    /** The first characters of the answer's body. */
    excerpt: text('excerpt').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_calls_webhook_at_idx').on(t.webhookId, t.at)],
);
