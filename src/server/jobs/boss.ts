import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/client';

/** pg-boss itself: started on our executor, its queues created once, stopped without closing anything under it. */

export interface Log {
  error(obj: object, msg: string): void;
}

/**
 * Several processes starting together on one database (an API and its workers) install pg-boss's
 * schema and create the same queues at the same moment; PostgreSQL then reports a deadlock or a
 * duplicate to the losers. They wait a moment and try again, finding what the winner made.
 */
export async function racingProcesses(step: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 6 || (code !== '40P01' && code !== '23505')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

/** What pg-boss and our handlers still have under way, so a stop closes nothing under them. */
export interface InFlight {
  queries: number;
  handlers: number;
}

/** pg-boss over our executor, counting the queries it has under way (for a clean stop). */
export function createBoss(sql: SqlExecutor, log: Log, inFlight: InFlight, superviseSeconds = 30): PgBoss {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        inFlight.queries++;
        try {
          return await sql.executeSql(text, values);
        } finally {
          inFlight.queries--;
        }
      },
    },
    schema: 'pgboss',
    // Maintenance and monitoring are cheap; keep them but not chatty.
    monitorStateIntervalSeconds: 60,
    // Maintenance is what retries the jobs of a crashed worker once they expire.
    maintenanceIntervalSeconds: superviseSeconds,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  return boss;
}

/** Creates each queue once per process, with its retry policy and expiry. */
export function queueRegistry(boss: PgBoss) {
  const created = new Set<string>();
  return {
    has: (name: string) => created.has(name),
    async ensure(name: string, expireInSeconds?: number) {
      if (created.has(name)) return;
      const options = {
        name,
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
        ...(expireInSeconds ? { expireInSeconds } : {}),
      };
      await racingProcesses(async () => {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
      });
      if (expireInSeconds) await boss.updateQueue(name, options);
      created.add(name);
    },
  };
}

/**
 * pg-boss resolves stop() while a fetch already sent can still hand a job to a worker, and it
 * records each job's outcome after the handler returns: wait until neither runs (two quiet checks
 * in a row, at most 5 s), so the database is not closed under them (an unhandled "pool ended").
 */
export async function untilQuiet(inFlight: InFlight): Promise<void> {
  const until = Date.now() + 5000;
  for (let quiet = 0; quiet < 2 && Date.now() < until; ) {
    quiet = inFlight.queries === 0 && inFlight.handlers === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
