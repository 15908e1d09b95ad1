import { and, desc, eq, isNull } from 'drizzle-orm';
import type { VisitSource } from '../../../shared/schemas/report-sources';
import type { Db } from '../../db/client';
import { establishments, memberships } from '../../db/schema';

export async function listMemberships(db: Db, userId: string) {
  return db
    .select({ establishmentId: memberships.establishmentId, kind: memberships.kind })
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .where(and(eq(memberships.userId, userId), isNull(establishments.deletedAt)))
    .orderBy(memberships.createdAt);
}

export async function insertMembership(
  db: Db,
  values: { userId: string; establishmentId: string; kind: 'customer' | 'client'; source?: VisitSource },
): Promise<void> {
  await db.insert(memberships).values(values).onConflictDoNothing();
}

export async function findEstablishmentName(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: establishments.name })
    .from(establishments)
    .where(eq(establishments.id, id));
  return row?.name;
}

/** The business the user followed last (the feed they land on after verifying), if any. */
export async function lastFollowedEstablishment(db: Db, userId: string): Promise<string | null> {
  const [row] = await followedBy(db, userId).orderBy(desc(memberships.createdAt)).limit(1);
  return row?.id ?? null;
}

/** The businesses this user follows (not those they operate), deleted ones aside. */
export async function followedEstablishmentIds(db: Db, userId: string): Promise<string[]> {
  const rows = await followedBy(db, userId);
  return rows.map((row) => row.id);
}

/** The ids of the businesses a user follows as a customer (not those they operate), deleted ones aside. */
function followedBy(db: Db, userId: string) {
  return db
    .select({ id: memberships.establishmentId })
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .where(
      and(eq(memberships.userId, userId), eq(memberships.kind, 'customer'), isNull(establishments.deletedAt)),
    );
}
