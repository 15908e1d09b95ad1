/**
 * One send over both channels: `--followers N` (10,000) of whom 40% have a phone
 * subscription, 50% take email only (no phone, consent given) and 10% chose feed only, through the
 * real pipeline to a local push service (fast mode) and a counting SMTP server, each in a process
 * of its own. The baseline, in the same run: the same phone followers alone (a push-only send), for
 * the pushes' pace. Prints pushes and emails accepted, anyone reached twice, the time to the last
 * email, emails per second, and the sender's CPU per delivery.
 *
 *   npm run bench:channels -- [--followers N]
 *
 * PGlite in a temporary directory by default; with DATABASE_URL, a fresh database on that server.
 * EMAIL_RATE_PER_SECOND and the other settings come from the environment, as for the server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startWorkers } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type SqlExecutor } from '../src/server/db/client';
import { send } from '../src/server/modules/notifications/compose.service';
import { generateVapidKeys } from '../src/server/push/vapid';
import { createWorkerContext } from '../src/server/worker-context';
import type { Actor } from '../src/shared/permissions';
import { startPushServiceProcess } from './fanout/push-service';
import { makeSubscribers } from './fanout/subscribers';
import { freshPostgresDatabase } from './support/postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The target: emails into the sink per second on this machine. */
const TARGET_EMAILS_PER_SECOND = 100;

function count(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const n = Number(process.argv[index + 1]);
  if (!Number.isInteger(n) || n < 10) {
    console.error(`--${name} must be a whole number of at least 10`);
    process.exit(2);
  }
  return n;
}

/** The counting SMTP server in its own process: its port, its counts, its pid. */
async function startSmtpCounter() {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/channels/smtp-counter.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the SMTP counter exited (${code}) before it listened`)));
  });
  const { port } = JSON.parse(first) as { port: number };
  return {
    port,
    pid: child.pid!,
    async counts() {
      return (await (await fetch(`http://127.0.0.1:${port + 1}/`)).json()) as {
        accepted: number;
        firstAt: number | null;
        lastAt: number | null;
      };
    },
    stop: () => child.kill('SIGTERM'),
  };
}

/** Users, two establishments (phone followers only; everyone), memberships and subscriptions. */
async function seed(sql: SqlExecutor, followers: number, pushOrigin: string) {
  const adminId = randomUUID();
  await sql.executeSql(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, role, email_verified)
     VALUES ($1, $2, 'not-a-hash', 'Bench', 'Admin', 'admin', true)`,
    [adminId, `admin-${adminId}@bench.test`],
  );
  const [phoneOnly, everyone] = [randomUUID(), randomUUID()];
  for (const [id, name] of [
    [phoneOnly, 'Phone Café'],
    [everyone, 'Mixed Bistro'],
  ] as const) {
    await sql.executeSql(
      `INSERT INTO establishments (id, public_id, name, email, city, country, address1, zip)
       VALUES ($1, $2, $3, 'hello@bench.test', 'Bratislava', 'Slovakia', 'Main Street 1', '811 01')`,
      [id, `bench-${id.slice(0, 8)}`, name],
    );
  }
  const phones = Math.round(followers * 0.4);
  const emails = Math.round(followers * 0.5);
  const subscribers = makeSubscribers(phones);
  const emailUsers = Array.from({ length: emails }, () => randomUUID());
  const feedUsers = Array.from({ length: followers - phones - emails }, () => randomUUID());
  const phoneUsers = subscribers.map((s) => s.userId);
  await sql.executeSql(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, email_verified, marketing_consent)
     SELECT u.id, 'follower-' || u.id || '@bench.test', 'not-a-hash', 'Bench', 'Follower', true, true
       FROM unnest($1::uuid[]) AS u(id)`,
    [[...phoneUsers, ...emailUsers, ...feedUsers]],
  );
  await sql.executeSql(
    `INSERT INTO memberships (user_id, establishment_id, kind, notify)
     SELECT u.id, $2::uuid, 'customer', 'auto' FROM unnest($1::uuid[]) AS u(id)
     UNION ALL SELECT u.id, $3::uuid, 'customer', 'auto' FROM unnest($1::uuid[]) AS u(id)
     UNION ALL SELECT u.id, $3::uuid, 'customer', 'auto' FROM unnest($4::uuid[]) AS u(id)
     UNION ALL SELECT u.id, $3::uuid, 'customer', 'feed' FROM unnest($5::uuid[]) AS u(id)`,
    [phoneUsers, phoneOnly, everyone, emailUsers, feedUsers],
  );
  await sql.executeSql(
    `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth)
     SELECT s.id, s.user_id, $5 || s.id, s.p256dh, s.auth
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS s(id, user_id, p256dh, auth)`,
    [
      subscribers.map((s) => s.id),
      phoneUsers,
      subscribers.map((s) => s.p256dh),
      subscribers.map((s) => s.auth),
      `${pushOrigin}/push/`,
    ],
  );
  await sql.executeSql('ANALYZE users, memberships, push_subscriptions', []).catch(() => {});
  const actor: Actor = { id: adminId, role: 'admin', emailVerified: true, establishments: [] };
  return { actor, phoneOnly, everyone, phones, emails };
}

