import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { VisitSource } from '../../../shared/schemas/report-sources';
import type { Db } from '../../db/client';
import { establishments, memberships, users } from '../../db/schema';

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
