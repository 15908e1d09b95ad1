/**
 * What one send costs the platform, apart from its deliveries: CPU seconds and database
 * statements per send, split between this process (API and workers), PostgreSQL's backends and the
 * push service. On saturated cores a small send's own work is what a big send running beside it
 * loses (bench:platform), so it is measured here on its own, in CPU time, which a busy machine
 * slows but does not inflate the way it does wall-clock rates.
 *
 * One fresh PostgreSQL database, three phases, each sending and waiting until every send is done:
 *   1. `--sends` sends to businesses of one follower each: a send's own cost (plus one delivery);
 *   2. `--sends` sends to businesses of `--size` followers each;
 *   3. one send to sends x size followers: a big send's cost per delivery.
 * From 1 and 2: a send's own cost and a delivery's in a small send; from 3, a delivery's in a big
 * send; and the share of its pace alone a 100,000-follower send keeps beside 200 sends to 50
 * (bench:platform's mix), computed from those costs.
 *
 *   DATABASE_URL=postgres://... npm run bench:send-cost -- [--sends 100] [--size 50] [--parallel 4]
 *     [--statements] [--profile file.cpuprofile]
 *
 * --statements: the statements of phase 1 by their first words, a count per send. --profile: a CPU
 * profile of this process over phase 1 (open it in Chrome's DevTools, Performance).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { startWorkers } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type SqlExecutor } from '../src/server/db/client';
import { send } from '../src/server/modules/notifications/compose.service';
import { generateVapidKeys } from '../src/server/push/vapid';
import { createWorkerContext } from '../src/server/worker-context';
import { processCpuSeconds } from './fanout/measure';
import { seed } from './fanout/pipeline';
import { startPushServiceProcess } from './fanout/push-service';
import { freshPostgresDatabase } from './support/postgres';

const { values: args } = parseArgs({
  options: {
    sends: { type: 'string', default: '100' },
    size: { type: 'string', default: '50' },
    parallel: { type: 'string', default: '4' },
    statements: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const SENDS = Number(args.sends);
const SIZE = Number(args.size);
const PARALLEL = Number(args.parallel);
/** How long the idle workers' polls are measured. */
const IDLE_SECONDS = 5;
/** bench:platform's mix: a send to BIG followers beside SMALL sends to SMALL_SIZE. */
const MIX = { big: 100_000, small: 200, smallSize: 50 };

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:send-cost needs DATABASE_URL (PostgreSQL): it measures the database server too.');
  process.exit(2);
}

/**
 * Every statement this process sends, by its text's first words: pg-boss, Drizzle and the
 * hand-written SQL all go through pg.Client.query, so one wrapper counts them all.
 */
const statements = new Map<string, number>();
const countedQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  const config = params[0] as string | { text?: string };
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const shape = text.replace(/\s+/g, ' ').trim().slice(0, 90);
  statements.set(shape, (statements.get(shape) ?? 0) + 1);
  return (countedQuery as (...p: unknown[]) => unknown).apply(this, params);
} as typeof pg.Client.prototype.query;
const statementTotal = () => [...statements.values()].reduce((a, b) => a + b, 0);

/** CPU seconds so far of every backend connected to this database. */
async function backendsCpu(sql: SqlExecutor): Promise<Map<number, number>> {
  const { rows } = await sql.executeSql(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    [],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    const seconds = processCpuSeconds(Number(pid));
    if (seconds !== null) cpu.set(Number(pid), seconds);
  }
  return cpu;
}

interface Cost {
  seconds: number;
  self: number;
  database: number;
  pushService: number;
  statements: number;
  deliveries: number;
}

const total = (c: Cost) => c.self + c.database + c.pushService;

