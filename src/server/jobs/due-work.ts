import type { Listen, SqlExecutor } from '../db/client';

/** The PostgreSQL channel on which a committed job's queue is announced to every process. */
export const JOBS_CHANNEL = 'broadcast_jobs';

/** Seconds between looks for due work when no announcement can arrive (PGlite: one process). */
const LOOK_SECONDS = 0.5;
/**
 * Seconds between looks when announcements arrive (PostgreSQL): a look then only finds what no
 * announcement covers (a job queued by pg-boss's own cron, an announcement lost in a reconnect).
 */
const LISTENING_LOOK_SECONDS = 2;

interface Log {
  error(obj: object, msg: string): void;
}

interface Options {
  sql: SqlExecutor;
  log: Log;
  /** Counts the look's query as under way, so a stop waits for it. */
  inFlight: { queries: number };
  /** Wakes an idle worker of this queue in this process. */
  wake(queue: string): void;
  /** Undefined where no other process can queue a job (PGlite: one process). */
  listen?: Listen;
}

/**
 * What wakes this process's workers when their queues have work, instead of every worker polling
 * its queue (30 queues polled twice a second cost an idle process a query every 17 ms):
 * - on PostgreSQL, the announcement of a committed job (`announce` in the queuing transaction), at once;
 * - one look over all the worked queues, which also finds the first job coming due later (a retry,
 *   a scheduled send) and looks again at that moment.
 */
export function watchDueWork({ sql, log, inFlight, wake, listen }: Options) {
  const queues: string[] = [];
  let looking = false;
  let stopped = false;
  let nextLook: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  const interval = (listen ? LISTENING_LOOK_SECONDS : LOOK_SECONDS) * 1000;

  const lookAgainIn = (ms: number) => {
    clearTimeout(nextLook);
    if (stopped) return;
    nextLook = setTimeout(look, Math.max(0, Math.min(ms, interval)));
    nextLook.unref();
  };

  async function look() {
    if (looking || stopped) return;
    if (queues.length === 0) return lookAgainIn(interval);
    looking = true;
    inFlight.queries++;
    let nextDue: number | undefined;
    try {
      // pg-boss's fetch index (job_i5: name, start_after, of the jobs not yet active): one probe per
      // queue for a job due now, one for the first due later.
      const { rows } = await sql.executeSql(
        `SELECT q.name,
                EXISTS (SELECT 1 FROM pgboss.job j
                        WHERE j.name = q.name AND j.state < 'active' AND j.start_after < now()) AS due,
                (SELECT extract(epoch FROM min(j.start_after) - now()) FROM pgboss.job j
                 WHERE j.name = q.name AND j.state < 'active' AND j.start_after >= now()) AS due_in
         FROM unnest($1::text[]) AS q(name)`,
        [queues],
      );
      for (const row of rows as { name: string; due: boolean; due_in: string | number | null }[]) {
        if (row.due) wake(row.name);
        if (row.due_in !== null) {
          const ms = Number(row.due_in) * 1000;
          nextDue = nextDue === undefined ? ms : Math.min(nextDue, ms);
        }
      }
    } catch (error) {
      if (!stopped) log.error({ err: error }, 'job queue error');
    } finally {
      inFlight.queries--;
      looking = false;
    }
    // A few milliseconds past the due time: pg-boss takes a job once start_after < now().
    lookAgainIn(nextDue === undefined ? interval : nextDue + 5);
  }

  return {
    /** Watch this queue too (its workers have started in this process). */
    add(queue: string) {
      queues.push(queue);
    },
    async start() {
      if (listen) {
        stopListening = await listen(JOBS_CHANNEL, (queue) => {
          if (queues.includes(queue)) wake(queue);
        });
      }
      lookAgainIn(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(nextLook);
      await stopListening?.();
    },
  };
}

/**
 * Announce that a job of `queue` is queued. Through a transaction's connection the announcement
 * is delivered when (and only if) it commits, when the job is visible to the other processes.
 */
export async function announce(sql: SqlExecutor, queue: string): Promise<void> {
  await sql.executeSql('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, queue]);
}
