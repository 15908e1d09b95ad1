import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { AUTOMATION_CHANNELS, AUTOMATION_KINDS } from '../../../shared/schemas/automation.schema';
import type { PostTranslations } from '../../../shared/schemas/post-translations';
import { establishments } from './establishments';
import { notifications } from './notifications';
import { users } from './users';

/** A business's automation (AUTOMATION_KINDS): off until an operator turns it on. */
export const automations = pgTable(
  'automations',
  {
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AUTOMATION_KINDS }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** Its N (AUTOMATION_DAYS); null for a kind that counts none. */
    days: smallint('days'),
    /** 'choice': each follower's choice of channel (phone or email); 'push': phones only. */
    channels: text('channels', { enum: AUTOMATION_CHANNELS }).notNull().default('choice'),
    text: text('text').notNull().default(''),
    translations: jsonb('translations').$type<PostTranslations>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.establishmentId, t.kind] }),
    // The daily run looks for the businesses with an automation on.
    index('automations_enabled_idx').on(t.establishmentId).where(sql`${t.enabled}`),
  ],
);

/**
 * Whom an automation's send went to, for which occurrence: the key (business, kind, follower,
 * occurrence) makes "never twice to one follower for one occurrence" the database's rule, whatever
 * restarts or second workers happen. The occurrence is 'once' (the follow-up), the year (the
 * anniversary) or the business's date (a win-back, which also waits WIN_BACK_GAP_DAYS). It is the
 * audience of its send too: the engine's walk takes the listed members of `notificationId`.
 */
export const automationRecipients = pgTable(
  'automation_recipients',
  {
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AUTOMATION_KINDS }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occurrence: text('occurrence').notNull(),
    /** The send that carried it (deleted with it: nothing reached them, so it may go again). */
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.establishmentId, t.kind, t.userId, t.occurrence] }),
    // The walk of a send's listed audience, by user id.
    index('automation_recipients_send_idx').on(t.notificationId, t.userId),
    // Each automation's figures by week.
    index('automation_recipients_week_idx').on(t.establishmentId, t.kind, t.createdAt),
  ],
);

/** A business's daily run, once per its local date: the run of a day claims its row first. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.day] })],
);
