import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcSettings, oidcSignIns, sessions, userIdentities, users } from '../../db/schema';

/** The admin's choices; the defaults (no creation, operators) while none were saved. */
export async function readSettings(db: Db) {
  const [row] = await db.select().from(oidcSettings).where(eq(oidcSettings.id, 1));
  return {
    allowCreate: row?.allowCreate ?? false,
    createRole: row?.createRole ?? ('client' as const),
  };
}

export async function saveSettings(
  db: Db,
  values: { allowCreate: boolean; createRole: 'client' | 'representant' },
) {
  await db
    .insert(oidcSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: oidcSettings.id, set: { ...values, updatedAt: new Date() } });
}

export async function findIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return row;
}

export async function insertIdentity(
  db: Db,
  values: { userId: string; issuer: string; subject: string; email: string },
) {
  await db.insert(userIdentities).values({ ...values, lastSignInAt: new Date() });
}

export async function touchIdentity(db: Db, id: string, email: string) {
  await db.update(userIdentities).set({ email, lastSignInAt: new Date() }).where(eq(userIdentities.id, id));
}

/** The links, newest first, with the account each one opens. */
export async function listIdentities(db: Db, limit: number) {
  return db
    .select({
      id: userIdentities.id,
      userId: userIdentities.userId,
      subject: userIdentities.subject,
      email: userIdentities.email,
      disabledAt: userIdentities.disabledAt,
      createdAt: userIdentities.createdAt,
      lastSignInAt: userIdentities.lastSignInAt,
      firstName: users.firstName,
      lastName: users.lastName,
      accountEmail: users.email,
      role: users.role,
    })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .orderBy(desc(userIdentities.createdAt), desc(userIdentities.id))
    .limit(limit);
}

export async function findIdentityById(db: Db, id: string) {
  const [row] = await db.select().from(userIdentities).where(eq(userIdentities.id, id));
  return row;
}

export async function setIdentityDisabled(db: Db, id: string, disabled: boolean) {
  await db
    .update(userIdentities)
    .set({ disabledAt: disabled ? new Date() : null })
    .where(eq(userIdentities.id, id));
}

export async function deleteIdentity(db: Db, id: string) {
  await db.delete(userIdentities).where(eq(userIdentities.id, id));
}

/** Keep a hand-over code's hash for the session; expired ones go as new ones come. */
export async function insertSignInCode(
  db: Db,
  values: { codeHash: string; sessionId: string; expiresAt: Date },
) {
  await db.delete(oidcSignIns).where(lte(oidcSignIns.expiresAt, new Date()));
  await db.insert(oidcSignIns).values(values);
}

/** Use a hand-over code once: the live session it names, or nothing. */
export async function takeSignInCode(db: Db, codeHash: string, now: Date) {
  const [taken] = await db
    .delete(oidcSignIns)
    .where(and(eq(oidcSignIns.codeHash, codeHash), gt(oidcSignIns.expiresAt, now)))
    .returning({ sessionId: oidcSignIns.sessionId });
  if (!taken) return undefined;
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, taken.sessionId), gt(sessions.expiresAt, now)));
  return session?.revokedAt ? undefined : session;
}
