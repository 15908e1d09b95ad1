import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, users } from '../../db/schema';

/**
 * Whether this verification token (used or expired) was emailed to an address its account still
 * has and has confirmed: a link opened again after it worked, or a second one of two sent. The
 * token's holder read that inbox, so telling them it is confirmed tells them nothing new.
 */
export async function verifiedByToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, 'verify_email'),
        eq(users.emailVerified, true),
        sql`${authTokens.email} = lower(${users.email})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
