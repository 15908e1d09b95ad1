/**
 * What quiet hours cost a send at scale: one establishment with N followers, one device
 * each, one notification pending for all of them, a share of the followers with quiet hours.
 * - The batch read: the push channel's pendingPushes (the batch job's statement, with the quiet
 *   hours of the range's users read through users_quiet_idx) over every batch of PUSH_BATCH_SIZE users, against
 *   the same statement without the join (the read before quiet hours), alternated in this process;
 *   then once more with users_quiet_idx dropped, to show what the index is worth.
 * - The morning release: releaseDueDeferred (the minute sweep's statement) letting go of every
 *   deferred delivery, 20,000 at a time as the sweep does.
 *
 *   npm run bench:quiet-hours -- [--followers N] [--quiet-share 0.1] [--runs R]
 *
 * PGlite in memory by default; with DATABASE_URL, a fresh database on that PostgreSQL server,
 * dropped at the end.
 */
import { parseArgs } from 'node:util';
import { pendingPushes, releaseDueDeferred } from '../src/server/delivery';
import { startAdminBenchApp } from './support/admin-app';

const { values: args } = parseArgs({
  options: {
    followers: { type: 'string', default: '100000' },
    'quiet-share': { type: 'string', default: '0.1' },
    runs: { type: 'string', default: '3' },
  },
});
const FOLLOWERS = Number(args.followers);
const QUIET_SHARE = Number(args['quiet-share']);
const RUNS = Number(args.runs);

const { ctx, sql, database, close } = await startAdminBenchApp('quiet');
const batchSize = ctx.config.push.batchSize;
const run = (text: string, values: unknown[] = []) => sql.executeSql(text, values);

console.log(
  `${database}: ${FOLLOWERS.toLocaleString('en')} followers, ${QUIET_SHARE * 100}% with quiet hours, batches of ${batchSize}`,
);
const seedStarted = performance.now();
await run(
  `INSERT INTO establishments (public_id, name, email) VALUES ('bench-quiet', 'Quiet Bar', 'q@bench.test')`,
);
// Quiet hours 22:00-07:00 in Bratislava for a random share: the three columns set together, as the API writes them.
await run(
  `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified,
                      quiet_start, quiet_end, quiet_time_zone)
   SELECT 'f' || g || '@bench.test', 'x', 'Follower', 'No ' || g, 'customer', true,
          CASE WHEN quiet THEN 1320 END, CASE WHEN quiet THEN 420 END, CASE WHEN quiet THEN 'Europe/Bratislava' END
   FROM (SELECT g, random() < $2 AS quiet FROM generate_series(1, $1::int) g) x`,
  [FOLLOWERS, QUIET_SHARE],
);
await run(
  `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
   SELECT id, 'https://push.bench.test/' || id, 'p', 'a' FROM users WHERE role = 'customer'`,
);
const notificationId = (
  (
    await run(
      `INSERT INTO notifications (establishment_id, text, in_feed, status, audience)
       SELECT id, 'Happy hour at 17:00', true, 'sending', $1 FROM establishments WHERE public_id = 'bench-quiet'
       RETURNING id`,
      [FOLLOWERS],
    )
  ).rows as { id: string }[]
)[0]!.id;
await run(
  `INSERT INTO deliveries (notification_id, target_id, user_id)
   SELECT $1, s.id, s.user_id FROM push_subscriptions s`,
  [notificationId],
);
await run('ANALYZE users; ANALYZE deliveries; ANALYZE push_subscriptions');
const quietUsers = Number(
  ((await run(`SELECT count(*) AS n FROM users WHERE quiet_start IS NOT NULL`)).rows as { n: string }[])[0]!
    .n,
);
console.log(
  `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${quietUsers.toLocaleString('en')} with quiet hours`,
);

// The batches as the fan-out cuts them: (after, upto] over the sorted user ids.
const ids = (
  (await run(`SELECT user_id::text AS id FROM deliveries ORDER BY user_id`)).rows as { id: string }[]
).map((r) => r.id);
const ranges: { after: string | null; upto: string }[] = [];
for (let i = 0; i < ids.length; i += batchSize) {
  ranges.push({ after: i === 0 ? null : ids[i - 1]!, upto: ids[Math.min(i + batchSize, ids.length) - 1]! });
}

/** The batch read before quiet hours: the same statement without the users join. */
async function pendingWithoutQuiet(after: string | null, upto: string) {
  const { rows } = await run(
    `SELECT d.target_id, d.attempts, s.endpoint, s.p256dh, s.auth
       FROM deliveries d LEFT JOIN push_subscriptions s ON s.id = d.target_id
      WHERE d.notification_id = $1 AND d.outcome = 'pending'
        AND ($2::uuid IS NULL OR d.user_id > $2::uuid) AND d.user_id <= $3::uuid`,
    [notificationId, after, upto],
  );
  // Shaped as the push loader shaped them before, so both sides pay the same mapping.
  return (rows as Record<string, unknown>[]).map((r) => ({
    targetId: r.target_id,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    attempts: Number(r.attempts),
  })).length;
}
async function pendingWithQuiet(after: string | null, upto: string) {
  return (await pendingPushes(sql, notificationId, { after, upto })).length;
}

/** Every batch once; the total time in ms (and a check that both read the same rows). */
async function pass(read: (after: string | null, upto: string) => Promise<number>) {
  const started = performance.now();
  let rows = 0;
  for (const { after, upto } of ranges) rows += await read(after, upto);
  if (rows !== FOLLOWERS) throw new Error(`read ${rows} deliveries, expected ${FOLLOWERS}`);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function compare(label: string) {
  const without: number[] = [];
  const withQuiet: number[] = [];
  await pass(pendingWithoutQuiet); // warm the caches for both
  for (let r = 0; r < RUNS; r++) {
    without.push(await pass(pendingWithoutQuiet));
    withQuiet.push(await pass(pendingWithQuiet));
  }
  const a = median(without);
  const b = median(withQuiet);
  console.log(
    `${label}: ${ranges.length} batches; without quiet hours ${a.toFixed(0)} ms (${((a / ranges.length) * 1000).toFixed(0)} µs/batch), with ${b.toFixed(0)} ms (${((b / ranges.length) * 1000).toFixed(0)} µs/batch): ratio ${(b / a).toFixed(2)}x`,
  );
}

await compare('batch read, users_quiet_idx');
await run('DROP INDEX users_quiet_idx');
await compare('batch read, no index       ');

// The morning release: every quiet follower's delivery deferred, then let go as the sweep does.
await run(
  `UPDATE deliveries d SET deferred_until = now() - interval '1 minute'
     FROM users u WHERE u.id = d.user_id AND u.quiet_start IS NOT NULL AND d.notification_id = $1`,
  [notificationId],
);
const releaseStarted = performance.now();
let released = 0;
let statements = 0;
for (;;) {
  const { cleared } = await releaseDueDeferred(sql, new Date(), 20_000);
  statements++;
  released += cleared;
  if (cleared < 20_000) break;
}
const releaseMs = performance.now() - releaseStarted;
console.log(
  `release: ${released.toLocaleString('en')} deferred deliveries let go in ${statements} statements, ${releaseMs.toFixed(0)} ms (${((releaseMs / Math.max(released, 1)) * 1000).toFixed(1)} µs each); their batches to queue again: ${Math.ceil(released / batchSize)}`,
);

await close();
