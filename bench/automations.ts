/**
 * The automations' daily run at size: `--businesses` (100) businesses with `--followers` (100,000)
 * followers between them, each with a phone, `--quiet-share` (0.2) of them quiet for 60 days (no
 * visit, no click) so the win-back (on in every business, 30 days) picks them: 20,000.
 * - The daily run (runDueAutomations, as the job runs it): its time, per business, and what the
 *   database did (one business's pick, EXPLAIN ANALYZE BUFFERS).
 * - Against the same audience sent by hand: one operator's send per business to exactly those
 *   followers (each quiet one also follows a twin business of its own, which has no one else), as
 *   the compose starts it (notification row, engine's first page in the send's transaction). Both
 *   record the same deliveries; the figures are deliveries recorded per second, alternated over
 *   `--runs` (3) rounds in this process, each round from a clean slate.
 * Push delivery itself is the same engine for both (bench:fanout measures it); not repeated here.
 *
 *   npm run bench:automations -- [--businesses 100] [--followers 100000] [--quiet-share 0.2] [--runs 3]
 *
 * PGlite in memory by default; with DATABASE_URL, a fresh database on that PostgreSQL server.
 */
import { parseArgs } from 'node:util';
import { executorOf } from '../src/server/db/client';
import { startFanout } from '../src/server/delivery';
import { withOutbox } from '../src/server/events/outbox';
import { pickedMembers } from '../src/server/modules/automations/automation-rules.sql';
import { runDueAutomations } from '../src/server/modules/automations/automation-run';
import { startAdminBenchApp } from './support/admin-app';

const { values: args } = parseArgs({
  options: {
    businesses: { type: 'string', default: '100' },
    followers: { type: 'string', default: '100000' },
    'quiet-share': { type: 'string', default: '0.2' },
    runs: { type: 'string', default: '3' },
  },
});
const BUSINESSES = Number(args.businesses);
const FOLLOWERS = Number(args.followers);
const QUIET_SHARE = Number(args['quiet-share']);
const RUNS = Number(args.runs);

const { ctx, sql, database, close } = await startAdminBenchApp('automations');
const run = (text: string, values: unknown[] = []) => sql.executeSql(text, values);
const rowsOf = async <T>(text: string, values: unknown[] = []) => (await run(text, values)).rows as T[];

console.log(
  `${database}: ${BUSINESSES} businesses, ${FOLLOWERS.toLocaleString('en')} followers, ${QUIET_SHARE * 100}% quiet for 60 days`,
);
const seedStarted = performance.now();
// The automated businesses (UTC, so the run is due at 12:00 UTC) and their twins sent to by hand.
await run(
  `INSERT INTO establishments (public_id, name, email, time_zone)
   SELECT 'bench-auto-' || g, 'Automated ' || g, 'a' || g || '@bench.test', 'Etc/UTC' FROM generate_series(1, $1::int) g`,
  [BUSINESSES],
);
await run(
  `INSERT INTO establishments (public_id, name, email, time_zone)
   SELECT 'bench-hand-' || g, 'By hand ' || g, 'h' || g || '@bench.test', 'Etc/UTC' FROM generate_series(1, $1::int) g`,
  [BUSINESSES],
);
await run(
  `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified)
   SELECT 'f' || g || '@bench.test', 'x', 'Follower', 'No ' || g, 'customer', true FROM generate_series(1, $1::int) g`,
  [FOLLOWERS],
);
await run(
  `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
   SELECT id, 'https://push.bench.test/' || id, 'p', 'a' FROM users WHERE role = 'customer'`,
);
// Follower n follows business n % BUSINESSES; the quiet ones (a random share) did not visit since.
// In statements of 5,000: the follower reports' trigger keeps one rollup row per business and day.
const users = await rowsOf<{ id: string }>(`SELECT id FROM users WHERE role = 'customer' ORDER BY email`);
for (let from = 0; from < users.length; from += 5_000) {
  await run(
    `INSERT INTO memberships (user_id, establishment_id, kind, created_at, last_visit_at)
     SELECT u.id, e.id, 'customer', now() - interval '60 days',
            CASE WHEN random() < $3 THEN NULL ELSE now() - interval '1 day' END
       FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)
       JOIN establishments e ON e.public_id = 'bench-auto-' || (1 + ((u.n + $2::int) % $4::int))`,
    [users.slice(from, from + 5_000).map((u) => u.id), from, QUIET_SHARE, BUSINESSES],
  );
}
// Each business's quiet followers also follow its twin, alone: the same audience, by hand.
await run(
  `INSERT INTO memberships (user_id, establishment_id, kind, created_at)
   SELECT m.user_id, h.id, 'customer', now() - interval '60 days'
     FROM memberships m JOIN establishments a ON a.id = m.establishment_id
     JOIN establishments h ON h.public_id = replace(a.public_id, 'bench-auto-', 'bench-hand-')
    WHERE m.last_visit_at IS NULL`,
);
await run(
  `INSERT INTO automations (establishment_id, kind, enabled, days, text)
   SELECT id, 'winBack', true, 30, 'We miss you: a drink on us this week' FROM establishments
    WHERE public_id LIKE 'bench-auto-%'`,
);
await run('ANALYZE');
const { quiet } = (
  await rowsOf<{ quiet: number }>(
    `SELECT count(*)::int AS quiet FROM memberships m JOIN establishments e ON e.id = m.establishment_id
    WHERE e.public_id LIKE 'bench-hand-%'`,
  )
)[0]!;
console.log(
  `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${quiet.toLocaleString('en')} quiet followers`,
);

