import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { type ApiKeyRow, apiKeys, establishments, users } from '../../db/schema';

/** A key with the name of who created it, as the list shows it. */
export type ApiKeyListRow = ApiKeyRow & { createdByName: string };

const withCreator = {
  id: apiKeys.id,
  establishmentId: apiKeys.establishmentId,
  name: apiKeys.name,
  keyHash: apiKeys.keyHash,
  lastFour: apiKeys.lastFour,
  scopes: apiKeys.scopes,
  createdById: apiKeys.createdById,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  revokedById: apiKeys.revokedById,
  createdByName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
};

/** An establishment's keys, newest first, revoked ones too. */
export function listApiKeys(db: Db, establishmentId: string): Promise<ApiKeyListRow[]> {
  return db
    .select(withCreator)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdById))
    .where(eq(apiKeys.establishmentId, establishmentId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** One key of an establishment. */
export async function findApiKey(
  db: Db,
  establishmentId: string,
  keyId: string,
): Promise<ApiKeyListRow | undefined> {
  const [row] = await db
    .select(withCreator)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdById))
    .where(and(eq(apiKeys.establishmentId, establishmentId), eq(apiKeys.id, keyId)));
  return row;
}

/** Until the transaction ends, no other one creates a key for this establishment. */
export async function lockEstablishmentKeys(db: Db, establishmentId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`api_keys:${establishmentId}`}))`);
}

/** How many keys of the establishment are not revoked. */
export async function countActiveApiKeys(db: Db, establishmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.establishmentId, establishmentId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(
  db: Db,
  values: {
    establishmentId: string;
    name: string;
    keyHash: string;
    lastFour: string;
    scopes: ApiKeyScope[];
    createdById: string;
  },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** Revoke a key that is not revoked yet; answers whether this call revoked it. */
export async function revokeApiKey(db: Db, keyId: string, revokedById: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now, revokedById })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The key with this hash, for authentication (revoked or not: the caller decides), unless its business was deleted. */
export async function findApiKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      establishmentId: apiKeys.establishmentId,
      scopes: apiKeys.scopes,
      createdById: apiKeys.createdById,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      // A blocked business's keys do nothing until the unblock (can(): keyMay).
      establishmentBlocked: sql<boolean>`${establishments.blockedAt} is not null`,
    })
    .from(apiKeys)
    .leftJoin(establishments, eq(establishments.id, apiKeys.establishmentId))
    // A deleted business's keys are unknown keys (401), as if they had gone with it.
    .where(
      and(
        eq(apiKeys.keyHash, keyHash),
        sql`not exists (select 1 from establishments e where e.id = ${apiKeys.establishmentId} and e.deleted_at is not null)`,
      ),
    );
  return row;
}

/** Note the key's use, unless it was noted since `since` (one write per key per minute at most). */
export async function touchApiKey(db: Db, keyId: string, now: Date, since: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))));
}
