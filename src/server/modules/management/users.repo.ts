import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { UserListQuery, UserSort } from '../../../shared/schemas/user-management.schema';
import type { Db } from '../../db/client';
import { foldedSearch } from '../../db/folded-search';
import { memberships, type UserRow, users } from '../../db/schema';

/** A column of a sort key, with the cast that turns its cursor text back into its type. */
interface KeyColumn {
  value: SQL;
  cast: '' | '::timestamptz' | '::uuid';
}

const id: KeyColumn = { value: sql`${users.id}`, cast: '::uuid' };
const createdAt: KeyColumn = { value: sql`${users.createdAt}`, cast: '::timestamptz' };

/**
 * Each order is a key unique per user (the id breaks ties), so a page starts strictly after the
 * previous page's last key: no row is skipped or repeated while others are added. The indexes of
 * migration 0006 serve these orders.
 */
const SORT_KEYS: Record<UserSort, { columns: KeyColumn[]; descending: boolean }> = {
  newest: { columns: [createdAt, id], descending: true },
  oldest: { columns: [createdAt, id], descending: false },
  name: {
    columns: [
      { value: sql`search_fold(${users.lastName})`, cast: '' },
      { value: sql`search_fold(${users.firstName})`, cast: '' },
      id,
    ],
    descending: false,
  },
  email: { columns: [{ value: sql`lower(${users.email})`, cast: '' }, id], descending: false },
};

/** Every word of the search appears somewhere in name, email or phone, whatever the case and accents. */
const searchCondition = (search: string | undefined) => foldedSearch(users.searchText, search);

function filterCondition(query: UserListQuery): SQL | undefined {
  return and(
    query.role ? eq(users.role, query.role) : undefined,
    query.verified === undefined ? undefined : eq(users.emailVerified, query.verified),
    query.establishmentId
      ? sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.userId} = ${users.id} AND ${memberships.establishmentId} = ${query.establishmentId})`
      : undefined,
    // Whole days, both included.
    query.createdFrom ? gte(users.createdAt, sql`${query.createdFrom}::date`) : undefined,
    query.createdTo ? lt(users.createdAt, sql`${query.createdTo}::date + 1`) : undefined,
    searchCondition(query.search),
  );
}

/** A page of users in the query's order after `after` (a previous page's last key), and the total. */
export async function listUsers(
  db: Db,
  query: UserListQuery,
  after: string[] | null,
): Promise<{ items: UserRow[]; lastKey: string[] | null; total: number; more: boolean }> {
  const { columns, descending } = SORT_KEYS[query.sort];
  const where = filterCondition(query);
  const key = sql.join(
    columns.map((c) => c.value),
    sql`, `,
  );
  const afterKey = after
    ? sql`(${key}) ${descending ? sql`<` : sql`>`} (${sql.join(
        columns.map((c, i) => sql`${after[i]}${sql.raw(c.cast)}`),
        sql`, `,
      )})`
    : undefined;
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        user: users,
        key: sql<string[]>`json_build_array(${sql.join(
          columns.map((c) => sql`${c.value}::text`),
          sql`, `,
        )})`,
      })
      .from(users)
      .where(and(where, afterKey))
      .orderBy(...columns.map((c) => sql`${c.value} ${direction}`))
      .limit(query.limit + 1),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => row.user),
    lastKey: page.at(-1)?.key ?? null,
    total: Number(counted?.total ?? 0),
    more: rows.length > query.limit,
  };
}

/** How many parts the cursor of this order has. */
export const keyLength = (sort: UserSort) => SORT_KEYS[sort].columns.length;
