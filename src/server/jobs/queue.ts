import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Listen, SqlExecutor } from '../db/client';
import type { QueueSizes } from '../lib/metrics';
import { createBoss, type InFlight, type Log, queueRegistry, racingProcesses, untilQuiet } from './boss';
import { announce, watchDueWork } from './due-work';

/** A job type: its queue name, its payload schema and its idempotent handler. */
export interface JobDefinition<S extends z.ZodType> {
  queue: string;
  payload: S;
  handle(payload: z.infer<S>): Promise<void>;
  /** Jobs of this queue run this many at a time in each process (default 1). */
  concurrency?: number;
  /** A job still running after this long is deemed crashed and retried (pg-boss default 15 min). */
  expireInSeconds?: number;
  /** A periodic job's cron (UTC): startWorkers queues it on this schedule, once across all processes. */
  schedule?: string;
}

export interface SendOptions {
  /** A job id derived from the work it does: sending the same id twice enqueues it once. */
  id?: string;
  /** Not before this time. */
  startAfter?: Date;
  /** Served before jobs of the same queue with a lower one (pg-boss fetches by priority, then age). */
  priority?: number;
  /**
   * Queue through this connection (a transaction's, see `withOutbox`): the job then exists only if
   * that transaction commits, and this process's workers are woken by the caller after the commit.
   */
  db?: SqlExecutor;
}

