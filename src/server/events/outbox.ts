import type { AppContext } from '../context';
import { executorOf } from '../db/client';
import { consumersOf } from './consumers';
import { isStoredEvent } from './domain-event';
import { insertEvent } from './events.repo';
import type { Outbox } from './outbox-handle';

export type { Outbox } from './outbox-handle';

/**
 * Run `work` in one database transaction in which jobs are queued and domain events recorded too
 * (the transactional outbox): a row and the job that acts on it are stored together or not at all,
 * so a crash between the two cannot leave a notification never sent, a user never emailed or a
 * webhook never called. This process's workers are woken once the transaction has committed, when
 * the jobs are visible to them.
 */
export async function withOutbox<T>(ctx: AppContext, work: (outbox: Outbox) => Promise<T>): Promise<T> {
  const queued = new Set<string>();
  const consumers = consumersOf(ctx);
  const result = await ctx.db.transaction(async (db) => {
    const sql = executorOf(db);
    const outbox: Outbox = {
      db,
      async enqueue(job, payload, options = {}) {
        await ctx.jobs.send(job, payload, { ...options, db: sql });
        if (!options.startAfter) queued.add(job.queue);
      },
      async emit(event) {
        const recorded = isStoredEvent(event.type)
          ? await insertEvent(db, event)
          : { ...event, id: crypto.randomUUID(), at: event.at ?? new Date() };
        for (const consumer of consumers) {
          if (consumer.types.includes(event.type)) await consumer.on(recorded, outbox);
        }
      },
    };
    return work(outbox);
  });
  ctx.jobs.wake(queued);
  return result;
}
