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
import type { VisitSource } from '../../../shared/schemas/report-sources';
import { type Db, preparedPer } from '../../db/client';
import { foldedSearch } from '../../db/folded-search';
import { followerCountOf, guestCountOf, waitingCountOf } from '../../db/follower-counts';
import { establishments, galleryImages, memberships, users } from '../../db/schema';

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

export async function findMembership(db: Db, userId: string, establishmentId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.establishmentId, establishmentId)));
  return row;
}

/** Add or change a user's link to an establishment. */
export async function upsertMembership(
  db: Db,
  userId: string,
  establishmentId: string,
  kind: 'client' | 'customer',
) {
  await db
    .insert(memberships)
    .values({ userId, establishmentId, kind })
    .onConflictDoUpdate({ target: [memberships.userId, memberships.establishmentId], set: { kind } });
}

/** Follow as a customer unless already a member: an operator who follows stays an operator, even at the same moment. True: a new follow. */
export async function insertFollower(
  db: Db,
  userId: string,
  establishmentId: string,
  source: VisitSource = 'direct',
): Promise<boolean> {
  const rows = await db
    .insert(memberships)
    .values({ userId, establishmentId, kind: 'customer', source })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  return rows.length > 0;
}

/** The kind of link removed (client or customer); undefined when there was none. */
export async function deleteMembership(db: Db, userId: string, establishmentId: string) {
  const [row] = await db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.establishmentId, establishmentId)))
    .returning({ kind: memberships.kind });
  return row?.kind;
}

/** The users who operate this establishment (its client memberships). */
export async function listOperatorIds(db: Db, establishmentId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.establishmentId, establishmentId), eq(memberships.kind, 'client')));
  return rows.map((r) => r.userId);
}

/**
 * Of these users, those with the client role who no longer operate any live establishment go back
 * to customer; staff roles are left alone. Called inside the transaction that removed the link.
 * The users' rows are locked first, so two removals at once (each seeing the other's link still
 * there) cannot both leave a client who operates nothing: the second one, once the first has
 * committed, sees both links gone.
 */
export async function demoteClientsOperatingNothing(db: Db, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
    .for('no key update');
  const operates = db
    .select({ one: sql`1` })
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .where(
      and(eq(memberships.userId, users.id), eq(memberships.kind, 'client'), isNull(establishments.deletedAt)),
    );
  const rows = await db
    .update(users)
    .set({ role: 'customer', updatedAt: new Date() })
    .where(and(inArray(users.id, userIds), eq(users.role, 'client'), sql`not exists (${operates})`))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export async function listMembers(db: Db, establishmentId: string) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      kind: memberships.kind,
      emailVerified: users.emailVerified,
      guest: users.guest,
      discountedPrices: users.discountedPrices,
      since: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.establishmentId, establishmentId))
    .orderBy(asc(memberships.kind), desc(memberships.createdAt))
    .limit(1000);
}

const galleryStatement = preparedPer((db) =>
  db
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.establishmentId, sql.placeholder('establishmentId')))
    .orderBy(asc(galleryImages.createdAt), asc(galleryImages.id))
    .prepare('gallery_of_establishment'),
);

export async function listGallery(db: Db, establishmentId: string) {
  return galleryStatement(db).execute({ establishmentId });
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

export async function countGallery(db: Db, establishmentId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(galleryImages)
    .where(eq(galleryImages.establishmentId, establishmentId));
  return row?.value ?? 0;
}

export async function insertGalleryImage(db: Db, values: typeof galleryImages.$inferInsert) {
  const [row] = await db.insert(galleryImages).values(values).returning();
  return row!;
}

export async function updateGalleryCaption(
  db: Db,
  establishmentId: string,
  imageId: string,
  caption: string,
) {
  const [row] = await db
    .update(galleryImages)
    .set({ caption })
    .where(and(eq(galleryImages.id, imageId), eq(galleryImages.establishmentId, establishmentId)))
    .returning();
  return row;
}

export async function deleteGalleryImage(db: Db, establishmentId: string, imageId: string) {
  const [row] = await db
    .delete(galleryImages)
    .where(and(eq(galleryImages.id, imageId), eq(galleryImages.establishmentId, establishmentId)))
    .returning();
  return row;
}

/** Users by id, for the few places that need names of several. */
export async function findUsersByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}
