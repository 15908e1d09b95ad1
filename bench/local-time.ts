/**
 * A send at each follower's local time, across 24 time zones, through the whole pipeline: the
 * app's workers, the scheduler, the minute sweep and a real local push service (its own process).
 * `--per-zone` (250) followers in each of 24 zones, one device each, plus as many with no zone
 * (they get the business's time). The business (Europe/Bratislava) schedules "17:00, each
 * follower's local time" on a winter day. The product's clock (ctx.now) then walks minute by
 * minute from before the send's release to after the last zone's 17:00, running the scheduler and
 * the minute sweep at each minute as the cron jobs do, and waits for the workers to finish what
 * each minute let go.
 * - Each delivery's time: the product's minute at which the push service accepted it, against
 *   17:00 on its follower's clock. Target: every one within a minute (0 <= late < 60 s), none early.
 * - The real time from a minute's sweep to the last push it let go being accepted (p50, max).
 *
 *   npm run bench:local-time -- [--per-zone 250]
 *
 * PGlite in memory by default; with DATABASE_URL, a fresh database on that PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { startWorkers } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { releaseDueNotifications } from '../src/server/jobs/release-scheduled.job';
import { sweepJobs } from '../src/server/jobs/sweep.job';
import { send } from '../src/server/modules/notifications/compose.service';
import { generateVapidKeys } from '../src/server/push/vapid';
import { createWorkerContext } from '../src/server/worker-context';
import type { Actor } from '../src/shared/permissions';
import { zonedToInstant } from '../src/shared/zoned-time';
import { startPushServiceProcess } from './fanout/push-service';
import { makeSubscribers } from './fanout/subscribers';
import { freshPostgresDatabase } from './support/postgres';

const { values: args } = parseArgs({ options: { 'per-zone': { type: 'string', default: '250' } } });
const PER_ZONE = Number(args['per-zone']);
/** One zone per whole-hour offset from UTC-11 to UTC+14 but two (24), on 20 November. */
const ZONES = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/Sao_Paulo',
  'Atlantic/Azores',
  'Europe/London',
  'Europe/Paris',
  'Europe/Athens',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];
const BUSINESS_ZONE = 'Europe/Bratislava';
const DAY = '2025-11-20';
const TIME = '17:00';
const MINUTE = 60_000;

const vapid = generateVapidKeys();
const pushService = await startPushServiceProcess(vapid.publicKey);
const serverUrl = process.env.DATABASE_URL;
const fresh = serverUrl ? await freshPostgresDatabase(serverUrl, 'local_time') : undefined;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-local-time-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: fresh?.url,
  PUSH_CA_FILE: pushService.caFile,
  PUSH_ALLOWED_HOSTS: new URL(pushService.origin).host,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:bench@broadcast.example.com',
  LOG_LEVEL: 'warn',
});
const database = await openDatabase(config.databaseUrl, config.dataDir);
await database.migrate();
const { sql } = database;
const ctx = await createWorkerContext(config, database, pino({ level: 'warn' }));
// The product's clock, walked by the loop below.
let clock = new Date(`${DAY}T00:00:00Z`);
ctx.now = () => clock;

// Seed: a business, its admin, followers in each zone and without one, a device each.
const adminId = randomUUID();
const establishmentId = randomUUID();
await sql.executeSql(
  `INSERT INTO users (id, email, password_hash, first_name, last_name, role, email_verified)
   VALUES ($1, 'admin@bench.test', 'not-a-hash', 'Bench', 'Admin', 'admin', true)`,
  [adminId],
);
await sql.executeSql(
  `INSERT INTO establishments (id, public_id, name, email, time_zone) VALUES ($1, 'bench-local', 'Local Bar', 'l@bench.test', $2)`,
  [establishmentId, BUSINESS_ZONE],
);
const groups = [...ZONES, null];
const subscribers = makeSubscribers(PER_ZONE * groups.length);
const zoneOfUser = new Map<string, string | null>();
for (const [i, s] of subscribers.entries()) zoneOfUser.set(s.userId, groups[Math.floor(i / PER_ZONE)]!);
await sql.executeSql(
  `INSERT INTO users (id, email, password_hash, first_name, last_name, email_verified, time_zone)
   SELECT u.id, 'f-' || u.id || '@bench.test', 'x', 'Bench', 'Follower', true, u.zone
     FROM unnest($1::uuid[], $2::text[]) AS u(id, zone)`,
  [subscribers.map((s) => s.userId), subscribers.map((s) => zoneOfUser.get(s.userId))],
);
await sql.executeSql(
  `INSERT INTO memberships (user_id, establishment_id, kind) SELECT id, $2, 'customer' FROM unnest($1::uuid[]) id`,
  [subscribers.map((s) => s.userId), establishmentId],
);
await sql.executeSql(
  `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth)
   SELECT s.id, s.user_id, $5 || s.id, s.p256dh, s.auth
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS s(id, user_id, p256dh, auth)`,
  [
    subscribers.map((s) => s.id),
    subscribers.map((s) => s.userId),
    subscribers.map((s) => s.p256dh),
    subscribers.map((s) => s.auth),
    `${pushService.origin}/push/`,
  ],
);
await startWorkers(ctx);
console.log(
  `bench:local-time: ${database.kind}, ${subscribers.length.toLocaleString('en')} followers: ${PER_ZONE} in each of ` +
    `${ZONES.length} zones and ${PER_ZONE} with none (the business's, ${BUSINESS_ZONE}); "${TIME} each follower's local time" on ${DAY}`,
);

