import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startWorkers } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type SqlExecutor } from '../../src/server/db/client';
import { countOutcomes } from '../../src/server/delivery';
import { send } from '../../src/server/modules/notifications/compose.service';
import { createWorkerContext } from '../../src/server/worker-context';
import type { Actor } from '../../src/shared/permissions';
import { databaseUrl, freshPostgresDatabase, onServer } from '../support/postgres';
import { type CpuSpan, cpuMeter, type MemoryPeak, memorySampler, processCpuSeconds } from './measure';
import type { PushServiceProcess } from './push-service';
import { makeSubscribers } from './subscribers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Rows per bulk insert while seeding. The report triggers on `memberships` update the same counter
 * rows once per membership, a cost per row that grows with the statement's size
 * (docs/benchmarks.md#fan-out).
 */
const SEED_CHUNK = 1000;
/** Give up when the push service sees no new delivery for this long. */
const STALL_MS = 120_000;

export interface PipelineResult {
  database: 'pglite' | 'postgres';
  extraWorkers: number;
  subscribers: number;
  seedSeconds: number;
  /** send() to done. */
  seconds: number;
  /** send() returned (202 in the API). */
  acceptedAfterMs: number;
  /** When the poller first saw the audience taken and every batch handed out; first and last delivery. */
  batchesDoneAfterMs: number | null;
  firstDeliveryAfterMs: number | null;
  lastDeliveryAfterMs: number | null;
  sent: number;
  failed: number;
  gone: number;
  pending: number;
  status: string;
  accepted: number;
  refused: number;
  perSecond: number;
  memory: MemoryPeak;
  seedMemory: MemoryPeak;
  cpu: CpuSpan;
  /** % of one core for each extra worker process. */
  workerCpu: number[];
  /** CPU seconds of the extra worker processes together. */
  workerCpuSeconds: number;
  /**
   * PostgreSQL only, when its processes are on this machine: CPU seconds of the server processes
   * serving this run's database (its backends; not the WAL writer or checkpointer) while sending.
   */
  databaseCpuSeconds: number | null;
}

/** CPU seconds so far of each server process connected to this database; null off PostgreSQL or /proc. */
async function backendCpu(sql: SqlExecutor): Promise<Map<number, number> | null> {
  const { rows } = await sql.executeSql(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    [],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    const seconds = processCpuSeconds(Number(pid));
    if (seconds !== null) cpu.set(Number(pid), seconds);
  }
  return cpu.size > 0 ? cpu : null;
}

interface Options {
  subscribers: number;
  /** A postgres URL: a fresh database on that server; unset: PGlite under dataDir. */
  serverUrl: string | undefined;
  dataDir: string;
  extraWorkers: number;
  /**
   * PostgreSQL only: keep the seeded audience as a template database (`bench_fanout_seed_<N>`) and
   * copy it in later runs of the same size instead of seeding again (a million takes minutes to
   * seed, docs/benchmarks.md#fan-out).
   */
  keepSeed: boolean;
  pushService: PushServiceProcess;
  vapid: { publicKey: string; privateKey: string; subject: string };
  text: string;
  log: (line: string) => void;
}

/** One business, an admin who sends, and `count` customers following it with one real subscription each. */
export async function seed(sql: SqlExecutor, count: number, origin: string) {
  const adminId = randomUUID();
  const establishmentId = randomUUID();
  await sql.executeSql(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, role, email_verified)
     VALUES ($1, $2, 'not-a-hash', 'Bench', 'Admin', 'admin', true)`,
    [adminId, `admin-${adminId}@bench.test`],
  );
  await sql.executeSql(
    `INSERT INTO establishments (id, public_id, name, email, city, country)
     VALUES ($1, $2, 'Café Benchmark', 'cafe@bench.test', 'Bratislava', 'Slovakia')`,
    [establishmentId, `bench-${establishmentId.slice(0, 8)}`],
  );
  for (let done = 0; done < count; done += SEED_CHUNK) {
    // Keys made a chunk at a time and dropped: the pipeline's memory is what is measured after.
    const chunk = makeSubscribers(Math.min(SEED_CHUNK, count - done));
    const userIds = chunk.map((s) => s.userId);
    await sql.executeSql(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, email_verified)
       SELECT u.id, 'customer-' || u.id || '@bench.test', 'not-a-hash', 'Bench', 'Customer', true
         FROM unnest($1::uuid[]) AS u(id)`,
      [userIds],
    );
    await sql.executeSql(
      `INSERT INTO memberships (user_id, establishment_id, kind)
       SELECT u.id, $2, 'customer' FROM unnest($1::uuid[]) AS u(id)`,
      [userIds, establishmentId],
    );
    await sql.executeSql(
      `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth)
       SELECT s.id, s.user_id, $5 || s.id, s.p256dh, s.auth
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS s(id, user_id, p256dh, auth)`,
      [
        chunk.map((s) => s.id),
        userIds,
        chunk.map((s) => s.p256dh),
        chunk.map((s) => s.auth),
        `${origin}/push/`,
      ],
    );
  }
  await sql.executeSql('ANALYZE users, memberships, push_subscriptions', []).catch(() => {});
  const actor: Actor = { id: adminId, role: 'admin', emailVerified: true, establishments: [] };
  return { actor, establishmentId };
}

