import type { SqlExecutor } from '../db/client';

/**
 * How long the record of the held is kept: it is read only while its send is walked (so a page walked
 * again counts no one twice); a week and a day leave room to look at what a send held.
 */
export const FATIGUE_LEDGER_DAYS = 8;

/**
 * Delete the record of the held past FATIGUE_LEDGER_DAYS (hourly housekeeping). A scan of the
 * table, which holds only the followers held in about a week of sends: no index on `at` needed.
 */
export async function purgeOldRings(sql: SqlExecutor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FATIGUE_LEDGER_DAYS * 86_400_000);
  const { rows } = await sql.executeSql(
    'WITH gone AS (DELETE FROM follower_rings WHERE at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [before.toISOString()],
  );
  return Number((rows[0] as { n: number }).n);
}
