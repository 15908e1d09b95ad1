// @module-tag postgres
/**
 * The automations' daily run survives kill -9. On PostgreSQL, two `npm run worker` processes run
 * the same day at once and one is killed while its send is delivered; on the embedded database
 * (one process), the server itself is killed and restarted. Either way every follower the
 * win-back picks is listed once and reached, and runs started afterwards (each process runs the
 * daily job as it starts) send nothing more.
 */
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import type { PushMessage } from '../../src/shared/push/payload';
import {
  audience,
  environment,
  killed,
  push,
  setupCrashTests,
  startProcess,
  untilListening,
} from '../support/crash-processes';
import type { TestSubscription } from '../support/push-service';

setupCrashTests();

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const FOLLOWERS = 120;

/** A fixed-offset zone where it is now between 11:00 and 21:59: past the run hour, far from midnight. */
function zonePastRunHour(): string {
  const utcHour = new Date().getUTCHours();
  for (let offset = -12; offset <= 14; offset++) {
    const local = (utcHour + offset + 24) % 24;
    // Etc/GMT-3 is UTC+3 (POSIX's sign).
    if (local >= 11 && local <= 21)
      return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  }
  throw new Error('no zone past the run hour');
}

/**
 * FOLLOWERS customers who followed 40 days ago, each with a slow phone, and the business's win-back
 * on (30 days) in a zone past its run hour: the next daily run picks them all.
 */
async function seed(db: Database, establishmentId: string): Promise<TestSubscription[]> {
  const { rows } = await db.sql.executeSql(
    `WITH made AS (
       INSERT INTO users (email, password_hash, first_name, last_name, email_verified)
       SELECT 'quiet-' || g || '@example.test', '!', 'Quiet', 'Follower', true FROM generate_series(1, $2::int) g
       RETURNING id)
     INSERT INTO memberships (user_id, establishment_id, kind, created_at)
     SELECT id, $1, 'customer', now() - interval '40 days' FROM made RETURNING user_id AS id`,
    [establishmentId, FOLLOWERS],
  );
  const owners = (rows as { id: string }[]).map((r) => r.id);
  const phones = owners.map(() => push.subscribe());
  await db.sql.executeSql(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
    [owners, phones.map((p) => p.endpoint), phones.map((p) => p.keys.p256dh), phones.map((p) => p.keys.auth)],
  );
  await db.sql.executeSql('UPDATE establishments SET time_zone = $2 WHERE id = $1', [
    establishmentId,
    zonePastRunHour(),
  ]);
  await db.sql.executeSql(
    `INSERT INTO automations (establishment_id, kind, enabled, days, text)
     VALUES ($1, 'winBack', true, 30, 'We miss you: a drink on us this week')`,
    [establishmentId],
  );
  // Slow phones, so the send is still going when a process dies.
  for (const phone of phones) push.respond(phone.endpoint, { delayMs: 40, status: 201 });
  return phones;
}

const automatedTo = (phone: TestSubscription) =>
  push.messages(phone.endpoint).filter((m) => (m.json as PushMessage).kind === 'automation').length;

async function untilEvery(phones: TestSubscription[], test: (n: number) => boolean, what: string) {
  const until = Date.now() + 90_000;
  while (!phones.every((p) => test(automatedTo(p)))) {
    if (Date.now() > until) throw new Error(what);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Once settled: one run, one send, each follower listed once and reached at least once. */
async function expectOnce(db: Database, establishmentId: string, phones: TestSubscription[]) {
  await new Promise((r) => setTimeout(r, 3_000));
  const counts = phones.map(automatedTo);
  // A push on the wire or not yet recorded when its process died may arrive twice (the engine's
  // at-least-once, bounded in delivery-crash-restart), never a third time or a second run's.
  expect(
    counts.every((n) => n >= 1 && n <= 2),
    `pushes per phone: ${counts}`,
  ).toBe(true);
  const { rows } = await db.sql.executeSql(
    `SELECT (SELECT count(*)::int FROM automation_recipients WHERE establishment_id = $1) AS listed,
            (SELECT count(*)::int FROM automation_runs WHERE establishment_id = $1) AS runs,
            (SELECT count(*)::int FROM notifications WHERE establishment_id = $1 AND source = 'automation') AS sends`,
    [establishmentId],
  );
  expect(rows[0]).toEqual({ listed: FOLLOWERS, runs: 1, sends: 1 });
}

const firstArrives = (phones: TestSubscription[]) => async () => {
  const until = Date.now() + 90_000;
  while (phones.every((p) => automatedTo(p) === 0)) {
    if (Date.now() > until) throw new Error('no win-back arrived');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the daily run killed in the middle', () => {
  if (onPostgres)
    it('on PostgreSQL: two workers run the day at once, one is killed; each follower is reached once', async () => {
      const { env, base, database, cleanup } = await environment({ JOB_TIMEOUT_SECONDS: '3' });
      const db = await openDatabase(database.url, env.DATA_DIR!);
      try {
        const server = startProcess('main', { ...env, WORKERS: 'false' });
        await untilListening(base, server);
        const { establishmentId } = await audience(base, 0);
        const phones = await seed(db, establishmentId);
        // Each worker runs the daily job as it starts: two runs of the same day at once.
        const workers = [startProcess('worker', env), startProcess('worker', env)];
        await firstArrives(phones)();
        await killed(workers[0]!);
        // A third worker starts (and runs the day's job again) while the send goes on.
        const third = startProcess('worker', env);
        await untilEvery(phones, (n) => n >= 1, 'win-backs missing');
        await expectOnce(db, establishmentId, phones);
        await Promise.all([server, workers[1]!, third].map(killed));
      } finally {
        await db.close();
        await cleanup();
      }
    }, 180_000);

  if (!onPostgres)
    it('on the embedded database: the server is killed during the send and restarted; each follower is reached once', async () => {
      const { env, base, cleanup } = await environment({ JOB_TIMEOUT_SECONDS: '3' });
      const dataDir = env.DATA_DIR!;
      try {
        let server = startProcess('main', env);
        await untilListening(base, server);
        const { establishmentId } = await audience(base, 0);
        // PGlite belongs to one process: seeded while the server is down.
        await killed(server);
        let db = await openDatabase(undefined, dataDir);
        const phones = await seed(db, establishmentId);
        await db.close();
        // Its start runs the daily job; killed once the first phone rings.
        server = startProcess('main', env);
        await firstArrives(phones)();
        await killed(server);
        server = startProcess('main', env);
        await untilListening(base, server);
        await untilEvery(phones, (n) => n >= 1, 'win-backs missing');
        await new Promise((r) => setTimeout(r, 1_000));
        await killed(server);
        db = await openDatabase(undefined, dataDir);
        try {
          await expectOnce(db, establishmentId, phones);
        } finally {
          await db.close();
        }
      } finally {
        await cleanup();
      }
    }, 180_000);
});
