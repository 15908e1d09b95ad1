import type { SqlExecutor } from '../../../db/client';

/**
 * Whether the business's email is paused for its spam complaints (email_pauses, written by the
 * complaints module). The engine reads it itself, as the audience walk does (audience.sql.ts), so
 * it needs no module: a batch checks it because a pause may start after the audience was taken.
 */
export async function businessEmailPaused(sql: SqlExecutor, establishmentId: string): Promise<boolean> {
  const { rows } = await sql.executeSql(
    'SELECT 1 FROM email_pauses WHERE establishment_id = $1 AND lifted_at IS NULL',
    [establishmentId],
  );
  return rows.length > 0;
}
