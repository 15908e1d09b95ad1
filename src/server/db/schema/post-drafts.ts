import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { establishments } from './establishments';
import { users } from './users';

/**
 * What an operator keeps to send later: a draft (one send in the making) or a template
 * (a post to start from again). `content` is the compose form's body, checked again when sent.
 */
export const postDrafts = pgTable(
  'post_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['draft', 'template'] }).notNull(),
    name: text('name').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_drafts_establishment_idx').on(t.establishmentId, t.kind, t.updatedAt)],
);
