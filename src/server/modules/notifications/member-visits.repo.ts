import type { SqlExecutor } from '../../db/client';

/**
 * A follower opened the business's page: remember the day (the win-back automation leaves those who
 * came back alone). Written at most once a day per follow, so the busiest read writes nothing else.
 */
export async function recordVisit(sql: SqlExecutor, userId: string, establishmentId: string, at: Date) {
  await sql.executeSql(
    `UPDATE memberships SET last_visit_at = $3
      WHERE user_id = $1 AND establishment_id = $2
        AND (last_visit_at IS NULL OR last_visit_at < $3::timestamptz - interval '1 day')`,
    [userId, establishmentId, at.toISOString()],
  );
}
