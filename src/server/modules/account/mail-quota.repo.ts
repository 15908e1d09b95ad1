import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailQuota } from '../../db/schema';

export type MailKind = (typeof mailQuota.$inferInsert)['kind'];

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

/** Delete email counters of past hours; answers how many. */
export async function purgePastMailQuota(db: Db): Promise<number> {
  const rows = await db
    .delete(mailQuota)
    .where(sql`${mailQuota.windowStart} < date_trunc('hour', now())`)
    .returning({ address: mailQuota.address });
  return rows.length;
}
