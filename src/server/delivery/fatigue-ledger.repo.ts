import type { SqlExecutor } from '../db/client';

/** A week of the ledger is all the guard reads (its "week" starts at most 7 days back); one day's margin. */
export const FATIGUE_LEDGER_DAYS = 8;

/**
 * Delete the fatigue ledger's rows the guard no longer reads (hourly housekeeping). A scan of the
 * ledger, which holds about a week of sends' audiences: an index on `at` would cost every send.
 */
export async function purgeOldRings(sql: SqlExecutor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FATIGUE_LEDGER_DAYS * 86_400_000);
  const { rows } = await sql.executeSql(
    'WITH gone AS (DELETE FROM follower_rings WHERE at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [before.toISOString()],
  );
  return Number((rows[0] as { n: number }).n);
}
