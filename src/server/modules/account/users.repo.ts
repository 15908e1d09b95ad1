import { and, eq, sql } from 'drizzle-orm';
import { PLATFORM_ADMIN_ROLE } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;

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

/** Mark the address verified, only if it is still the user's address; answers whether it was. */
export async function markEmailVerified(db: Db, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    // A confirmed address is worth emailing again, whatever bounced before.
    .set({ emailVerified: true, emailBouncedAt: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Whether another account than this one holds the platform's admin role. Taken under a transaction
 * lock, so two admins deleting themselves at once cannot both see the other and leave none.
 */
export async function anotherAdminExists(db: Db, userId: string): Promise<boolean> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, PLATFORM_ADMIN_ROLE), sql`${users.id} <> ${userId}`))
    .limit(1);
  return row !== undefined;
}
