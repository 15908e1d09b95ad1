import { and, eq, sql } from 'drizzle-orm';
import type { AutomationKind } from '../../../shared/schemas/automation.schema';
import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { PostTranslations } from '../../../shared/schemas/post-translations';
import type { Db, SqlExecutor } from '../../db/client';
import { automations, notifications } from '../../db/schema';
import { occurrenceOf, pickedMembers } from './automation-rules.sql';

export type AutomationRow = typeof automations.$inferSelect;

/** The day a rule is looked at: the moment, the business's zone and its calendar date then. */
export interface RuleDay {
  establishmentId: string;
  at: Date;
  timeZone: string;
  day: string;
}

const ruleParams = (kind: AutomationKind, days: number | null, d: RuleDay) => [
  d.establishmentId,
  d.at.toISOString(),
  days ?? 0,
  d.timeZone,
  d.day,
  kind,
];

export async function listAutomations(db: Db, establishmentId: string): Promise<AutomationRow[]> {
  return db.select().from(automations).where(eq(automations.establishmentId, establishmentId));
}

export async function saveAutomation(
  db: Db,
  row: Pick<
    AutomationRow,
    'establishmentId' | 'kind' | 'enabled' | 'channels' | 'days' | 'text' | 'translations'
  > & {
    updatedById: string;
  },
): Promise<AutomationRow> {
  const [saved] = await db
    .insert(automations)
    .values(row)
    .onConflictDoUpdate({
      target: [automations.establishmentId, automations.kind],
      set: {
        enabled: row.enabled,
        channels: row.channels,
        days: row.days,
        text: row.text,
        translations: row.translations,
        updatedById: row.updatedById,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return saved!;
}

/** How many followers the automation would pick if it ran at this moment. */
export async function countPicked(
  sqlx: SqlExecutor,
  kind: AutomationKind,
  days: number | null,
  d: RuleDay,
): Promise<number> {
  const { rows } = await sqlx.executeSql(
    `SELECT count(*)::int AS n FROM (${pickedMembers(kind)}) picked`,
    ruleParams(kind, days, d),
  );
  return Number((rows[0] as { n: number }).n);
}

/**
 * The businesses whose daily run is due at `at`: an automation on, active, and their local hour at
 * or past `hour` on a local date not run yet. With each one's zone and that date.
 */
export async function dueRuns(sqlx: SqlExecutor, at: Date, hour: number) {
  const { rows } = await sqlx.executeSql(
    `SELECT e.id, e.time_zone, ($1::timestamptz AT TIME ZONE e.time_zone)::date::text AS day
       FROM establishments e
      WHERE e.id IN (SELECT establishment_id FROM automations WHERE enabled)
        AND e.active AND e.blocked_at IS NULL AND e.deleted_at IS NULL
        AND extract(hour FROM $1::timestamptz AT TIME ZONE e.time_zone) >= $2
        AND NOT EXISTS (SELECT 1 FROM automation_runs r
                         WHERE r.establishment_id = e.id
                           AND r.day = ($1::timestamptz AT TIME ZONE e.time_zone)::date)`,
    [at.toISOString(), hour],
  );
  return (rows as { id: string; time_zone: string; day: string }[]).map((r) => ({
    establishmentId: r.id,
    timeZone: r.time_zone,
    day: r.day,
  }));
}

/**
 * Claim a business's run of a day, in the run's transaction: false when it is done or another
 * worker is on it (that one's insert holds the key; this one waits, then finds it taken).
 */
export async function claimRun(sqlx: SqlExecutor, establishmentId: string, day: string): Promise<boolean> {
  const { rows } = await sqlx.executeSql(
    `INSERT INTO automation_runs (establishment_id, day) VALUES ($1, $2::date)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [establishmentId, day],
  );
  return rows.length > 0;
}

/** A business's automations that are on, with the text they send. */
export async function enabledAutomations(db: Db, establishmentId: string): Promise<AutomationRow[]> {
  return db
    .select()
    .from(automations)
    .where(and(eq(automations.establishmentId, establishmentId), eq(automations.enabled, true)));
}

/** The send an automation's run starts: in no feed, to the members listed for it. */
export async function insertAutomationSend(
  db: Db,
  a: {
    establishmentId: string;
    text: string;
    translations: PostTranslations;
    /** Phones only, or (null) each follower's choice. */
    channels: DeliveryChannel[] | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values({ ...a, inFeed: false, source: 'automation' })
    .returning({ id: notifications.id });
  return row!.id;
}

export async function deleteSend(db: Db, id: string) {
  await db.delete(notifications).where(eq(notifications.id, id));
}

/**
 * List the followers the automation picks today for the send `notificationId`, each once for
 * its occurrence (a second worker's or a rerun's insert of the same key does nothing). Returns how
 * many were listed.
 */
export async function listPicked(
  sqlx: SqlExecutor,
  kind: AutomationKind,
  days: number | null,
  d: RuleDay,
  notificationId: string,
): Promise<number> {
  const { rows } = await sqlx.executeSql(
    `INSERT INTO automation_recipients (establishment_id, kind, user_id, occurrence, notification_id, created_at)
     SELECT $1, $6, picked.user_id, ${occurrenceOf(kind)}, $7, $2 FROM (${pickedMembers(kind)}) picked
     ON CONFLICT DO NOTHING RETURNING 1`,
    [...ruleParams(kind, days, d), notificationId],
  );
  return rows.length;
}

/**
 * Each automation's last `weeks` weeks by the business's calendar (Monday first), oldest first:
 * the followers a send reached (a delivery was recorded) and of them those who clicked it.
 */
export async function weeklyFigures(
  sqlx: SqlExecutor,
  establishmentId: string,
  at: Date,
  timeZone: string,
  weeks: number,
) {
  const { rows: mondays } = await sqlx.executeSql(
    `SELECT to_char(generate_series(date_trunc('week', $1::timestamptz AT TIME ZONE $2) - make_interval(weeks => $3 - 1),
                                    date_trunc('week', $1::timestamptz AT TIME ZONE $2), interval '1 week'), 'YYYY-MM-DD') AS week`,
    [at.toISOString(), timeZone, weeks],
  );
  const weekList = (mondays as { week: string }[]).map((m) => m.week);
  const { rows } = await sqlx.executeSql(
    `SELECT r.kind, to_char(date_trunc('week', r.created_at AT TIME ZONE $2), 'YYYY-MM-DD') AS week,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM deliveries d
                              WHERE d.notification_id = r.notification_id AND d.user_id = r.user_id))::int AS sent,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM deliveries d
                              WHERE d.notification_id = r.notification_id AND d.user_id = r.user_id
                                AND d.clicked_at IS NOT NULL))::int AS opened
       FROM automation_recipients r
      WHERE r.establishment_id = $1 AND r.created_at >= ($3::date)::timestamp AT TIME ZONE $2
      GROUP BY 1, 2`,
    [establishmentId, timeZone, weekList[0]],
  );
  return {
    weeks: weekList,
    figures: rows as { kind: AutomationKind; week: string; sent: number; opened: number }[],
  };
}