async function waitAllDone(sql: SqlExecutor, ids: string[]) {
  for (;;) {
    const { rows } = await sql.executeSql(
      `SELECT count(*)::int AS open FROM notifications WHERE id = ANY($1::uuid[]) AND status NOT IN ('done', 'halted')`,
      [ids],
    );
    if ((rows[0] as { open: number }).open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const vapid = { ...generateVapidKeys(), subject: 'mailto:bench@bench.test' };
const pushService = await startPushServiceProcess(vapid.publicKey);
const fresh = await freshPostgresDatabase(serverUrl, 'send_cost');
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-send-cost-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: fresh.url,
  PUSH_CA_FILE: pushService.caFile,
  PUSH_ALLOWED_HOSTS: new URL(pushService.origin).host,
  LOG_LEVEL: 'warn',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: vapid.subject,
});
const database = await openDatabase(config.databaseUrl, config.dataDir);
try {
  await database.migrate();
  const ctx = await createWorkerContext(config, database, pino({ level: 'warn' }));
  console.log(`seeding ${SENDS} x 1, ${SENDS} x ${SIZE} and 1 x ${SENDS * SIZE} followers...`);
  const tiny = [];
  for (let i = 0; i < SENDS; i++) tiny.push(await seed(database.sql, 1, pushService.origin));
  const small = [];
  for (let i = 0; i < SENDS; i++) small.push(await seed(database.sql, SIZE, pushService.origin));
  const big = await seed(database.sql, SENDS * SIZE, pushService.origin);
  await database.sql.executeSql('VACUUM ANALYZE', []);
  await startWorkers(ctx);
  // Let the workers' first polls and the queues' creation pass before measuring.
  await new Promise((resolve) => setTimeout(resolve, 2000));

  /**
   * Send for each of `targets`, PARALLEL at a time, and wait until all are done: what it cost, less
   * what the idle workers' polls cost over the same time (`idle`: per second).
   */
  const phase = async (
    targets: Awaited<ReturnType<typeof seed>>[],
    deliveries: number,
    idle?: Cost,
  ): Promise<Cost> => {
    const backends = await backendsCpu(database.sql);
    const pushBefore = processCpuSeconds(pushService.pid) ?? 0;
    const selfBefore = process.cpuUsage();
    const statementsBefore = statementTotal();
    const started = performance.now();
    const ids: string[] = [];
    if (targets.length === 0) await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < targets.length) {
          const target = targets[next++]!;
          const { post } = await send(ctx, target.actor, target.establishmentId, {
            text: 'Happy hour now',
            post: true,
          });
          ids.push(post.id);
        }
      }),
    );
    await waitAllDone(database.sql, ids);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(selfBefore);
    const statementsUsed = statementTotal() - statementsBefore;
    const after = await backendsCpu(database.sql);
    const idleShare = (pick: (c: Cost) => number) => (idle ? pick(idle) * seconds : 0);
    return {
      seconds,
      self: (used.user + used.system) / 1e6 - idleShare((c) => c.self),
      database:
        [...after].reduce((sum, [pid, s]) => sum + s - (backends.get(pid) ?? 0), 0) -
        idleShare((c) => c.database),
      pushService: (processCpuSeconds(pushService.pid) ?? 0) - pushBefore - idleShare((c) => c.pushService),
      statements: statementsUsed - idleShare((c) => c.statements),
      deliveries,
    };
  };

  const load = loadavg().map((l) => l.toFixed(2));
  console.log('sending...');
  // The idle workers' polls, per second: the platform pays them whether anything sends or not.
  const idleRun = await phase([], 0);
  const perSecond = (value: number) => value / idleRun.seconds;
  const idle: Cost = {
    seconds: 1,
    self: perSecond(idleRun.self),
    database: perSecond(idleRun.database),
    pushService: perSecond(idleRun.pushService),
    statements: perSecond(idleRun.statements),
    deliveries: 0,
  };
  statements.clear();
  const profiler = args.profile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const tinyCost = await phase(tiny, SENDS, idle);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    await writeFile(args.profile!, JSON.stringify(profile));
    profiler.disconnect();
  }
  const tinyStatements = new Map(statements);
  const smallCost = await phase(small, SENDS * SIZE, idle);
  const bigCost = await phase([big], SENDS * SIZE, idle);
  await ctx.jobs.stop();
  await ctx.push.close();
  ctx.mailer.close();

  const ms = (seconds: number) => (seconds * 1000).toFixed(2).padStart(8);
  const us = (seconds: number) => (seconds * 1e6).toFixed(0).padStart(8);
  console.log(
    `\nphase (idle polls taken out)   wall s   sends  deliveries   CPU ms: this process  PostgreSQL  push service   all   statements`,
  );
  const row = (name: string, c: Cost, sends: number) =>
    console.log(
      `${name.padEnd(30)}${c.seconds.toFixed(1).padStart(7)}${String(sends).padStart(8)}${String(c.deliveries).padStart(12)}` +
        `   ${ms(c.self)}${ms(c.database)}${ms(c.pushService)}${ms(total(c))}${c.statements.toFixed(0).padStart(12)}`,
    );
  row('idle workers, a second', idle, 0);
  row(`${SENDS} sends to 1 follower`, tinyCost, SENDS);
  row(`${SENDS} sends to ${SIZE} followers`, smallCost, SENDS);
  row(`1 send to ${SENDS * SIZE} followers`, bigCost, 1);

  // tiny = sends x (own + 1 delivery); small = sends x (own + SIZE deliveries).
  const part = (pick: (c: Cost) => number) => {
    const delivery = (pick(smallCost) - pick(tinyCost)) / (SENDS * (SIZE - 1));
    return { delivery, own: pick(tinyCost) / SENDS - delivery, big: pick(bigCost) / (SENDS * SIZE) };
  };
  const parts = {
    'this process': part((c) => c.self),
    PostgreSQL: part((c) => c.database),
    'push service': part((c) => c.pushService),
    all: part(total),
  };
  console.log(
    '\nCPU µs            a send, its own   a delivery in a small send   a delivery in the big send',
  );
  for (const [name, p] of Object.entries(parts))
    console.log(
      `${name.padEnd(18)}${us(p.own).padStart(15)}${us(p.delivery).padStart(29)}${us(p.big).padStart(29)}`,
    );
  const statementsPerSend = part((c) => c.statements);
  console.log(
    `statements        ${statementsPerSend.own.toFixed(1).padStart(15)}${statementsPerSend.delivery.toFixed(2).padStart(29)}${statementsPerSend.big.toFixed(3).padStart(29)}`,
  );

  // On saturated cores a run takes its CPU time over the cores: the big send beside the small ones
  // keeps big / (big + small) of its pace alone.
  const { all } = parts;
  const bigWork = MIX.big * all.big;
  const smallWork = MIX.small * (all.own + MIX.smallSize * all.delivery);
  const bound = MIX.big / (MIX.big + MIX.small * MIX.smallSize);
  console.log(
    `\nbench:platform's mix (${MIX.big.toLocaleString('en')} followers beside ${MIX.small} sends to ${MIX.smallSize}), on saturated cores: ` +
      `the big send keeps ${(bigWork / (bigWork + smallWork)).toFixed(3)} x its pace alone ` +
      `(${bound.toFixed(3)} if a send cost nothing of its own; 0.9 needs a send's own cost under ` +
      `${us((bigWork / 9 - MIX.small * MIX.smallSize * all.delivery) / MIX.small).trim()} µs)`,
  );
  console.log(
    `load average before: ${load.join(' ')}, after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (args.statements) {
    console.log(`\nstatements of the ${SENDS} sends to 1 follower, by their first words (count per send):`);
    for (const [shape, count] of [...tinyStatements].sort((a, b) => b[1] - a[1]))
      console.log(`${(count / SENDS).toFixed(2).padStart(7)}  ${shape}`);
  }
} finally {
  await database.close().catch(() => {});
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
  await pushService.stop();
}