export interface JobQueue {
  send<S extends z.ZodType>(
    job: Pick<JobDefinition<S>, 'queue' | 'payload'>,
    payload: z.input<S>,
    options?: SendOptions,
  ): Promise<void>;
  /** Enqueue many jobs of one type in one statement; ids dedupe as in send(). */
  sendMany<S extends z.ZodType>(
    job: Pick<JobDefinition<S>, 'queue' | 'payload'>,
    items: { payload: z.input<S>; options?: SendOptions }[],
  ): Promise<void>;
  /**
   * Create these queues with their options (expiry). Called at start in every process, so that a
   * job queued inside a transaction never has to create its queue there.
   */
  declare(definitions: Pick<JobDefinition<z.ZodType>, 'queue' | 'expireInSeconds'>[]): Promise<void>;
  /** Wake this process's workers of these queues (after a transaction that queued jobs commits). */
  wake(queues: Iterable<string>): void;
  /**
   * The values of `data[key]` of this queue's jobs that are still to run or running (created,
   * retry, active): what the sweep must not queue again.
   */
  liveJobKeys(queue: string, key: string): Promise<Set<string>>;
  /** Throws when the queue's tables cannot be read (for /ready). */
  ping(): Promise<void>;
  /** Jobs waiting and active per queue, every queue of the database (for /metrics). */
  sizes(): Promise<QueueSizes>;
  /** Enqueue this job on a cron schedule (once across all processes). */
  schedule(job: Pick<JobDefinition<z.ZodType>, 'queue'>, cron: string): Promise<void>;
  /** Start taking jobs of these types in this process. */
  work(definitions: JobDefinition<z.ZodType>[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Seconds between a worker's own polls: only a safety net, as the watch for due work (due-work.ts),
 * a job queued by this process and a worker that has just finished one each wake a worker at once.
 */
const WORKER_POLL_SECONDS = 300;

/**
 * This process's workers of one queue. pg-boss 10 runs one job at a time per worker: concurrency
 * is several workers. They are woken when there is work (a worker that takes a job wakes one idle
 * sibling, which takes the next and wakes another: a burst spreads over them all), so their own
 * polls are only a safety net. Every worker polling twice a second kept an idle process and its
 * database busy doing nothing (bench:send-cost). Returns how to wake an idle one.
 */
async function startQueueWorkers(
  boss: PgBoss,
  def: JobDefinition<z.ZodType>,
  inFlight: InFlight,
): Promise<{ wakeOne: () => void }> {
  const workers: { id: string; busy: boolean }[] = [];
  // The idle workers in turn: wakes that come together (twenty sends committed at once) reach as
  // many workers, which fetch side by side. Always the first idle one, they reached one worker
  // whose fetch then woke the next: twenty fetches one after another before the last job started.
  let turn = 0;
  const wakeOne = () => {
    for (let i = 0; i < workers.length; i++) {
      const worker = workers[(turn + i) % workers.length]!;
      if (worker.busy) continue;
      turn = (turn + i + 1) % workers.length;
      boss.notifyWorker(worker.id);
      return;
    }
  };
  for (let i = 0; i < (def.concurrency ?? 1); i++) {
    const worker = { id: '', busy: false };
    const options = { pollingIntervalSeconds: WORKER_POLL_SECONDS, batchSize: 1 };
    worker.id = await boss.work(def.queue, options, async (jobs) => {
      worker.busy = true;
      wakeOne();
      inFlight.handlers++;
      try {
        for (const job of jobs) await def.handle(def.payload.parse(job.data));
      } finally {
        inFlight.handlers--;
        worker.busy = false;
        // Fetch again at once: pg-boss would first sleep out the rest of its polling
        // interval, leaving a send's next batch waiting while this worker is idle.
        boss.notifyWorker(worker.id);
      }
    });
    workers.push(worker);
  }
  return { wakeOne };
}

/**
 * This process's workers of every queue it works: how to wake an idle one when this process queues
 * a job (instead of waiting for a poll: a send should reach the first phones in well under a
 * second), when another process announces one, or when the look for due work finds one
 * (due-work.ts: a retry or a delayed job coming due, a job queued where no announcement is heard).
 */
function workerPool(boss: PgBoss, sql: SqlExecutor, log: Log, inFlight: InFlight, listen?: Listen) {
  const wakeIdle = new Map<string, () => void>();
  const wake = (queue: string) => wakeIdle.get(queue)?.();
  const dueWork = watchDueWork({ sql, log, inFlight, wake, listen });
  return {
    wake,
    startWatching: () => dueWork.start(),
    async start(def: JobDefinition<z.ZodType>) {
      const workers = await startQueueWorkers(boss, def, inFlight);
      wakeIdle.set(def.queue, workers.wakeOne);
      dueWork.add(def.queue);
    },
    stopWatching: () => dueWork.stop(),
  };
}

/** What the queue tables hold: for the sweep, /ready and /metrics. */
function queueReads(sql: SqlExecutor, boss: PgBoss): Pick<JobQueue, 'liveJobKeys' | 'ping' | 'sizes'> {
  return {
    async liveJobKeys(queue, key) {
      // pg-boss 10 keeps no index on data; the sweep runs once a minute over the unfinished jobs of one queue.
      const { rows } = await sql.executeSql(
        `SELECT DISTINCT data->>$2 AS key FROM pgboss.job WHERE name = $1 AND state < 'completed'`,
        [queue, key],
      );
      return new Set((rows as { key: string | null }[]).flatMap((r) => (r.key ? [r.key] : [])));
    },
    async ping() {
      await sql.executeSql('SELECT 1 FROM pgboss.queue LIMIT 1');
    },
    async sizes() {
      const sizes: QueueSizes = {};
      for (const { name } of await boss.getQueues()) {
        const waiting = await boss.getQueueSize(name, { before: 'active' });
        const unfinished = await boss.getQueueSize(name, { before: 'completed' });
        sizes[name] = { waiting: waiting ?? 0, active: Math.max(0, (unfinished ?? 0) - (waiting ?? 0)) };
      }
      return sizes;
    },
  };
}

/** Queuing jobs: one, many at once, or on a cron schedule; a job queued now wakes a worker here. */
function queueWrites(
  boss: PgBoss,
  queues: ReturnType<typeof queueRegistry>,
  wake: (queue: string) => void,
  /** Tells the other processes (PostgreSQL), through the queuing transaction when there is one. */
  announceTo?: (db: SqlExecutor | undefined, queue: string) => Promise<void>,
): Pick<JobQueue, 'send' | 'sendMany' | 'schedule'> {
  return {
    async send(job, payload, { db, ...options } = {}) {
      if (db && !queues.has(job.queue)) throw new Error(`queue ${job.queue} is not declared`);
      await queues.ensure(job.queue);
      await boss.send(job.queue, job.payload.parse(payload) as object, { ...options, ...(db ? { db } : {}) });
      if (options.startAfter) return;
      await announceTo?.(db, job.queue);
      if (!db) wake(job.queue);
    },
    async sendMany(job, items) {
      if (items.length === 0) return;
      await queues.ensure(job.queue);
      await boss.insert(
        items.map((item) => ({
          name: job.queue,
          data: job.payload.parse(item.payload) as object,
          ...(item.options?.id ? { id: item.options.id } : {}),
          ...(item.options?.startAfter ? { startAfter: item.options.startAfter } : {}),
          ...(item.options?.priority ? { priority: item.options.priority } : {}),
        })),
      );
      await announceTo?.(undefined, job.queue);
      wake(job.queue);
    },
    async schedule(job, cron) {
      await queues.ensure(job.queue);
      await boss.schedule(job.queue, cron, {});
    },
  };
}

/** pg-boss on the application's own database (PGlite through its executor, or PostgreSQL). */
export async function startJobQueue(
  sql: SqlExecutor,
  log: Log,
  options: { superviseSeconds?: number; listen?: Listen } = {},
): Promise<JobQueue> {
  // What pg-boss and our handlers still have under way, so stop() closes nothing under them.
  const inFlight: InFlight = { queries: 0, handlers: 0 };
  const boss = createBoss(sql, log, inFlight, options.superviseSeconds);
  await racingProcesses(() => boss.start());
  const queues = queueRegistry(boss);
  const workers = workerPool(boss, sql, log, inFlight, options.listen);
  await workers.startWatching();
  // Other processes hear of a job queued here only where they can listen (PostgreSQL).
  const announceTo = options.listen
    ? (db: SqlExecutor | undefined, queue: string) => announce(db ?? sql, queue)
    : undefined;

  return {
    ...queueReads(sql, boss),
    ...queueWrites(boss, queues, workers.wake, announceTo),
    async declare(definitions) {
      for (const def of definitions) {
        await queues.ensure(def.queue, def.expireInSeconds);
      }
    },
    wake(names) {
      for (const queue of names) workers.wake(queue);
    },
    async work(definitions) {
      for (const def of definitions) {
        await queues.ensure(def.queue, def.expireInSeconds);
        await workers.start(def);
      }
    },
    async stop() {
      await workers.stopWatching();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      await untilQuiet(inFlight);
    },
  };
}
