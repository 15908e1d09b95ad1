import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { WeeklyRule } from '../../../shared/recurrence';
import { type Db, executorOf } from '../../db/client';
import { recurringSends } from '../../db/schema';

/** Weekly sends: the rule, and the copy of an occurrence that becomes the next one. */

export async function insertWeeklyRule(
  db: Db,
  rule: WeeklyRule & { establishmentId: string; authorId: string },
): Promise<string> {
  const [row] = await db
    .insert(recurringSends)
    .values({
      establishmentId: rule.establishmentId,
      authorId: rule.authorId,
      weekday: rule.weekday,
      minuteOfDay: rule.minuteOfDay,
      until: rule.until,
    })
    .returning({ id: recurringSends.id });
  return row!.id;
}

/** Until the transaction ends, no other one starts a weekly send for this establishment. */
export async function lockEstablishmentRules(db: Db, establishmentId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`recurring_sends:${establishmentId}`}))`);
}

/** The establishment's weekly sends still running (not cancelled, last occurrence not gone yet). */
export async function countRunningRules(db: Db, establishmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recurringSends)
    .where(and(eq(recurringSends.establishmentId, establishmentId), isNull(recurringSends.endedAt)));
  return row?.n ?? 0;
}

/** Nothing more is scheduled for it: cancelled, or its last occurrence went out. */
export async function endWeeklyRule(db: Db, id: string, at: Date): Promise<void> {
  await db.update(recurringSends).set({ endedAt: at }).where(eq(recurringSends.id, id));
}

/** A running rule and its business's clock; undefined once ended (or its business is gone). */
export async function findRunningRule(db: Db, id: string) {
  const { rows } = await executorOf(db).executeSql(
    `SELECT r.weekday, r.minute_of_day, r.until, e.time_zone
       FROM recurring_sends r JOIN establishments e ON e.id = r.establishment_id
      WHERE r.id = $1 AND r.ended_at IS NULL`,
    [id],
  );
  const row = rows[0] as
    | { weekday: number; minute_of_day: number; until: string; time_zone: string }
    | undefined;
  return row
    ? {
        rule: { weekday: row.weekday, minuteOfDay: row.minute_of_day, until: row.until },
        timeZone: row.time_zone,
      }
    : undefined;
}

/**
 * Schedule the occurrence after `previousId` at `at`: a copy of it (text, title, link, buttons, their
 * translations, picture, feed or not, targeting; an offer's end kept as far after the send), waiting
 * for its time.
 */
export async function insertNextOccurrence(db: Db, previousId: string, at: Date): Promise<string> {
  const sql = executorOf(db);
  const { rows } = await sql.executeSql(
    `INSERT INTO notifications (establishment_id, author_id, text, title, link_url, actions, translations, rich_translations, recurrence_id,
                                media_id, in_feed, status, scheduled_for, created_at, valid_until, comments_enabled)
     SELECT establishment_id, author_id, text, title, link_url, actions, translations, rich_translations, recurrence_id,
            media_id, in_feed, 'scheduled', $2::timestamptz, $2::timestamptz,
            $2::timestamptz + (valid_until - COALESCE(scheduled_for, created_at)), comments_enabled
       FROM notifications WHERE id = $1
     RETURNING id`,
    [previousId, at.toISOString()],
  );
  const id = (rows[0] as { id: string }).id;
  await sql.executeSql(
    `INSERT INTO notification_targets (notification_id, preference_id, preference_name)
     SELECT $2, preference_id, preference_name FROM notification_targets WHERE notification_id = $1`,
    [previousId, id],
  );
  return id;
}
