import type { SqlExecutor } from '../../db/client';
import type { ComplaintSource } from '../../db/schema';

/** Spam complaints, the complaint share of a business, and the pause of its email: SQL only. */

/** The window a complaint share is counted over. */
export const SHARE_DAYS = 7;

/**
 * Record a complaint about one message, once: answers false when that message of that business
 * was reported already (by this source or another). The follower is named only while their account
 * exists; the complaint counts either way.
 */
export async function insertComplaint(
  sql: SqlExecutor,
  c: { establishmentId: string; userId: string; messageKey: string; source: ComplaintSource },
): Promise<boolean> {
  const { rows } = await sql.executeSql(
    `INSERT INTO email_complaints (establishment_id, user_id, message_key, source)
     VALUES ($1, (SELECT id FROM users WHERE id = $2), $3, $4)
     ON CONFLICT (establishment_id, message_key) DO NOTHING RETURNING id`,
    [c.establishmentId, c.userId, c.messageKey, c.source],
  );
  return rows.length > 0;
}

/** The business a complaint names, if it exists (deleted ones too: their complaints are history). */
export async function establishmentExists(sql: SqlExecutor, establishmentId: string): Promise<boolean> {
  const { rows } = await sql.executeSql('SELECT 1 FROM establishments WHERE id = $1', [establishmentId]);
  return rows.length > 0;
}

/** Complaints and emails delivered over a window. */
export interface ComplaintShare {
  complaints: number;
  emails: number;
}

/**
 * A business's complaints and the emails it delivered over the last SHARE_DAYS days, or since its
 * email was last let go again when that is later (a lifted pause starts a new count). Emails are
 * its email deliveries the mail server accepted; a send's emails are decided within a day of it.
 */
export async function complaintShare(sql: SqlExecutor, establishmentId: string): Promise<ComplaintShare> {
  const { rows } = await sql.executeSql(
    `WITH since AS (
       SELECT greatest(now() - make_interval(days => $2),
                       coalesce((SELECT max(lifted_at) FROM email_pauses WHERE establishment_id = $1),
                                '-infinity'::timestamptz)) AS at)
     SELECT (SELECT count(*) FROM email_complaints c
              WHERE c.establishment_id = $1 AND c.received_at >= (SELECT at FROM since))::int AS complaints,
            (SELECT count(*) FROM notifications n JOIN deliveries d ON d.notification_id = n.id
              WHERE n.establishment_id = $1 AND n.created_at >= (SELECT at FROM since) - interval '1 day'
                AND d.channel = 'email' AND d.outcome = 'sent'
                AND d.decided_at >= (SELECT at FROM since))::int AS emails`,
    [establishmentId, SHARE_DAYS],
  );
  const row = rows[0] as { complaints: number; emails: number };
  return { complaints: Number(row.complaints), emails: Number(row.emails) };
}

/** A business's email paused, with the figures that paused it. */
export interface EmailPause {
  id: string;
  establishmentId: string;
  pausedAt: Date;
  complaints: number;
  emails: number;
}

interface PauseRow {
  id: string;
  establishment_id: string;
  paused_at: Date | string;
  complaints: number;
  emails: number;
}

const toPause = (r: PauseRow): EmailPause => ({
  id: r.id,
  establishmentId: r.establishment_id,
  pausedAt: new Date(r.paused_at),
  complaints: Number(r.complaints),
  emails: Number(r.emails),
});

/**
 * Pause a business's email with these figures; undefined when it is paused already (two
 * complaints at once pause it once, and its people are told once).
 */
export async function pauseEmail(
  sql: SqlExecutor,
  establishmentId: string,
  share: ComplaintShare,
): Promise<EmailPause | undefined> {
  const { rows } = await sql.executeSql(
    `INSERT INTO email_pauses (establishment_id, complaints, emails) VALUES ($1, $2, $3)
     ON CONFLICT (establishment_id) WHERE lifted_at IS NULL DO NOTHING
     RETURNING id, establishment_id, paused_at, complaints, emails`,
    [establishmentId, share.complaints, share.emails],
  );
  const row = rows[0] as PauseRow | undefined;
  return row ? toPause(row) : undefined;
}

