import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens } from '../../db/schema';

export type TokenPurpose = (typeof authTokens.$inferInsert)['purpose'];

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

/** Delete single-use tokens that are used or expired; answers how many. */
export async function purgeSpentAuthTokens(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(authTokens)
    .where(or(isNotNull(authTokens.usedAt), lte(authTokens.expiresAt, now)))
    .returning({ id: authTokens.id });
  return rows.length;
}
