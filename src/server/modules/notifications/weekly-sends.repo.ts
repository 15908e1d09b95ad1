import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { WeeklyRule } from '../../../shared/recurrence';
import { type Db, executorOf } from '../../db/client';
import { recurringSends } from '../../db/schema';

/** Weekly sends: the rule, and the copy of an occurrence that becomes the next one. */

export async function insertWeeklyRule(
  db: Db,
  rule: WeeklyRule & { establishmentId: string; authorId: string; localTime: boolean },
): Promise<string> {
  const [row] = await db
    .insert(recurringSends)
    .values({
      establishmentId: rule.establishmentId,
      authorId: rule.authorId,
      weekdays: rule.weekdays,
      minuteOfDay: rule.minuteOfDay,
      until: rule.until,
      localTime: rule.localTime,
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
    `SELECT r.weekdays, r.minute_of_day, r.until, e.time_zone
       FROM recurring_sends r JOIN establishments e ON e.id = r.establishment_id
      WHERE r.id = $1 AND r.ended_at IS NULL`,
    [id],
  );
  const row = rows[0] as
    | { weekdays: number[]; minute_of_day: number; until: string | null; time_zone: string }
    | undefined;
  return row
    ? {
        rule: { weekdays: row.weekdays, minuteOfDay: row.minute_of_day, until: row.until },
        timeZone: row.time_zone,
      }
    : undefined;
}

/**
 * Schedule the occurrence after `previousId` at `at`: a copy of it (text, title, link, buttons, their
 * translations, picture, feed or not, targeting; an offer's end kept as far after the send) on the
 * rule's clock (business or each follower's), waiting for its time.
 */
export async function insertNextOccurrence(db: Db, previousId: string, at: Date): Promise<string> {
  const sql = executorOf(db);
  const { rows } = await sql.executeSql(
    `INSERT INTO notifications (establishment_id, author_id, text, title, link_url, actions, translations, rich_translations, recurrence_id,
                                media_id, in_feed, local_time, status, scheduled_for, created_at, valid_until, comments_enabled)
     SELECT establishment_id, author_id, text, title, link_url, actions, translations, rich_translations, recurrence_id,
            media_id, in_feed,
            -- The rule's clock: "this send only" at another clock stays this send's.
            COALESCE((SELECT r.local_time FROM recurring_sends r WHERE r.id = recurrence_id), local_time),
            'scheduled', $2::timestamptz, $2::timestamptz,
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

/** A weekly send with its business (clock, registrar, block), ended or not; undefined when none. */
export async function findRule(db: Db, id: string) {
  const { rows } = await executorOf(db).executeSql(
    `SELECT r.id, r.establishment_id, r.author_id, r.ended_at, e.name AS establishment_name, e.time_zone,
            e.registered_by_id, e.blocked_at, e.deleted_at
       FROM recurring_sends r JOIN establishments e ON e.id = r.establishment_id
      WHERE r.id = $1`,
    [id],
  );
  const row = rows[0] as
    | {
        id: string;
        establishment_id: string;
        author_id: string | null;
        ended_at: Date | null;
        establishment_name: string;
        time_zone: string;
        registered_by_id: string | null;
        blocked_at: Date | null;
        deleted_at: Date | null;
      }
    | undefined;
  return row && !row.deleted_at
    ? {
        id: row.id,
        establishmentId: row.establishment_id,
        establishmentName: row.establishment_name,
        authorId: row.author_id,
        ended: row.ended_at !== null,
        timeZone: row.time_zone,
        registeredById: row.registered_by_id,
        blocked: row.blocked_at !== null,
      }
    : undefined;
}

/**
 * A running weekly send's waiting occurrence, held until the transaction ends (a scheduler run
 * holding it is waited for: once that released it, none is answered). Undefined when none waits.
 */
export async function lockWaitingOccurrence(db: Db, ruleId: string) {
  const { rows } = await executorOf(db).executeSql(
    `SELECT n.id, n.text, n.scheduled_for FROM notifications n
       JOIN recurring_sends r ON r.id = n.recurrence_id AND r.ended_at IS NULL
      WHERE n.recurrence_id = $1 AND n.status = 'scheduled' AND n.deleted_at IS NULL
      FOR UPDATE OF n`,
    [ruleId],
  );
  const row = rows[0] as { id: string; text: string; scheduled_for: Date | string } | undefined;
  return row ? { id: row.id, text: row.text, scheduledFor: new Date(row.scheduled_for) } : undefined;
}

/**
 * A running weekly send's new rule (localTime undefined: as it was), its waiting occurrence
 * `waitingId` following it; false when it ended meanwhile.
 */
export async function changeRule(
  db: Db,
  id: string,
  rule: WeeklyRule & { localTime?: boolean | undefined },
  waitingId: string,
): Promise<boolean> {
  const sql = executorOf(db);
  const { rows } = await sql.executeSql(
    `UPDATE recurring_sends SET weekdays = $2::smallint[], minute_of_day = $3, until = $4,
            local_time = COALESCE($5::boolean, local_time)
      WHERE id = $1 AND ended_at IS NULL RETURNING local_time`,
    [id, `{${rule.weekdays.join(',')}}`, rule.minuteOfDay, rule.until, rule.localTime ?? null],
  );
  const changed = rows[0] as { local_time: boolean } | undefined;
  if (!changed) return false;
  // The occurrences copy the waiting one: it carries the rule's clock on.
  await sql.executeSql(`UPDATE notifications SET local_time = $2 WHERE id = $1 AND status = 'scheduled'`, [
    waitingId,
    changed.local_time,
  ]);
  return true;
}

/** A waiting occurrence moved to `at`, its offer's end (if any) kept as far after it. */
export async function moveOccurrence(db: Db, id: string, at: Date): Promise<void> {
  await executorOf(db).executeSql(
    `UPDATE notifications
        SET scheduled_for = $2::timestamptz, created_at = $2::timestamptz,
            valid_until = valid_until + ($2::timestamptz - scheduled_for)
      WHERE id = $1 AND status = 'scheduled'`,
    [id, at.toISOString()],
  );
}

/** Pause a running weekly send (a paused one keeps its first pause); false once it has ended. */
export async function pauseRule(db: Db, id: string, at: Date): Promise<boolean> {
  const { rows } = await executorOf(db).executeSql(
    `UPDATE recurring_sends SET paused_at = coalesce(paused_at, $2::timestamptz)
      WHERE id = $1 AND ended_at IS NULL RETURNING id`,
    [id, at.toISOString()],
  );
  return rows.length > 0;
}

/** The scheduler releases its waiting send again. */
export async function resumeRule(db: Db, id: string): Promise<void> {
  await db.update(recurringSends).set({ pausedAt: null }).where(eq(recurringSends.id, id));
}
