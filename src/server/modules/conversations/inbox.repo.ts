import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InboxFilter } from '../../../shared/schemas/conversation.schema';
import { type Db, preparedPer } from '../../db/client';
import { conversationMessages, conversations, establishments, users } from '../../db/schema';

/**
 * The lists' statements: a business's inbox and a follower's own conversations, a page with the
 * owner's unread count in one prepared statement (planned once per connection and shape, where
 * building, parsing and planning three statements was most of an inbox request's cost).
 */

export interface Cursor {
  createdAt: Date;
  id: string;
}

/** A conversation as the lists and a conversation's page show it, from where its parts are read. */
const summaryOf = (c: typeof conversations, follower: typeof users, business: typeof establishments) => ({
  id: c.id,
  establishmentId: c.establishmentId,
  establishmentName: business.name,
  logo: business.logo,
  establishmentGone: sql<boolean>`(${business.blockedAt} is not null or ${business.deletedAt} is not null)`,
  followerId: c.followerId,
  firstName: follower.firstName,
  lastName: follower.lastName,
  postId: c.postId,
  lastMessageAt: c.lastMessageAt,
  answered: c.answered,
  unreadByBusiness: c.unreadByBusiness,
  unreadByFollower: c.unreadByFollower,
  closedAt: c.closedAt,
  lastMessage: sql<string>`(select m.text from ${conversationMessages} m where m.conversation_id = ${c.id} order by m.created_at desc, m.id desc limit 1)`,
});

/** The summary's columns on the tables themselves (conversations joined to its business and follower). */
export const summaryColumns = summaryOf(conversations, users, establishments);

// Constants in the SQL, not parameters: a statement planned once for every owner must see them.
const FILTERS: Record<InboxFilter, SQL | undefined> = {
  all: undefined,
  open: isNull(conversations.closedAt),
  answered: and(isNull(conversations.closedAt), sql`${conversations.answered}`),
  unanswered: and(isNull(conversations.closedAt), sql`not ${conversations.answered}`),
  closed: sql`${conversations.closedAt} is not null`,
};

type OwnerKind = 'establishment' | 'follower';
const OWNER = sql.placeholder('owner');

/** The owner's conversations (the inbox index, conversations_inbox_idx; the follower's). */
const ownerIs = (kind: OwnerKind) =>
  kind === 'establishment' ? eq(conversations.establishmentId, OWNER) : eq(conversations.followerId, OWNER);

/** The owner's unread ones: the business's unread open ones (conversations_unread_idx), or the follower's. */
const counted = alias(conversations, 'counted');
const unreadQuery = (db: Db, kind: OwnerKind) =>
  db
    .select({ n: count() })
    .from(counted)
    .where(
      kind === 'establishment'
        ? and(eq(counted.establishmentId, OWNER), sql`${counted.unreadByBusiness}`, isNull(counted.closedAt))
        : and(eq(counted.followerId, OWNER), sql`${counted.unreadByFollower}`),
    );

/** Page sizes a statement is prepared for: the query's limit (1-50) and one more, to know of a next page. */
const LIMITS = { min: 2, max: 51 };

/**
 * A limit written into the SQL, not sent as a parameter: a statement's generic plan (made once,
 * for every owner) then knows how many rows the page has. With `limit $1` the planner guesses a
 * tenth of the owner's conversations, finds that plan dearer than planning each call, and plans
 * every call. Drizzle writes an SQL limit as it is.
 */
