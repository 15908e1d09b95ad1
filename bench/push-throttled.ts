/**
 * A send when a few endpoints of a push service answer 429: `--healthy N` followers
 * (600) whose devices accept, and `--throttled K` (4) whose endpoints always answer 429 with
 * Retry-After: 3, all on one local HTTPS push service (tests/support, decrypting mode, so each
 * request is recorded). The same send without the throttled endpoints, in the same run, is the
 * baseline. Printed per run: when every healthy device had its message, when the send ended,
 * healthy deliveries that failed, and tries counted without a request made.
 *
 *   npm run bench:push-throttled -- [--healthy N] [--throttled K]
 *
 * PGlite in a temporary directory by default; with DATABASE_URL (a PostgreSQL server), a fresh
 * database on that server per run, dropped at the end. PUSH_CONCURRENCY and the other settings
 * come from the environment, as for the server.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startWorkers } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type SqlExecutor } from '../src/server/db/client';
import { send } from '../src/server/modules/notifications/compose.service';
import { createWorkerContext } from '../src/server/worker-context';
import type { Actor } from '../src/shared/permissions';
import { startPushService, type TestSubscription } from '../tests/support/push-service';
import { freshPostgresDatabase } from './support/postgres';

const RETRY_AFTER_SECONDS = 3;
/** A run that has not ended by then is reported as it stands. */
const GIVE_UP_MS = 180_000;

function count(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const n = Number(process.argv[index + 1]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return n;
}

interface RunResult {
  healthy: number;
  throttled: number;
  /** ms from send() until every healthy device's message was accepted; null if never. */
  allHealthyMs: number | null;
  /** ms from send() until the send was done; null if it had not ended when given up. */
  doneMs: number | null;
  healthyReceived: number;
  healthyFailed: number;
  /** Attempts recorded beyond the requests the push service received, over all deliveries. */
  triesWithoutRequest: number;
  requestsToThrottled: number;
}

/** One business, an admin who sends, and one follower per subscription. */
async function seed(sql: SqlExecutor, subscriptions: TestSubscription[]) {
  const adminId = randomUUID();
  const establishmentId = randomUUID();
  await sql.executeSql(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, role, email_verified)
     VALUES ($1, $2, 'not-a-hash', 'Bench', 'Admin', 'admin', true)`,
    [adminId, `admin-${adminId}@bench.test`],
  );
  await sql.executeSql(
    `INSERT INTO establishments (id, public_id, name, email, city, country)
     VALUES ($1, $2, 'Throttled Tavern', 'tavern@bench.test', 'Bratislava', 'Slovakia')`,
    [establishmentId, `bench-${establishmentId.slice(0, 8)}`],
  );
  const userIds = subscriptions.map(() => randomUUID());
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
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
    [
      userIds,
      subscriptions.map((s) => s.endpoint),
      subscriptions.map((s) => s.keys.p256dh),
      subscriptions.map((s) => s.keys.auth),
    ],
  );
  const actor: Actor = { id: adminId, role: 'admin', emailVerified: true, establishments: [] };
  return { actor, establishmentId };
}

async function run(healthyCount: number, throttledCount: number): Promise<RunResult> {
  const push = await startPushService();
  const serverUrl = process.env.DATABASE_URL;
  const fresh = serverUrl ? await freshPostgresDatabase(serverUrl, 'throttled') : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-throttled-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: fresh?.url,
    PUSH_CA_FILE: push.caFile,
    PUSH_ALLOWED_HOSTS: new URL(push.origin).host,
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  try {
    await database.migrate();
    const ctx = await createWorkerContext(config, database, pino({ level: 'warn' }));
    try {
      const healthy = Array.from({ length: healthyCount }, () => push.subscribe());
      const throttled = Array.from({ length: throttledCount }, () => push.subscribe());
      for (const s of throttled)
        push.respondAlways(s.endpoint, { status: 429, retryAfter: RETRY_AFTER_SECONDS });
      // The throttled ones among the others, as in a real audience.
      const all = [...healthy, ...throttled].sort(() => Math.random() - 0.5);
      const { actor, establishmentId } = await seed(database.sql, all);
      await startWorkers(ctx);

      const healthySet = new Set(healthy.map((s) => s.endpoint));
      const started = performance.now();
      const { post } = await send(ctx, actor, establishmentId, {
        text: 'Happy hour until eight',
        post: true,
      });
      let allHealthyMs: number | null = null;
      let doneMs: number | null = null;
      while (performance.now() - started < GIVE_UP_MS) {
        if (allHealthyMs === null) {
          const got = new Set(push.messages().map((m) => m.endpoint));
          if (healthy.every((s) => got.has(s.endpoint))) allHealthyMs = performance.now() - started;
        }
        const { rows } = await database.sql.executeSql('SELECT status FROM notifications WHERE id = $1', [
          post.id,
        ]);
        if ((rows[0] as { status: string }).status === 'done') {
          doneMs = performance.now() - started;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const { rows } = await database.sql.executeSql(
        `SELECT s.endpoint, d.outcome, d.attempts FROM deliveries d
           JOIN push_subscriptions s ON s.id = d.target_id WHERE d.notification_id = $1`,
        [post.id],
      );
      const outcomes = rows as { endpoint: string; outcome: string; attempts: number }[];
      const received = new Set(push.messages().map((m) => m.endpoint));
      let triesWithoutRequest = 0;
      for (const row of outcomes) {
        const requests = push.requests(row.endpoint).length;
        triesWithoutRequest += Math.max(0, Number(row.attempts) - requests);
      }
      return {
        healthy: healthyCount,
        throttled: throttledCount,
        allHealthyMs,
        doneMs,
        healthyReceived: healthy.filter((s) => received.has(s.endpoint)).length,
        healthyFailed: outcomes.filter((r) => healthySet.has(r.endpoint) && r.outcome === 'failed').length,
        triesWithoutRequest,
        requestsToThrottled: throttled.reduce((sum, s) => sum + push.requests(s.endpoint).length, 0),
      };
    } finally {
      await ctx.jobs.stop();
      await ctx.push.close();
      ctx.mailer.close();
    }
  } finally {
    await database.close();
    await push.close();
    await rm(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

const seconds = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);

function print(label: string, r: RunResult) {
  console.log(
    `${label.padEnd(34)} all ${r.healthy} healthy received: ${seconds(r.allHealthyMs).padStart(7)}` +
      `   done: ${seconds(r.doneMs).padStart(7)}   healthy received ${r.healthyReceived}/${r.healthy},` +
      ` failed ${r.healthyFailed}   tries without a request: ${r.triesWithoutRequest}` +
      (r.throttled ? `   requests to the ${r.throttled} throttled: ${r.requestsToThrottled}` : ''),
  );
}

const healthy = count('healthy', 600);
const throttled = count('throttled', 4);
console.log(
  `push-throttled: ${healthy} healthy devices and ${throttled} always answering 429 (Retry-After: ${RETRY_AFTER_SECONDS}) ` +
    `on one push service, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, PUSH_CONCURRENCY=${process.env.PUSH_CONCURRENCY ?? 'default'}`,
);
const baseline = await run(healthy, 0);
print('baseline (no 429):', baseline);
const throttledRun = await run(healthy, throttled);
print(`with ${throttled} endpoints answering 429:`, throttledRun);
if (baseline.allHealthyMs && throttledRun.allHealthyMs) {
  console.log(
    `every healthy device received in ${(throttledRun.allHealthyMs / baseline.allHealthyMs).toFixed(2)}x the time without 429s`,
  );
} else {
  console.log('not every healthy device received its message');
}
process.exit(0);