/** The business's email pause in force, if any. */
export async function activePause(
  sql: SqlExecutor,
  establishmentId: string,
): Promise<EmailPause | undefined> {
  const { rows } = await sql.executeSql(
    `SELECT id, establishment_id, paused_at, complaints, emails FROM email_pauses
      WHERE establishment_id = $1 AND lifted_at IS NULL`,
    [establishmentId],
  );
  const row = rows[0] as PauseRow | undefined;
  return row ? toPause(row) : undefined;
}

/** A pause by id, with its business's name (the notice to its people). */
export async function pauseWithBusiness(sql: SqlExecutor, pauseId: string) {
  const { rows } = await sql.executeSql(
    `SELECT p.id, p.establishment_id, p.paused_at, p.complaints, p.emails, p.lifted_at, e.name
       FROM email_pauses p JOIN establishments e ON e.id = p.establishment_id WHERE p.id = $1`,
    [pauseId],
  );
  const row = rows[0] as (PauseRow & { name: string; lifted_at: Date | string | null }) | undefined;
  return row ? { ...toPause(row), name: row.name, lifted: row.lifted_at !== null } : undefined;
}

/** Every pause in force, newest first, with its business (the admins' list). */
export async function activePauses(sql: SqlExecutor) {
  const { rows } = await sql.executeSql(
    `SELECT p.id, p.establishment_id, p.paused_at, p.complaints, p.emails, e.name
       FROM email_pauses p JOIN establishments e ON e.id = p.establishment_id
      WHERE p.lifted_at IS NULL AND e.deleted_at IS NULL
      ORDER BY p.paused_at DESC LIMIT 500`,
    [],
  );
  return (rows as (PauseRow & { name: string })[]).map((r) => ({ ...toPause(r), name: r.name }));
}

/** Let a business's email go again; the pause lifted, or undefined when there was none. */
export async function liftPause(
  sql: SqlExecutor,
  establishmentId: string,
  adminId: string,
): Promise<EmailPause | undefined> {
  const { rows } = await sql.executeSql(
    `UPDATE email_pauses SET lifted_at = now(), lifted_by = $2
      WHERE establishment_id = $1 AND lifted_at IS NULL
      RETURNING id, establishment_id, paused_at, complaints, emails`,
    [establishmentId, adminId],
  );
  const row = rows[0] as PauseRow | undefined;
  return row ? toPause(row) : undefined;
}

/** Whom a pause is told: the business's operators and the admins, with a confirmed address. */
export async function peopleToTell(sql: SqlExecutor, establishmentId: string, adminRole: string) {
  const { rows } = await sql.executeSql(
    `SELECT u.email, u.first_name, u.language, u.role = $2 AS admin FROM users u
      WHERE u.email_verified AND u.email <> ''
        AND (u.role = $2 OR EXISTS (SELECT 1 FROM memberships m
              WHERE m.user_id = u.id AND m.establishment_id = $1 AND m.kind = 'client'))
      ORDER BY u.email`,
    [establishmentId, adminRole],
  );
  return (rows as { email: string; first_name: string; language: string; admin: boolean }[]).map((r) => ({
    email: r.email,
    firstName: r.first_name,
    language: r.language,
    admin: Boolean(r.admin),
  }));
}

/**
 * Take a provider's signing token for this event: 'new', 'same' (this event again, a retry) or
 * 'other' (the token came with another event: a replay). Tokens older than a day are let go.
 */
export async function takeWebhookToken(
  sql: SqlExecutor,
  token: string,
  eventId: string,
): Promise<'new' | 'same' | 'other'> {
  await sql.executeSql("DELETE FROM inbound_webhook_tokens WHERE seen_at < now() - interval '1 day'", []);
  const { rows } = await sql.executeSql(
    `WITH taken AS (
       INSERT INTO inbound_webhook_tokens (token, event_id) VALUES ($1, $2)
       ON CONFLICT (token) DO NOTHING RETURNING event_id)
     SELECT (SELECT count(*) FROM taken)::int AS taken,
            (SELECT event_id FROM inbound_webhook_tokens WHERE token = $1) AS earlier`,
    [token, eventId],
  );
  const row = rows[0] as { taken: number; earlier: string | null };
  if (Number(row.taken) > 0) return 'new';
  return row.earlier === eventId ? 'same' : 'other';
}
