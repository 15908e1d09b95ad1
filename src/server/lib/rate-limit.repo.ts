import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters as t } from '../db/schema';

/**
 * Count `hits` (one by default) on `key` in its fixed window of `windowMs`, in one statement: a new
 * key or an ended window starts a window at `hits`, otherwise the count goes up. Answers the count and the time
 * left in the window, both by the database's clock, so every process agrees.
 */
export async function hitCounter(
  db: Db,
  key: string,
  windowMs: number,
  hits = 1,
): Promise<{ count: number; ttlMs: number }> {
  const window = sql`(${windowMs}::float8 * interval '1 millisecond')`;
  const ended = sql`${t.expiresAt} <= now()`;
  const [row] = await db
    .insert(t)
    .values({ key, windowStart: sql`now()`, expiresAt: sql`now() + ${window}`, count: hits })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${ended} then ${hits}::int else least(${t.count}::bigint + ${hits}::int, 2147483647)::int end`,
        windowStart: sql`case when ${ended} then now() else ${t.windowStart} end`,
        expiresAt: sql`case when ${ended} then now() + ${window} else ${t.expiresAt} end`,
      },
    })
    .returning({
      count: t.count,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from (${t.expiresAt} - now())) * 1000))::int`,
    });
  return { count: row!.count, ttlMs: Number(row!.ttlMs) };
}

/** Forget counters whose window has ended (they would start over at 1 anyway). */
export async function deleteEndedCounters(db: Db): Promise<void> {
  await db.delete(t).where(lt(t.expiresAt, sql`now()`));
}

/** `key`'s count in its running window and the time left in it; 0 when no window is running. */
export async function readCounter(db: Db, key: string): Promise<{ count: number; ttlMs: number }> {
  const [row] = await db
    .select({
      count: t.count,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from (${t.expiresAt} - now())) * 1000))::int`,
    })
    .from(t)
    .where(and(eq(t.key, key), gt(t.expiresAt, sql`now()`)));
  return row ? { count: row.count, ttlMs: Number(row.ttlMs) } : { count: 0, ttlMs: 0 };
}