interface SendFigures {
  seconds: number;
  /** The sender's CPU over the send, µs. */
  cpuMicros: number;
  pushes: number;
  emails: number;
  pushesPerSecond: number;
  emailsPerSecond: number;
  /** Followers with a push and an email of this send, though none chose both. */
  reachedTwice: number;
  cpuMicrosPerDelivery: number;
}

const followers = count('followers', 10_000);
const vapid = generateVapidKeys();
const pushService = await startPushServiceProcess(vapid.publicKey);
const smtp = await startSmtpCounter();
const serverUrl = process.env.DATABASE_URL;
const fresh = serverUrl ? await freshPostgresDatabase(serverUrl, 'channels') : undefined;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-channels-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: fresh?.url,
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  PUSH_CA_FILE: pushService.caFile,
  PUSH_ALLOWED_HOSTS: new URL(pushService.origin).host,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:bench@broadcast.example.com',
  LOG_LEVEL: 'warn',
});
const database = await openDatabase(config.databaseUrl, config.dataDir);
await database.migrate();
const ctx = await createWorkerContext(config, database, pino({ level: 'warn' }));
console.log(
  `bench:channels: ${followers} followers (40% phone, 50% email only, 10% feed only), ${database.kind}, ` +
    `EMAIL_RATE_PER_SECOND=${config.email.perSecond}, EMAIL_CONNECTIONS=${config.email.connections}`,
);
const seeded = await seed(database.sql, followers, pushService.origin);
await startWorkers(ctx);

async function measure(establishmentId: string, text: string): Promise<SendFigures> {
  const pushBefore = await pushService.stats();
  const mailBefore = (await smtp.counts()).accepted;
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  const { post } = await send(ctx, seeded.actor, establishmentId, { text, post: true });
  for (;;) {
    const { rows } = await database.sql.executeSql('SELECT status FROM notifications WHERE id = $1', [
      post.id,
    ]);
    if ((rows[0] as { status: string }).status === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const pushAfter = await pushService.stats();
  const mail = await smtp.counts();
  const pushes = pushAfter.accepted - pushBefore.accepted;
  const emails = mail.accepted - mailBefore;
  const { rows } = await database.sql.executeSql(
    `SELECT count(*)::int AS n FROM (SELECT user_id FROM deliveries WHERE notification_id = $1
       GROUP BY user_id HAVING count(DISTINCT channel) > 1) twice`,
    [post.id],
  );
  const pushSpan = pushAfter.firstAt && pushAfter.lastAt ? (pushAfter.lastAt - started) / 1000 : seconds;
  const emailSpan = emails > 0 && mail.lastAt ? (mail.lastAt - started) / 1000 : 0;
  return {
    seconds,
    pushes,
    emails,
    pushesPerSecond: pushes / pushSpan,
    emailsPerSecond: emailSpan > 0 ? emails / emailSpan : 0,
    reachedTwice: Number((rows[0] as { n: number }).n),
    cpuMicros: cpu.user + cpu.system,
    cpuMicrosPerDelivery: (cpu.user + cpu.system) / Math.max(1, pushes + emails),
  };
}

const baseline = await measure(seeded.phoneOnly, 'Baseline: phones only');
const mixed = await measure(seeded.everyone, 'Lunch today: tomato soup and schnitzel');
const row = (label: string, f: SendFigures) =>
  `${label.padEnd(26)} ${String(f.pushes).padStart(6)} pushes ${String(f.emails).padStart(6)} emails ` +
  `${f.seconds.toFixed(1).padStart(6)} s   pushes ${Math.round(f.pushesPerSecond).toString().padStart(5)}/s   ` +
  `emails ${Math.round(f.emailsPerSecond).toString().padStart(4)}/s   reached twice ${f.reachedTwice}   ` +
  `sender CPU ${Math.round(f.cpuMicrosPerDelivery)} µs/delivery`;
console.log(row('baseline (phones only):', baseline));
console.log(row('mixed send:', mixed));
const exact = mixed.pushes === seeded.phones && mixed.emails === seeded.emails && mixed.reachedTwice === 0;
console.log(
  `expected ${seeded.phones} pushes and ${seeded.emails} emails, nobody twice: ${exact ? 'PASS' : 'FAIL'}; ` +
    `time to the last email ${mixed.seconds.toFixed(1)} s; emails ${Math.round(mixed.emailsPerSecond)}/s ` +
    `(target >= ${TARGET_EMAILS_PER_SECOND}/s): ${mixed.emailsPerSecond >= TARGET_EMAILS_PER_SECOND ? 'PASS' : 'FAIL'}; ` +
    `pushes' pace ${(mixed.pushesPerSecond / baseline.pushesPerSecond).toFixed(2)}x the push-only send`,
);
// The mixed send's CPU less what its pushes cost in the push-only send: what the emails cost.
const perEmail = (mixed.cpuMicros - baseline.cpuMicrosPerDelivery * mixed.pushes) / Math.max(1, mixed.emails);
console.log(
  `sender CPU per email: ${Math.round(perEmail)} µs (the mixed send's CPU less its pushes' at the baseline's cost)`,
);

await ctx.jobs.stop();
await ctx.push.close();
ctx.mailer.close();
await database.close();
await pushService.stop();
smtp.stop();
await rm(dataDir, { recursive: true, force: true });
await fresh?.drop();
process.exit(0);
