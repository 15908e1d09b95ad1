import type { SqlExecutor } from '../../../db/client';

/** A push service that refuses our VAPID credentials; see the push_origin_pauses table. */
export interface OriginPause {
  origin: string;
  httpStatus: number;
  detail: string;
  probeAfter: Date;
}

/** A pause as stored. */
export interface PauseRow {
  origin: string;
  http_status: number;
  detail: string;
  probe_after: Date | string;
}

/** The pauses that hold for this VAPID key (a push batch reads them first). */
export async function findPauses(sql: SqlExecutor, vapidPublicKey: string): Promise<PauseRow[]> {
  const { rows } = await sql.executeSql(
    'SELECT origin, http_status, detail, probe_after FROM push_origin_pauses WHERE vapid_public_key = $1',
    [vapidPublicKey],
  );
  return rows as PauseRow[];
}

/** Pause rows by origin. */
export function pausesByOrigin(rows: PauseRow[]): Map<string, OriginPause> {
  const pauses = new Map<string, OriginPause>();
  for (const r of rows) {
    pauses.set(r.origin, {
      origin: r.origin,
      httpStatus: Number(r.http_status),
      detail: r.detail,
      probeAfter: new Date(r.probe_after),
    });
  }
  return pauses;
}

/** Pause an origin (or extend its pause) until `probeAfter`. */
export async function pauseOrigin(
  sql: SqlExecutor,
  vapidPublicKey: string,
  pause: OriginPause,
): Promise<void> {
  await sql.executeSql(
    `INSERT INTO push_origin_pauses (origin, vapid_public_key, http_status, detail, probe_after)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (origin, vapid_public_key)
     DO UPDATE SET http_status = excluded.http_status, detail = excluded.detail, probe_after = excluded.probe_after`,
    [pause.origin, vapidPublicKey, pause.httpStatus, pause.detail.slice(0, 300), pause.probeAfter],
  );
}

/** The origin accepts our credentials again: lift its pause and the notice on the sends it held. */
export async function resumeOrigin(sql: SqlExecutor, vapidPublicKey: string, origin: string): Promise<void> {
  const { rows } = await sql.executeSql(
    'DELETE FROM push_origin_pauses WHERE origin = $1 AND vapid_public_key = $2 RETURNING origin',
    [origin, vapidPublicKey],
  );
  if (rows.length === 0) return;
  await sql.executeSql(
    'UPDATE notifications SET error = NULL WHERE completed_at IS NULL AND starts_with(error, $1)',
    [noticePrefix(origin)],
  );
}

const noticePrefix = (origin: string) => `Deliveries to ${origin} are paused:`;

/** What the post page says while deliveries to this origin wait: which push service, and why. */
export function pausedNotice(pause: Pick<OriginPause, 'origin' | 'httpStatus' | 'detail'>): string {
  const said = pause.detail.trim() ? `: ${pause.detail.trim().slice(0, 200)}` : '';
  return `${noticePrefix(pause.origin)} this push service refuses our VAPID credentials (HTTP ${pause.httpStatus}${said}). They stay pending and resume as soon as it accepts them; check VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`;
}

/** Show the notice on a send that has deliveries waiting for this origin. */
export async function noticePaused(
  sql: SqlExecutor,
  notificationId: string,
  pause: OriginPause,
): Promise<void> {
  await sql.executeSql('UPDATE notifications SET error = $2 WHERE id = $1', [
    notificationId,
    pausedNotice(pause),
  ]);
}
