import { type Db, executorOf, type SqlExecutor } from '../../db/client';

/** One range (after, upto] of a send's audience, walked by its own job. */
export interface FanoutRange {
  part: number;
  after: string | null;
  upto: string | null;
  /** The last member whose batch is queued; null: none yet. */
  cursor: string | null;
  done: boolean;
}

/** The ranges a send's fan-out was planned as; empty for a send walked in one job. */
export async function listRanges(sql: SqlExecutor, notificationId: string): Promise<FanoutRange[]> {
  const { rows } = await sql.executeSql(
    `SELECT part, after_user, upto_user, cursor, done FROM notification_fanout_ranges
      WHERE notification_id = $1 ORDER BY part`,
    [notificationId],
  );
  return (
    rows as {
      part: number;
      after_user: string | null;
      upto_user: string | null;
      cursor: string | null;
      done: boolean;
    }[]
  ).map((r) => ({ part: r.part, after: r.after_user, upto: r.upto_user, cursor: r.cursor, done: r.done }));
}

/** Plan the ranges: consecutive (after, upto] bounds, the last open-ended. Planning twice keeps the first plan. */
export async function planRanges(
  sql: SqlExecutor,
  notificationId: string,
  after: string | null,
  boundaries: string[],
): Promise<void> {
  const lowers = [after, ...boundaries];
  const uppers = [...boundaries, null];
  await sql.executeSql(
    `INSERT INTO notification_fanout_ranges (notification_id, part, after_user, upto_user)
     SELECT $1, ordinality - 1, lower_bound, upper_bound
       FROM unnest($2::uuid[], $3::uuid[]) WITH ORDINALITY AS r(lower_bound, upper_bound, ordinality)
     ON CONFLICT DO NOTHING`,
    [notificationId, lowers, uppers],
  );
}

/** A page of the range is queued: save where its walk resumes, and count what it added to the audience. */
export async function advanceRange(
  sql: SqlExecutor,
  notificationId: string,
  part: number,
  cursor: string,
  added: number,
): Promise<void> {
  await sql.executeSql(
    `WITH moved AS (
       UPDATE notification_fanout_ranges SET cursor = $3 WHERE notification_id = $1 AND part = $2)
     UPDATE notifications SET audience = audience + $4 WHERE id = $1`,
    [notificationId, part, cursor, added],
  );
}

/**
 * Mark a range done; true when it was the last one left. The send's row is locked first, so of two
 * ranges finishing at once the second sees the first one's mark and exactly one of them is last.
 */
export async function finishRange(db: Db, notificationId: string, part: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const sql = executorOf(tx);
    await sql.executeSql('SELECT 1 FROM notifications WHERE id = $1 FOR UPDATE', [notificationId]);
    await sql.executeSql(
      'UPDATE notification_fanout_ranges SET done = true WHERE notification_id = $1 AND part = $2',
      [notificationId, part],
    );
    const { rows } = await sql.executeSql(
      'SELECT count(*)::int AS remaining FROM notification_fanout_ranges WHERE notification_id = $1 AND NOT done',
      [notificationId],
    );
    return Number((rows[0] as { remaining: number }).remaining) === 0;
  });
}
