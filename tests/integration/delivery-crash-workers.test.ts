// @module-tag postgres
/**
 * On PostgreSQL, two `npm run worker` processes share one send without sending anything twice,
 * processes starting together all come up, and a large audience walked in ranges
 * survives a kill in the middle; on the embedded database, workers are refused.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../../src/server/db/client';
import { startJobQueue } from '../../src/server/jobs/queue';
import type { Post } from '../../src/shared/schemas/notification.schema';
import {
  api,
  audience,
  deliveriesOf,
  environment,
  finished,
  killed,
  push,
  setupCrashTests,
  startProcess,
  untilListening,
} from '../support/crash-processes';
import { nodeEntry } from '../support/node-entry';
import type { TestSubscription } from '../support/push-service';
import { createTestDatabaseUrl } from '../support/test-database';

setupCrashTests();

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('several workers', () => {
  // PGlite belongs to one process: there, scaling out is refused with a clear message instead.
  if (!onPostgres)
    it('are refused on the embedded database, saying what to use', async () => {
      const { env, cleanup } = await environment();
      try {
        const worker = spawn(process.execPath, nodeEntry('src/server/worker.ts'), {
          env: { ...process.env, ...env, DATABASE_URL: '' },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        worker.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        const code = await new Promise<number | null>((resolve) => worker.on('exit', resolve));
        expect(code).toBe(1);
        expect(stderr).toMatch(/npm run worker needs DATABASE_URL \(PostgreSQL\)/);
      } finally {
        await cleanup();
      }
    });

  if (onPostgres)
    it('on one PostgreSQL share a send and deliver each message exactly once', async () => {
      const { env, base, cleanup } = await environment();
      try {
        // The API alone, and two worker processes doing all the sending.
        const api1 = startProcess('main', { ...env, WORKERS: 'false' });
        await untilListening(base, api1);
        const workers = [startProcess('worker', env), startProcess('worker', env)];
        const { token, establishmentId, subscriptions } = await audience(base, 60);
        for (const s of subscriptions) push.respond(s.endpoint, { delayMs: 30, status: 201 });
        const { notification } = await api<{ notification: Post }>(
          base,
          'POST',
          `/api/establishments/${establishmentId}/notifications`,
          { text: 'Shared work', post: true },
          token,
        );
        const post = await finished(base, token, notification.id);
        expect(post.delivery).toMatchObject({ status: 'done', audience: 60, sent: 60, pending: 0 });
        expect(deliveriesOf(subscriptions, notification.id)).toEqual(subscriptions.map(() => 1));
        await Promise.all([api1, ...workers].map(killed));
      } finally {
        await cleanup();
      }
    }, 180_000);

  // Seen in CI: a PostgreSQL deadlock inside pg-boss's queue creation crashed a worker at start.
  if (onPostgres)
    it('four processes starting at once on one PostgreSQL all come up and run each job once', async () => {
      const database = await createTestDatabaseUrl();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'queue-start-'));
      // A pool per "process", as separate processes have.
      const databases: Database[] = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase(database.url, dataDir)),
      );
      try {
        await Promise.all(databases.map((db) => db.migrate()));
        const log = pino({ level: 'silent' });
        const queues = await Promise.all(databases.map((db) => startJobQueue(db.sql, log)));
        const ran: number[] = [];
        const job = {
          queue: 'start.together',
          payload: z.object({ n: z.number() }),
          handle: async ({ n }: { n: number }) => {
            ran.push(n);
          },
        };
        await Promise.all(queues.map((jobs) => jobs.work([job as never])));
        await queues[0]!.sendMany(
          job,
          Array.from({ length: 20 }, (_, n) => ({ payload: { n } })),
        );
        const until = Date.now() + 20_000;
        while (ran.length < 20 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
        await new Promise((r) => setTimeout(r, 500));
        expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
        await Promise.all(queues.map((jobs) => jobs.stop()));
      } finally {
        await Promise.all(databases.map((db) => db.close()));
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
});

const MEMBERS = 60_000;
const PHONES = 40;

/** MEMBERS verified customers of the establishment; PHONES of them, spread over the ids, with a device. */
async function seed(db: pg.Client, establishmentId: string): Promise<TestSubscription[]> {
  // In statements of 100: the follower reports' trigger updates one rollup row per member, and
  // within one statement those versions pile up (a statement's time grows with its square): 60,000
  // members took 36 s in statements of 2,000, 21 s in 500 and 18 s in 100.
  for (let from = 1; from <= MEMBERS; from += 100) {
    const to = Math.min(MEMBERS, from + 99);
    await db.query(
      `WITH made AS (
         INSERT INTO users (email, password_hash, first_name, last_name, email_verified)
         SELECT 'range-' || g || '@example.test', '!', 'Range', 'Member', true FROM generate_series($2::int, $3::int) g
         RETURNING id)
       INSERT INTO memberships (user_id, establishment_id, kind) SELECT id, $1, 'customer' FROM made`,
      [establishmentId, from, to],
    );
  }
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE email LIKE 'range-%' ORDER BY id`,
  );
  const phones = Array.from({ length: PHONES }, () => push.subscribe());
  const owners = phones.map((_, i) => rows[Math.floor(((i + 0.5) * rows.length) / PHONES)]!.id);
  await db.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
    [owners, phones.map((p) => p.endpoint), phones.map((p) => p.keys.p256dh), phones.map((p) => p.keys.auth)],
  );
  await db.query('ANALYZE users; ANALYZE memberships');
  return phones;
}

// On PostgreSQL only: the test seeds 60,000 members from outside the server, which PGlite's one
// process does not allow (PGlite's side of this file is the refusal above).
if (onPostgres)
  describe('a server killed while a large audience is walked in ranges', () => {
    it('resumes every range and delivers to every phone once the send is done', async () => {
      const { env, base, database, cleanup } = await environment({
        FANOUT_RANGE_SIZE: '1000',
        PUSH_BATCH_SIZE: '500',
        // The killed process's fan-out jobs are taken over after 3 s.
        JOB_TIMEOUT_SECONDS: '3',
      });
      const db = new pg.Client({ connectionString: database.url });
      try {
        let server = startProcess('main', env);
        await untilListening(base, server);
        const { token, establishmentId, subscriptions } = await audience(base, 1);
        await db.connect();
        const phones = [...subscriptions, ...(await seed(db, establishmentId))];

        const { notification } = await api<{ notification: Post }>(
          base,
          'POST',
          `/api/establishments/${establishmentId}/notifications`,
          { text: 'Walked in ranges', post: true },
          token,
        );
        const progress = async () => {
          const { rows } = await db.query<{ total: number; done: number }>(
            `SELECT count(*)::int AS total, (count(*) FILTER (WHERE done))::int AS done
               FROM notification_fanout_ranges WHERE notification_id = $1`,
            [notification.id],
          );
          return rows[0]!;
        };
        // Killed once some ranges are walked and others not.
        const until = Date.now() + 60_000;
        for (;;) {
          const { total, done } = await progress();
          if (total > 0 && done > 0) break;
          if (Date.now() > until) throw new Error('the ranges were never planned');
          await new Promise((r) => setTimeout(r, 10));
        }
        await killed(server);
        const atKill = await progress();
        expect(atKill.done).toBeLessThan(atKill.total);

        server = startProcess('main', env);
        await untilListening(base, server);
        const post = await finished(base, token, notification.id, 120_000);
        expect(post.delivery).toMatchObject({
          status: 'done',
          audience: PHONES + 1,
          sent: PHONES + 1,
          pending: 0,
        });
        const counts = deliveriesOf(phones, notification.id);
        expect(
          counts.every((n) => n >= 1),
          `every device got it: ${counts}`,
        ).toBe(true);
        expect(await progress()).toEqual({ total: atKill.total, done: atKill.total });
        await killed(server);
      } finally {
        await db.end().catch(() => {});
        await cleanup();
      }
    }, 240_000);
  });