/** `npm run worker` processes against the same PostgreSQL, ready when they log that they started. */
async function startExtraWorkers(count: number, env: Record<string, string>): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/worker.ts')], {
        cwd: root,
        env: { ...process.env, ...env, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        const lines = createInterface({ input: child.stdout! });
        lines.on('line', (line) => {
          if (line.includes('worker started')) resolve();
          else if (/"level":(50|60)/.test(line)) process.stderr.write(`worker ${child.pid}: ${line}\n`);
        });
        child.once('exit', (code) =>
          reject(new Error(`A worker process exited (${code}) before it started`)),
        );
      });
      return child;
    }),
  );
}

/**
 * The kept audience of `count` for --keep-seed: a template database seeded by the first run of that
 * size (under another name until complete, so a run stopped while seeding leaves nothing to copy).
 */
async function keptSeed(serverUrl: string, count: number, dataDir: string, log: (line: string) => void) {
  const name = `bench_fanout_seed_${count}`;
  const partial = `${name}_partial`;
  const exists = await onServer(serverUrl, async (admin) => {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) {
      await admin.query(`DROP DATABASE IF EXISTS ${partial}`);
      await admin.query(`CREATE DATABASE ${partial}`);
    }
    return rows.length > 0;
  });
  if (exists) return name;
  log(`seeding ${count} subscriptions into ${name}, kept for later runs...`);
  const database = await openDatabase(databaseUrl(serverUrl, partial), dataDir);
  try {
    await database.migrate();
    // Any origin: each copy points the endpoints at its run's push service (adoptKeptSeed).
    await seed(database.sql, count, 'https://127.0.0.1:1');
  } finally {
    await database.close();
  }
  await onServer(serverUrl, (admin) => admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`));
  return name;
}

/** A copy of a kept audience, its endpoints at this run's push service: who sends, and where. */
async function adoptKeptSeed(sql: SqlExecutor, origin: string) {
  await sql.executeSql('UPDATE push_subscriptions SET endpoint = $1 || id', [`${origin}/push/`]);
  await sql.executeSql('VACUUM ANALYZE push_subscriptions', []);
  const { rows } = await sql.executeSql(
    `SELECT (SELECT id FROM users WHERE role = 'admin') AS admin_id, (SELECT id FROM establishments) AS establishment_id`,
    [],
  );
  const { admin_id: adminId, establishment_id: establishmentId } = rows[0] as {
    admin_id: string;
    establishment_id: string;
  };
  const actor: Actor = { id: adminId, role: 'admin', emailVerified: true, establishments: [] };
  return { actor, establishmentId };
}

export async function runPipeline(options: Options): Promise<PipelineResult> {
  const { pushService, log } = options;
  const template =
    options.serverUrl && options.keepSeed
      ? await keptSeed(options.serverUrl, options.subscribers, options.dataDir, log)
      : undefined;
  const fresh = options.serverUrl
    ? await freshPostgresDatabase(options.serverUrl, 'fanout', template)
    : undefined;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    DATABASE_URL: fresh?.url,
    PUSH_CA_FILE: pushService.caFile,
    // The local push service is the one push service these runs may reach.
    PUSH_ALLOWED_HOSTS: new URL(pushService.origin).host,
    LOG_LEVEL: 'warn',
    VAPID_PUBLIC_KEY: options.vapid.publicKey,
    VAPID_PRIVATE_KEY: options.vapid.privateKey,
    VAPID_SUBJECT: options.vapid.subject,
  };
  const config = loadConfig(env);
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  const workers: ChildProcess[] = [];
  try {
    await database.migrate();
    // As src/server/worker.ts builds its context.
    const ctx = await createWorkerContext(config, database, logger);
    const { jobs, push, mailer } = ctx;

    log(
      template
        ? `copying ${options.subscribers} subscriptions from ${template}...`
        : `seeding ${options.subscribers} subscriptions (${database.kind})...`,
    );
    const seedStarted = performance.now();
    const seedMemoryMeter = memorySampler();
    const { actor, establishmentId } = template
      ? await adoptKeptSeed(database.sql, pushService.origin)
      : await seed(database.sql, options.subscribers, pushService.origin);
    const seedMemory = seedMemoryMeter.stop();
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    await startWorkers(ctx);
    if (options.extraWorkers > 0) {
      log(`starting ${options.extraWorkers} extra worker process(es)...`);
      const workerEnv = Object.fromEntries(
        Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      workers.push(...(await startExtraWorkers(options.extraWorkers, workerEnv)));
    }
    const workerCpuBefore = workers.map((w) => processCpuSeconds(w.pid!) ?? 0);
    await pushService.resetStats();
    (globalThis as { gc?: () => void }).gc?.();

    const backendsBefore = database.kind === 'postgres' ? await backendCpu(database.sql) : null;
    log('sending...');
    const memory = memorySampler(100);
    const cpu = cpuMeter(pushService.pid);
    const started = performance.now();
    const startedWall = Date.now();
    const since = () => Math.round(performance.now() - started);
    const { post } = await send(ctx, actor, establishmentId, { text: options.text, post: true });
    const acceptedAfterMs = since();

    let batchesDoneAfterMs: number | null = null;
    let status = 'queued';
    let lastAccepted = 0;
    let lastProgressAt = performance.now();
    let lastPrintAt = performance.now();
    for (;;) {
      const { rows } = await database.sql.executeSql(
        'SELECT status, batches_done FROM notifications WHERE id = $1',
        [post.id],
      );
      const row = rows[0] as { status: string; batches_done: boolean };
      status = row.status;
      if (row.batches_done && batchesDoneAfterMs === null) batchesDoneAfterMs = since();
      if (status === 'done' || status === 'halted') break;
      if (performance.now() - lastPrintAt > 2000) {
        lastPrintAt = performance.now();
        const { accepted } = await pushService.stats();
        log(`  ${(since() / 1000).toFixed(1)} s: ${accepted} delivered`);
        if (accepted !== lastAccepted) {
          lastAccepted = accepted;
          lastProgressAt = performance.now();
        } else if (performance.now() - lastProgressAt > STALL_MS) {
          log(`  no delivery for ${STALL_MS / 1000} s: giving up`);
          break;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const counts = await countOutcomes(database.sql, post.id);
    const seconds = (performance.now() - started) / 1000;
    const cpuSpan = cpu.stop();
    const workerSeconds = workers.map((w, i) => (processCpuSeconds(w.pid!) ?? 0) - workerCpuBefore[i]!);
    const workerCpu = workerSeconds.map((cpuSeconds) => Math.round((cpuSeconds / seconds) * 100));
    const memoryPeak = memory.stop();
    const backendsAfter = backendsBefore ? await backendCpu(database.sql) : null;
    // Backends that started while sending count from zero; those that ended are lost (pools keep theirs).
    const databaseCpuSeconds = backendsAfter
      ? [...backendsAfter].reduce((sum, [pid, seconds]) => sum + seconds - (backendsBefore!.get(pid) ?? 0), 0)
      : null;
    const stats = await pushService.stats();

    await jobs.stop();
    await push.close();
    mailer.close();
    return {
      database: database.kind,
      extraWorkers: workers.length,
      subscribers: options.subscribers,
      seedSeconds,
      seconds,
      acceptedAfterMs,
      batchesDoneAfterMs,
      firstDeliveryAfterMs: stats.firstAt !== null ? stats.firstAt - startedWall : null,
      lastDeliveryAfterMs: stats.lastAt !== null ? stats.lastAt - startedWall : null,
      sent: counts.sent,
      failed: counts.failed,
      gone: counts.gone,
      pending: counts.pending,
      status,
      accepted: stats.accepted,
      refused: stats.refused,
      perSecond: counts.sent / seconds,
      memory: memoryPeak,
      seedMemory,
      cpu: cpuSpan,
      workerCpu,
      workerCpuSeconds: workerSeconds.reduce((a, b) => a + b, 0),
      databaseCpuSeconds,
    };
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all(
      workers.map((w) => (w.exitCode === null ? new Promise((r) => w.once('exit', r)) : undefined)),
    );
    await database.close().catch(() => {});
    await fresh?.drop();
  }
}
