import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { SqlExecutor } from '../db/client';
import type { QueueSizes } from '../lib/metrics';

/** A job type: its queue name, its payload schema and its idempotent handler. */
export interface JobDefinition<S extends z.ZodType> {
  queue: string;
  payload: S;
  handle(payload: z.infer<S>): Promise<void>;
  /** Jobs of this queue run this many at a time in each process (default 1). */
  concurrency?: number;
  /** A job still running after this long is deemed crashed and retried (pg-boss default 15 min). */
  expireInSeconds?: number;
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

/** Seconds between polls of a queue's first worker in each process. */
const POLL_SECONDS = 0.5;
/** Seconds between polls of its other workers, which are woken when the queue has work. */
const SIBLING_POLL_SECONDS = 10;

interface Log {
  error(obj: object, msg: string): void;
}

/**
 * Several processes starting together on one database (an API and its workers) install pg-boss's
 * schema and create the same queues at the same moment; PostgreSQL then reports a deadlock or a
 * duplicate to the losers. They wait a moment and try again, finding what the winner made.
 */
async function racingProcesses(step: () => Promise<unknown>): Promise<void> {
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

interface InFlight {
  queries: number;
  handlers: number;
}

/** pg-boss over our executor, counting the queries it has under way (for a clean stop). */
function createBoss(sql: SqlExecutor, log: Log, inFlight: InFlight, superviseSeconds = 30): PgBoss {
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
function queueRegistry(boss: PgBoss) {
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
 * This process's workers of one queue. pg-boss 10 runs one job at a time per worker: concurrency
 * is several workers. The first polls; the others are woken when there is work (a worker that
 * takes a job wakes one idle sibling, which takes the next and wakes another: a burst spreads over
 * them all), so their own polls are only a safety net. Every worker polling twice a second kept an
 * idle process and its database busy doing nothing (bench:send-cost). Returns how to wake an idle
 * one, and a poll in the first's place while it is busy.
 */
async function startWorkers(
  boss: PgBoss,
  def: JobDefinition<z.ZodType>,
  inFlight: InFlight,
): Promise<{ wakeOne: () => void; pollInPlace: () => void }> {
  const workers: { id: string; busy: boolean }[] = [];
  const wakeOne = () => {
    const idle = workers.find((worker) => !worker.busy);
    if (idle) boss.notifyWorker(idle.id);
  };
  for (let i = 0; i < (def.concurrency ?? 1); i++) {
    const worker = { id: '', busy: false };
    const pollingIntervalSeconds = i === 0 ? POLL_SECONDS : SIBLING_POLL_SECONDS;
    worker.id = await boss.work(def.queue, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
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
  return {
    wakeOne,
    pollInPlace: () => {
      if (workers[0]?.busy) wakeOne();
    },
  };
}

/**
 * pg-boss resolves stop() while a fetch already sent can still hand a job to a worker, and it
 * records each job's outcome after the handler returns: wait until neither runs (two quiet checks
 * in a row, at most 5 s), so the database is not closed under them (an unhandled "pool ended").
 */
async function untilQuiet(inFlight: InFlight): Promise<void> {
  const until = Date.now() + 5000;
  for (let quiet = 0; quiet < 2 && Date.now() < until; ) {
    quiet = inFlight.queries === 0 && inFlight.handlers === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** pg-boss on the application's own database (PGlite through its executor, or PostgreSQL). */
export async function startJobQueue(
  sql: SqlExecutor,
  log: Log,
  options: { superviseSeconds?: number } = {},
): Promise<JobQueue> {
  // What pg-boss and our handlers still have under way, so stop() closes nothing under them.
  const inFlight: InFlight = { queries: 0, handlers: 0 };
  const boss = createBoss(sql, log, inFlight, options.superviseSeconds);
  await racingProcesses(() => boss.start());
  const queues = queueRegistry(boss);
  // Per queue, how to wake one of this process's idle workers: when this process queues a job,
  // instead of waiting for a poll (a send should reach the first phones in well under a second).
  const wakeIdle = new Map<string, () => void>();
  const wake = (queue: string) => wakeIdle.get(queue)?.();
  // While a queue's polling worker is busy with a long job (an email batch paced by its provider,
  // a slow webhook), an idle sibling polls in its place, so a job queued by another process still
  // starts within POLL_SECONDS.
  const pollers: (() => void)[] = [];
  const pollInPlace = setInterval(() => {
    for (const poll of pollers) poll();
  }, POLL_SECONDS * 1000);
  pollInPlace.unref();

  return {
    async declare(definitions) {
      for (const def of definitions) {
        await queues.ensure(def.queue, def.expireInSeconds);
      }
    },
    wake(names) {
      for (const queue of names) wake(queue);
    },
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
    async send(job, payload, { db, ...options } = {}) {
      if (db && !queues.has(job.queue)) throw new Error(`queue ${job.queue} is not declared`);
      await queues.ensure(job.queue);
      await boss.send(job.queue, job.payload.parse(payload) as object, { ...options, ...(db ? { db } : {}) });
      if (!options.startAfter && !db) wake(job.queue);
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
      wake(job.queue);
    },
    async schedule(job, cron) {
      await queues.ensure(job.queue);
      await boss.schedule(job.queue, cron, {});
    },
    async work(definitions) {
      for (const def of definitions) {
        await queues.ensure(def.queue, def.expireInSeconds);
        const workers = await startWorkers(boss, def, inFlight);
        wakeIdle.set(def.queue, workers.wakeOne);
        pollers.push(workers.pollInPlace);
      }
    },
    async stop() {
      clearInterval(pollInPlace);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      await untilQuiet(inFlight);
    },
  };
}