/** Today at 12:00 UTC plus `round` days: each round is a new day of the run. */
const noonOf = (round: number) => {
  const at = new Date();
  at.setUTCHours(12, 0, 0, 0);
  return new Date(at.getTime() + round * 24 * 3600_000);
};

/** Back to a clean slate: no run, no list, no send, no delivery, no fatigue record. */
async function reset() {
  await run('DELETE FROM automation_runs');
  await run('DELETE FROM notifications');
  await run(`DELETE FROM pgboss.job WHERE name NOT LIKE '\\_\\_%'`).catch(() => undefined);
}

const deliveries = async () =>
  (await rowsOf<{ n: number }>('SELECT count(*)::int AS n FROM deliveries'))[0]!.n;

async function automated(round: number) {
  const started = performance.now();
  const ran = await runDueAutomations(ctx, noonOf(round));
  const ms = performance.now() - started;
  return { ms, businesses: ran.size, deliveries: await deliveries() };
}

async function byHand() {
  const hand = await rowsOf<{ id: string }>(
    `SELECT id FROM establishments WHERE public_id LIKE 'bench-hand-%' ORDER BY public_id`,
  );
  const started = performance.now();
  for (const { id } of hand) {
    await withOutbox(ctx, async (outbox) => {
      const [row] = (
        await executorOf(outbox.db).executeSql(
          `INSERT INTO notifications (establishment_id, text, in_feed) VALUES ($1, 'We miss you: a drink on us this week', false) RETURNING id`,
          [id],
        )
      ).rows as { id: string }[];
      await startFanout(ctx, outbox, row!.id);
    });
  }
  return { ms: performance.now() - started, businesses: hand.length, deliveries: await deliveries() };
}

const perSecond = (n: number, ms: number) => Math.round((n * 1000) / ms);
const results: { auto: number; hand: number }[] = [];
for (let round = 0; round < RUNS; round++) {
  // Alternated: odd rounds send by hand first.
  let a: Awaited<ReturnType<typeof automated>>;
  let h: Awaited<ReturnType<typeof byHand>>;
  if (round % 2 === 0) {
    await reset();
    a = await automated(round);
    await reset();
    h = await byHand();
  } else {
    await reset();
    h = await byHand();
    await reset();
    a = await automated(round);
  }
  results.push({ auto: perSecond(a.deliveries, a.ms), hand: perSecond(h.deliveries, h.ms) });
  console.log(
    `round ${round + 1}: daily run ${(a.ms / 1000).toFixed(2)} s for ${a.businesses} businesses ` +
      `(${(a.ms / a.businesses).toFixed(1)} ms each), ${a.deliveries.toLocaleString('en')} deliveries, ` +
      `${perSecond(a.deliveries, a.ms).toLocaleString('en')}/s | by hand ${(h.ms / 1000).toFixed(2)} s, ` +
      `${h.deliveries.toLocaleString('en')} deliveries, ${perSecond(h.deliveries, h.ms).toLocaleString('en')}/s | ` +
      `ratio ${(perSecond(a.deliveries, a.ms) / perSecond(h.deliveries, h.ms)).toFixed(2)}`,
  );
}

// One business's pick, as the database runs it.
if (database === 'PostgreSQL') {
  const { id } = (
    await rowsOf<{ id: string }>(`SELECT id FROM establishments WHERE public_id = 'bench-auto-1'`)
  )[0]!;
  const at = noonOf(RUNS);
  const plan = await rowsOf<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${pickedMembers('winBack')}`,
    [id, at.toISOString(), 30, 'Etc/UTC', at.toISOString().slice(0, 10), 'winBack'],
  );
  const top = (plan[0]!['QUERY PLAN'] as { Plan: Record<string, number>; 'Execution Time': number }[])[0]!;
  console.log(
    `one business's win-back pick: ${top['Execution Time'].toFixed(1)} ms, ${top.Plan['Actual Rows']} rows, ` +
      `${top.Plan['Shared Hit Blocks']} buffers hit, ${top.Plan['Shared Read Blocks']} read`,
  );
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
console.log(
  `median: daily run ${median(results.map((r) => r.auto)).toLocaleString('en')} deliveries/s, ` +
    `by hand ${median(results.map((r) => r.hand)).toLocaleString('en')}/s`,
);
await close();
