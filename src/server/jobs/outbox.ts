import type { z } from 'zod';
import type { AppContext } from '../context';
import { type Db, executorOf } from '../db/client';
import type { JobDefinition, SendOptions } from './queue';

/** What a transaction's work gets: its Drizzle handle and a way to queue jobs that commit with it. */
export interface Outbox {
  db: Db;
  enqueue<S extends z.ZodType>(
    job: Pick<JobDefinition<S>, 'queue' | 'payload'>,
    payload: z.input<S>,
    options?: Omit<SendOptions, 'db'>,
  ): Promise<void>;
}

/**
 * Run `work` in one database transaction in which jobs are queued too (the transactional outbox):
 * a row and the job that acts on it are stored together or not at all, so a crash between the two
 * cannot leave a notification never sent or a user never emailed. This process's workers are woken
 * once the transaction has committed, when the jobs are visible to them.
 */
export async function withOutbox<T>(ctx: AppContext, work: (outbox: Outbox) => Promise<T>): Promise<T> {
  const queued = new Set<string>();
  const result = await ctx.db.transaction(async (db) => {
    const sql = executorOf(db);
    return work({
      db,
      async enqueue(job, payload, options = {}) {
        await ctx.jobs.send(job, payload, { ...options, db: sql });
        if (!options.startAfter) queued.add(job.queue);
      },
    });
  });
  ctx.jobs.wake(queued);
  return result;
}
