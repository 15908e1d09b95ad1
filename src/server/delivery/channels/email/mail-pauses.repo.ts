import type { SqlExecutor } from '../../../db/client';

/** The mail server unreachable, or refusing for now: see the mail_server_pauses table. */
export interface MailPause {
  server: string;
  smtpStatus: number | null;
  failures: number;
  since: Date;
  probeAfter: Date;
}

interface PauseRow {
  server: string;
  smtp_status: number | null;
  failures: number;
  since: Date | string;
  probe_after: Date | string;
}

const pauseOf = (r: PauseRow): MailPause => ({
  server: r.server,
  smtpStatus: r.smtp_status === null ? null : Number(r.smtp_status),
  failures: Number(r.failures),
  since: new Date(r.since),
  probeAfter: new Date(r.probe_after),
});

/** The mail server's pause, if it has one. */
export async function findMailPause(sql: SqlExecutor, server: string): Promise<MailPause | null> {
  const { rows } = await sql.executeSql(
    'SELECT server, smtp_status, failures, since, probe_after FROM mail_server_pauses WHERE server = $1',
    [server],
  );
  const row = (rows as PauseRow[])[0];
  return row ? pauseOf(row) : null;
}

/**
 * The mail server failed a send: pause it, or, when its probe was due, count one more failure and
 * wait twice as long (from `minSeconds`, at most `maxSeconds`). Several emails failing at once
 * count once: a pause not yet due is left as it is. Returns the pause as it now stands.
 */
export async function pauseMailServer(
  sql: SqlExecutor,
  server: string,
  failure: { smtpStatus: number | null; detail: string },
  minSeconds: number,
  maxSeconds: number,
): Promise<MailPause> {
  const { rows } = await sql.executeSql(
    `INSERT INTO mail_server_pauses AS p (server, smtp_status, detail, failures, probe_after)
     VALUES ($1, $2, $3, 1, now() + make_interval(secs => $4))
     ON CONFLICT (server) DO UPDATE
       SET smtp_status = excluded.smtp_status, detail = excluded.detail, failures = p.failures + 1,
           probe_after = now() + make_interval(secs => least($5::float8, $4::float8 * 2 ^ p.failures))
       WHERE p.probe_after <= now()
     RETURNING server, smtp_status, failures, since, probe_after`,
    [server, failure.smtpStatus, failure.detail.slice(0, 300), minSeconds, maxSeconds],
  );
  const row = (rows as PauseRow[])[0];
  if (row) return pauseOf(row);
  // Lifted between the two statements (another batch's email went through): probe again soon.
  return (
    (await findMailPause(sql, server)) ?? {
      server,
      smtpStatus: failure.smtpStatus,
      failures: 1,
      since: new Date(),
      probeAfter: new Date(Date.now() + minSeconds * 1000),
    }
  );
}

/** The mail server took an email: lift its pause. */
export async function resumeMailServer(sql: SqlExecutor, server: string): Promise<void> {
  await sql.executeSql('DELETE FROM mail_server_pauses WHERE server = $1', [server]);
}
