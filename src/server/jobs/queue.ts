import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { SqlExecutor } from '../db/client';

/** A job type: its queue name, its payload schema and its idempotent handler. */
export interface JobDefinition<S extends z.ZodType> {
  queue: string;
  payload: S;
  handle(payload: z.infer<S>): Promise<void>;
}

export interface JobQueue {
  send<S extends z.ZodType>(
    job: Pick<JobDefinition<S>, 'queue' | 'payload'>,
    payload: z.input<S>,
  ): Promise<void>;
  /** Start taking jobs of these types in this process. */
  work(definitions: JobDefinition<z.ZodType>[]): Promise<void>;
  stop(): Promise<void>;
}

interface Log {
  error(obj: object, msg: string): void;
}

/** pg-boss on the application's own database (PGlite through its executor, or PostgreSQL). */
export async function startJobQueue(sql: SqlExecutor, log: Log): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => sql.executeSql(text, values) },
    schema: 'pgboss',
    // Maintenance and monitoring are cheap; keep them but not chatty.
    monitorStateIntervalSeconds: 60,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 5, retryBackoff: true });
    created.add(name);
  };

  return {
    async send(job, payload) {
      await ensureQueue(job.queue);
      await boss.send(job.queue, job.payload.parse(payload) as object);
    },
    async work(definitions) {
      for (const def of definitions) {
        await ensureQueue(def.queue);
        await boss.work(def.queue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await def.handle(def.payload.parse(job.data));
        });
      }
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}
