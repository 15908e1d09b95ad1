import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../db/client';
import { establishments, memberships, pushSubscriptions, sessions, users } from '../../db/schema';

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

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Delete sessions that can never be used again (expired or signed out); answers how many. */
export async function purgeDeadSessions(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
