import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  OPERATOR_NOTICE_CADENCES,
  OPERATOR_NOTICE_KINDS,
} from '../../../shared/schemas/operator-notice.schema';
import { establishments } from './establishments';
import { users } from './users';

/**
 * An operator's choice of email notices about their businesses (new comments, messages). No row:
 * the default, hourly.
 */
export const operatorNoticeSettings = pgTable('operator_notice_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cadence: text('cadence', { enum: OPERATOR_NOTICE_CADENCES }).notNull(),
});

/**
 * Something that came in for a business, to tell its operators without push by email: what a digest
 * lists. `actorId` is who wrote it (they are not told of their own words).
 */
export const operatorNotices = pgTable(
  'operator_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OPERATOR_NOTICE_KINDS }).notNull(),
    /** The comment or message, by id. */
    subjectId: uuid('subject_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where it was written: the post's text (a comment), the conversation's subject (a message). */
    context: text('context').notNull().default(''),
    text: text('text').notNull(),
    /** The page the operator opens to answer. */
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_notices_establishment_idx').on(t.establishmentId, t.createdAt)],
);

/**
 * The sent marker of one notice email: a digest or an immediate email is sent to an operator once
 * per business and key (the window, or the notice), however often its job runs.
 */
export const operatorNoticeSends = pgTable(
  'operator_notice_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.establishmentId, t.key] })],
);
