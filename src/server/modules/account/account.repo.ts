import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, establishments, memberships, sessions, type UserRow, users } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;
export type TokenPurpose = (typeof authTokens.$inferInsert)['purpose'];

/** Postgres unique violation: the race between two identical registrations. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Raise the token version, which invalidates every token issued before. */
export async function bumpTokenVersion(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function adminExists(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return rows.length > 0;
}

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
  values: { userId: string; establishmentId: string; kind: 'customer' | 'client' },
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

export async function insertSession(
  db: Db,
  values: { userId: string; expiresAt: Date; userAgent: string; actingAdminId?: string | null },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/** The live session and its user, or nothing if revoked, expired or gone. */
export async function findLiveSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return row;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertAuthToken(
  db: Db,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Spend every outstanding token of this purpose (an older reset link must not work after a reset). */
export async function revokeAuthTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/** Mark a token used, atomically: returns its user only the first time, and only before expiry. */
export async function consumeAuthToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId;
}
