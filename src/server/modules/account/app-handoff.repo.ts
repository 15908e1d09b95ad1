import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appHandoffs, sessions } from '../../db/schema';

export async function insertHandoff(
  db: Db,
  values: { codeHash: string; sessionId: string; expiresAt: Date },
) {
  await db.insert(appHandoffs).values(values);
}

/**
 * Use a hand-off code once: answers the session that minted it while that session is still live
 * (signing out in Safari takes the code with it), or nothing.
 */
export async function consumeHandoff(db: Db, codeHash: string, now: Date) {
  const [spent] = await db
    .update(appHandoffs)
    .set({ usedAt: now })
    .where(
      and(eq(appHandoffs.codeHash, codeHash), isNull(appHandoffs.usedAt), gt(appHandoffs.expiresAt, now)),
    )
    .returning({ sessionId: appHandoffs.sessionId });
  if (!spent) return undefined;
  const [source] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, spent.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return source;
}

/** Delete hand-off codes that are used or expired; answers how many. */
export async function purgeSpentHandoffs(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(appHandoffs)
    .where(or(isNotNull(appHandoffs.usedAt), lte(appHandoffs.expiresAt, now)))
    .returning({ codeHash: appHandoffs.codeHash });
  return rows.length;
}
