import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { PLATFORM_ADMIN_ROLE } from '../../../shared/permissions';
import type { VisitSource } from '../../../shared/schemas/report-sources';
import { type Db, preparedPer } from '../../db/client';
import {
  authTokens,
  establishments,
  mailQuota,
  memberships,
  pushSubscriptions,
  sessions,
  type UserRow,
  users,
} from '../../db/schema';

export type NewUser = typeof users.$inferInsert;
export type TokenPurpose = (typeof authTokens.$inferInsert)['purpose'];
export type MailKind = (typeof mailQuota.$inferInsert)['kind'];

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

export async function insertSession(
  db: Db,
  values: {
    userId: string;
    expiresAt: Date;
    userAgent: string;
    actingAdminId?: string | null;
    provisional?: boolean;
    handedOffFrom?: string | null;
  },
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

/**
 * What each authenticated request needs, in one statement: the live session, its user's role, token
 * version and verification, and the establishments they follow or operate (oldest first, deleted
 * ones left out), as findLiveSession and listMemberships would answer them in two. Prepared: it runs
 * on every request.
 */
const sessionActorStatement = preparedPer((db) =>
  db
    .select({
      sessionId: sessions.id,
      actingAdminId: sessions.actingAdminId,
      userId: users.id,
      role: users.role,
      // A session opened by registering acts unverified until the address is confirmed through it.
      emailVerified: sql<boolean>`${users.emailVerified} AND NOT ${sessions.provisional}`,
      provisional: sessions.provisional,
      guest: users.guest,
      tokenVersion: users.tokenVersion,
      establishments: sql<{ establishmentId: string; kind: 'customer' | 'client' }[]>`coalesce((
        select json_agg(json_build_object('establishmentId', m.establishment_id, 'kind', m.kind) order by m.created_at)
        from ${memberships} m join ${establishments} e on e.id = m.establishment_id
        where m.user_id = ${users.id} and e.deleted_at is null), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('find_session_actor'),
);

export async function findSessionActor(db: Db, sessionId: string) {
  const [row] = await sessionActorStatement(db).execute({ sessionId, now: new Date() });
  return row;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * The address is verified: the session that verified it, when it was opened by
 * registering, becomes a full one, and so do the Home Screen app sessions it handed over to; every
 * other session opened by registering ends, and the devices it turned on stop getting pushes. Who
 * registered someone else's address keeps no way into the account its owner confirms, nor its
 * notifications.
 */
export async function settleProvisionalSessions(db: Db, userId: string, keepSessionId: string | null) {
  if (keepSessionId) {
    // With the Home Screen app it handed over to: the same person on the same phone.
    await db
      .update(sessions)
      .set({ provisional: false })
      .where(
        and(
          eq(sessions.userId, userId),
          or(eq(sessions.id, keepSessionId), eq(sessions.handedOffFrom, keepSessionId)),
        ),
      );
  }
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), eq(sessions.provisional, true), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return;
  await db.delete(pushSubscriptions).where(
    inArray(
      pushSubscriptions.sessionId,
      ended.map((session) => session.id),
    ),
  );
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

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Store a single-use token's hash with the (lower-cased) address its link is emailed to. */
export async function insertAuthToken(
  db: Db,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authTokens).values({ ...values, email: values.email.toLowerCase() });
}

/**
 * Spend every outstanding token of this purpose, or of every purpose when none is named (an older
 * reset link must not work after a reset; no link sent to an old address works after an email change).
 */
export async function revokeAuthTokens(db: Db, userId: string, purpose?: TokenPurpose): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        purpose ? eq(authTokens.purpose, purpose) : undefined,
        isNull(authTokens.usedAt),
      ),
    );
}

/**
 * Mark a token used, atomically: returns its user and address only the first time, only before
 * expiry, and only while the user still has the address the token was emailed to.
 */
export async function consumeAuthToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; email: string; createdAt: Date } | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
        sql`${authTokens.email} = (SELECT lower(u.email) FROM users u WHERE u.id = ${authTokens.userId})`,
      ),
    )
    .returning({ userId: authTokens.userId, email: authTokens.email, createdAt: authTokens.createdAt });
  return row?.email ? { userId: row.userId, email: row.email, createdAt: row.createdAt } : undefined;
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
 * Count one email of this kind to this address in the current clock hour (the database's clock,
 * shared by every process), unless `limit` were sent already. Answers the hour counted in, or
 * undefined when the limit is reached. One statement, so two workers at once cannot both pass.
 */
export async function takeMailQuota(
  db: Db,
  address: string,
  kind: MailKind,
  limit: number,
): Promise<Date | undefined> {
  const [row] = await db
    .insert(mailQuota)
    .values({ address: address.toLowerCase(), kind, windowStart: sql`date_trunc('hour', now())`, count: 1 })
    .onConflictDoUpdate({
      target: [mailQuota.address, mailQuota.kind, mailQuota.windowStart],
      set: { count: sql`${mailQuota.count} + 1` },
      setWhere: lt(mailQuota.count, limit),
    })
    .returning({ windowStart: mailQuota.windowStart });
  return row?.windowStart;
}

/** Give back what takeMailQuota counted (the email could not be sent after all). */
export async function releaseMailQuota(db: Db, address: string, kind: MailKind, windowStart: Date) {
  await db
    .update(mailQuota)
    .set({ count: sql`${mailQuota.count} - 1` })
    .where(
      and(
        eq(mailQuota.address, address.toLowerCase()),
        eq(mailQuota.kind, kind),
        eq(mailQuota.windowStart, windowStart),
        gt(mailQuota.count, 0),
      ),
    );
}

/** How many emails of this kind went to this address in the current clock hour. */
export async function mailQuotaUsed(db: Db, address: string, kind: MailKind): Promise<number> {
  const [row] = await db
    .select({ count: mailQuota.count })
    .from(mailQuota)
    .where(
      and(
        eq(mailQuota.address, address.toLowerCase()),
        eq(mailQuota.kind, kind),
        sql`${mailQuota.windowStart} = date_trunc('hour', now())`,
      ),
    );
  return row?.count ?? 0;
}

/** Delete sessions that can never be used again (expired or signed out); answers how many. */
export async function purgeDeadSessions(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Delete single-use tokens that are used or expired; answers how many. */
export async function purgeSpentAuthTokens(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(authTokens)
    .where(or(isNotNull(authTokens.usedAt), lte(authTokens.expiresAt, now)))
    .returning({ id: authTokens.id });
  return rows.length;
}

/** Delete email counters of past hours; answers how many. */
export async function purgePastMailQuota(db: Db): Promise<number> {
  const rows = await db
    .delete(mailQuota)
    .where(sql`${mailQuota.windowStart} < date_trunc('hour', now())`)
    .returning({ address: mailQuota.address });
  return rows.length;
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
