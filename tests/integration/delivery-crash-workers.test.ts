/**
 * On PostgreSQL, two `npm run worker` processes share one send without sending anything twice, and
 * processes starting together all come up; on the embedded database, workers are refused.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
import { createTestDatabaseUrl } from '../support/test-database';

setupCrashTests();

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('several workers', () => {
  // PGlite belongs to one process: there, scaling out is refused with a clear message instead.
  if (!onPostgres)
    it('are refused on the embedded database, saying what to use', async () => {
      const { env, cleanup } = await environment();
      try {
        const worker = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
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