function literal(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.max) throw new Error(`limit ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}

/**
 * A page of the owner's conversations, newest first by (last_message_at, id), each row carrying
 * the owner's unread count. The page's ids first (an index-only range of the owner's index,
 * newest first), then each one's row, follower and business, each a LATERAL lookup by key, and
 * its newest message: the statement is planned once per connection, for any owner and page size,
 * so its plan must not depend on how many rows the planner guesses the page has (a generic plan
 * guesses a tenth of the owner's conversations, and joined those by a scan of every user).
 */
function buildPage(db: Db, kind: OwnerKind, filter: InboxFilter, after: boolean, limit: number) {
  const page = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        ownerIs(kind),
        FILTERS[filter],
        after
          ? sql`(${conversations.lastMessageAt}, ${conversations.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(literal(limit))
    .as('page');
  // `limit 1`: a subquery with a limit is not merged into the outer query, so each is a lookup.
  const row = db.select().from(conversations).where(eq(conversations.id, page.id)).limit(literal(1)).as('c');
  const follower = db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, row.followerId))
    .limit(literal(1))
    .as('follower');
  const business = db
    .select({
      name: establishments.name,
      logo: establishments.logo,
      blockedAt: establishments.blockedAt,
      deletedAt: establishments.deletedAt,
    })
    .from(establishments)
    .where(eq(establishments.id, row.establishmentId))
    .limit(literal(1))
    .as('business');
  return db
    .select({
      // The subqueries' columns are the tables' own, under the subqueries' names.
      ...summaryOf(
        row as unknown as typeof conversations,
        follower as unknown as typeof users,
        business as unknown as typeof establishments,
      ),
      ownerUnread: sql<number>`(${unreadQuery(db, kind)})`.mapWith(Number),
    })
    .from(page)
    .crossJoinLateral(row)
    .crossJoinLateral(follower)
    .crossJoinLateral(business)
    .orderBy(desc(row.lastMessageAt), desc(row.id))
    .prepare(`conversations_${kind}_${filter}_${after ? 'after' : 'first'}_${limit}`);
}

type PageStatement = ReturnType<typeof buildPage>;
const pageStatements = new Map<string, (db: Db) => PageStatement>();

/** The prepared statement of one list's shape: owner kind, filter, first page or after a cursor, size. */
function pageStatement(kind: OwnerKind, filter: InboxFilter, after: boolean, limit: number) {
  const key = `${kind} ${filter} ${after} ${limit}`;
  let statement = pageStatements.get(key);
  if (!statement) {
    statement = preparedPer((db) => buildPage(db, kind, filter, after, limit));
    pageStatements.set(key, statement);
  }
  return statement;
}

export type ListRow = Awaited<ReturnType<PageStatement['execute']>>[number];

/**
 * A page of conversations, newest first, by (last_message_at, id): an establishment's or a
 * follower's, with the owner's unread count (`ownerUnread`, the same on every row).
 */
export function listConversations(
  db: Db,
  owner: { establishmentId: string } | { followerId: string },
  filter: InboxFilter,
  cursor: Cursor | undefined,
  limit: number,
): Promise<ListRow[]> {
  const kind: OwnerKind = 'establishmentId' in owner ? 'establishment' : 'follower';
  if (limit < LIMITS.min || limit > LIMITS.max) throw new Error(`page of ${limit}`);
  const statement = pageStatement(kind, filter, cursor !== undefined, limit)(db);
  return statement.execute({
    owner: 'establishmentId' in owner ? owner.establishmentId : owner.followerId,
    ...(cursor ? { at: cursor.createdAt.toISOString(), cursorId: cursor.id } : {}),
  });
}

const unreadStatements = {
  establishment: preparedPer((db) => unreadQuery(db, 'establishment').prepare('inbox_unread')),
  follower: preparedPer((db) => unreadQuery(db, 'follower').prepare('conversations_unread')),
};

/** The business's unread open conversations (conversations_unread_idx): the sidebar's count. */
export async function unreadOfEstablishment(db: Db, establishmentId: string): Promise<number> {
  const [row] = await unreadStatements.establishment(db).execute({ owner: establishmentId });
  return row?.n ?? 0;
}

/** The follower's conversations whose newest message (the business's) they have not read. */
export async function unreadOfFollower(db: Db, followerId: string): Promise<number> {
  const [row] = await unreadStatements.follower(db).execute({ owner: followerId });
  return row?.n ?? 0;
}
