import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { EstablishmentSort } from '../../../shared/schemas/establishment.schema';
import { type Db, preparedPer } from '../../db/client';
import { foldedSearch } from '../../db/folded-search';
import { followerCountOf, guestCountOf, waitingCountOf } from '../../db/follower-counts';
import { establishments, memberships, users } from '../../db/schema';

export type EstablishmentRow = typeof establishments.$inferSelect;
export type NewEstablishment = typeof establishments.$inferInsert;

// The establishment's id written out qualified: drizzle leaves a column of a single-table select
// unqualified, and inside these subqueries a bare "id" would be the users' id.
const establishmentId = sql`${establishments}.id`;
const counts = {
  // Followers (a confirmed email) and those waiting for confirmation: the one definition
  // of each, shared with the exports (db/follower-counts.ts).
  followerCount: followerCountOf(establishmentId),
  waitingCount: waitingCountOf(establishmentId),
  guestCount: guestCountOf(establishmentId),
  clientCount: sql<number>`(select count(*)::int from ${memberships} m where m.establishment_id = ${establishmentId} and m.kind = 'client')`,
};

export type EstablishmentWithCounts = EstablishmentRow & {
  followerCount: number;
  waitingCount: number;
  guestCount: number;
  clientCount: number;
};

/** Which establishments a list may show. */
export type Visibility =
  | { all: true }
  | { registeredById: string }
  | { memberId: string; kind?: 'client' | 'customer' };

export interface ListFilter {
  q?: string;
  status?: 'active' | 'inactive' | 'blocked';
  sort?: EstablishmentSort;
  page: number;
  pageSize: number;
}

/** Each order ends with the id, so equal names or creation times never swap places between pages. */
const ORDERS: Record<EstablishmentSort, SQL[]> = {
  newest: [desc(establishments.createdAt), asc(establishments.id)],
  // search_fold: lower case without accents (migration 0006), then the name as written for names
  // that fold alike ("Cafe" before "Café").
  name: [asc(sql`search_fold(${establishments.name})`), asc(establishments.name), asc(establishments.id)],
};

function visibilityWhere(visibility: Visibility): SQL | undefined {
  if ('all' in visibility) return undefined;
  if ('registeredById' in visibility) return eq(establishments.registeredById, visibility.registeredById);
  const member = and(
    eq(memberships.establishmentId, establishments.id),
    eq(memberships.userId, visibility.memberId),
    visibility.kind ? eq(memberships.kind, visibility.kind) : undefined,
  );
  return sql`exists (select 1 from ${memberships} where ${member})`;
}

function statusWhere(status: ListFilter['status']): SQL | undefined {
  if (status === 'blocked') return isNotNull(establishments.blockedAt);
  if (status === 'active') return and(isNull(establishments.blockedAt), eq(establishments.active, true));
  if (status === 'inactive') return and(isNull(establishments.blockedAt), eq(establishments.active, false));
  return undefined;
}

/** A page of establishments, never deleted ones, newest first or by name. */
export async function listEstablishments(db: Db, visibility: Visibility, filter: ListFilter) {
  const where = and(
    isNull(establishments.deletedAt),
    visibilityWhere(visibility),
    statusWhere(filter.status),
    // Whatever the case and accents: "presov" finds "Prešov". Establishments are few next to
    // users, so no index: a scan of the live rows.
    foldedSearch(
      sql`search_fold(${establishments.name} || ' ' || ${establishments.city} || ' ' || ${establishments.email})`,
      filter.q,
    ),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(establishments), ...counts })
      .from(establishments)
      .where(where)
      .orderBy(...ORDERS[filter.sort ?? 'newest'])
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ value: count() }).from(establishments).where(where),
  ]);
  return { items: items as EstablishmentWithCounts[], total: total?.value ?? 0 };
}

/** By id or public id, deleted ones included (callers decide what a state means). */
// Prepared (planned once per connection): every public page and profile load starts here.
const establishmentById = preparedPer((db) =>
  db
    .select({ ...getTableColumns(establishments), ...counts })
    .from(establishments)
    .where(eq(establishments.id, sql.placeholder('id')))
    .prepare('establishment_with_counts_by_id'),
);
const establishmentByPublicId = preparedPer((db) =>
  db
    .select({ ...getTableColumns(establishments), ...counts })
    .from(establishments)
    .where(eq(establishments.publicId, sql.placeholder('id')))
    .prepare('establishment_with_counts_by_public_id'),
);

export async function findEstablishment(
  db: Db,
  idOrPublicId: string,
): Promise<EstablishmentWithCounts | undefined> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrPublicId);
  // Public ids are letters, digits and dashes; anything else (a NUL byte would fail in the
  // database) matches nothing.
  if (!isUuid && !/^[a-z0-9-]{1,64}$/i.test(idOrPublicId)) return undefined;
  const [row] = isUuid
    ? await establishmentById(db).execute({ id: idOrPublicId })
    : await establishmentByPublicId(db).execute({ id: idOrPublicId.toLowerCase() });
  return row as EstablishmentWithCounts | undefined;
}

export async function insertEstablishment(db: Db, values: NewEstablishment): Promise<EstablishmentRow> {
  const [row] = await db.insert(establishments).values(values).returning();
  return row!;
}

export async function updateEstablishment(db: Db, id: string, patch: Partial<NewEstablishment>) {
  const [row] = await db
    .update(establishments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(establishments.id, id))
    .returning();
  return row;
}

export async function publicIdTaken(db: Db, publicId: string): Promise<boolean> {
  const rows = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(eq(establishments.publicId, publicId));
  return rows.length > 0;
}

/**
 * Lock the establishment's row until the transaction ends, so that per-establishment limits
 * (count, then insert) run one at a time. NO KEY UPDATE, not UPDATE: it still lets other
 * transactions insert rows that reference the establishment (their foreign key check takes KEY SHARE).
 */
export async function lockEstablishment(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(eq(establishments.id, id))
    .for('no key update');
  return rows.length > 0;
}

/** Users by id, for the few places that need names of several. */
export async function findUsersByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}