const actor: Actor = { id: adminId, role: 'admin', emailVerified: true, establishments: [] };
const scheduledFor = zonedToInstant({ date: DAY, time: TIME }, BUSINESS_ZONE)!;
clock = new Date(`${DAY}T00:00:00Z`);
clock = new Date(clock.getTime() - 12 * 3600_000);
const { post } = await send(ctx, actor, establishmentId, {
  text: 'Happy hour at five',
  post: true,
  scheduledFor: scheduledFor.toISOString(),
  localTime: true,
});
const dueOf = (zone: string | null) =>
  zonedToInstant({ date: DAY, time: TIME }, zone ?? BUSINESS_ZONE)!.getTime();
const first = Math.min(...ZONES.map(dueOf));
const last = Math.max(...ZONES.map(dueOf));

const sweep = sweepJobs(ctx)[0]!;
const sentAt = new Map<string, number>();
const drainTimes: number[] = [];
const waitUntilSettled = async () => {
  for (;;) {
    const { rows } = await sql.executeSql(
      `SELECT (SELECT batches_done FROM notifications WHERE id = $1) AS done,
              (SELECT count(*)::int FROM deliveries WHERE notification_id = $1 AND outcome = 'pending'
                  AND deferred_until IS NULL) AS waiting`,
      [post.id],
    );
    const row = rows[0] as { done: boolean; waiting: number };
    if (row.done && row.waiting === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
};
const walkStarted = performance.now();
let minutes = 0;
for (let at = first - 2 * MINUTE; at <= last + 2 * MINUTE; at += MINUTE) {
  clock = new Date(at);
  minutes++;
  const { rows } = await sql.executeSql(
    `SELECT count(*)::int AS n FROM deliveries WHERE deferred_until IS NOT NULL AND deferred_until <= $1`,
    [clock.toISOString()],
  );
  const started = performance.now();
  const released = await releaseDueNotifications(ctx, clock);
  await sweep.handle({});
  if (released.length === 0 && (rows[0] as { n: number }).n === 0) continue;
  await waitUntilSettled();
  drainTimes.push(performance.now() - started);
  const sent = await sql.executeSql(
    `SELECT user_id FROM deliveries WHERE notification_id = $1 AND outcome = 'sent'`,
    [post.id],
  );
  for (const { user_id } of sent.rows as { user_id: string }[])
    if (!sentAt.has(user_id)) sentAt.set(user_id, at);
}
const walkSeconds = (performance.now() - walkStarted) / 1000;

const lateness = subscribers.map((s) => {
  const at = sentAt.get(s.userId);
  return at === undefined ? Number.NaN : at - dueOf(zoneOfUser.get(s.userId)!);
});
const missing = lateness.filter(Number.isNaN).length;
const early = lateness.filter((l) => l < 0).length;
const late = lateness.filter((l) => l >= MINUTE).length;
const sorted = [...drainTimes].sort((x, y) => x - y);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const stats = await pushService.stats();
console.log(
  `walked ${minutes} minutes of the product's clock (${new Date(first - 2 * MINUTE).toISOString()} to ` +
    `${new Date(last + 2 * MINUTE).toISOString()}) in ${walkSeconds.toFixed(1)} s; ${stats.accepted} pushes accepted`,
);
console.log(
  `each delivery against its follower's ${TIME}: ${subscribers.length - missing - early - late} within the minute, ` +
    `${early} early, ${late} a minute or more late, ${missing} never sent: ` +
    `${missing + early + late === 0 ? 'PASS' : 'FAIL'}`,
);
console.log(
  `real time from a minute's sweep to its last push accepted (${drainTimes.length} minutes with deliveries): ` +
    `p50 ${pct(0.5).toFixed(0)} ms, p95 ${pct(0.95).toFixed(0)} ms, max ${pct(1).toFixed(0)} ms`,
);

await ctx.jobs.stop();
await ctx.push.close();
ctx.mailer.close();
await database.close();
await fresh?.drop();
await rm(dataDir, { recursive: true, force: true });
await pushService.stop();
