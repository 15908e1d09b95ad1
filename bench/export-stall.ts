/**
 * Do heavy exports and large uploads starve everyone else? Starts the real
 * server in a process of its own on a fresh PostgreSQL database with 100,000 customers, and measures
 * over real HTTP the latency of a trivial endpoint (GET /health, probed one after another):
 *   1. alone;
 *   2. while 4 admins' exports of all users (CSV, 100,000 rows each) and 8 uploads of a 24-megapixel
 *      photo run at once (the uploads start again until the exports are done);
 * and prints median, p95, max and how many probes took over 100 ms, with the ratios against the
 * first run. Targets: median under 3x alone, p95 under 100 ms.
 *
 *   npm run bench:export-stall -- [--users N] [--exports N] [--uploads N]
 *
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test); the
 * fresh database is dropped at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../src/server/lib/passwords';
import { freshPostgresDatabase } from './support/postgres';
import {
  adminToken,
  freePort,
  median,
  ms,
  p95,
  photoJpeg,
  signIn,
  startServer,
  stopServer,
  timed,
  version,
} from './support/spawned-server';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    exports: { type: 'string', default: '4' },
    uploads: { type: 'string', default: '8' },
  },
});
const USERS = Number(args.users);
const EXPORTS = Number(args.exports);
const UPLOADS = Number(args.uploads);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Probe /health one request after another until `until` settles; answers every latency. */
async function probeWhile(origin: string, until: Promise<unknown> | number): Promise<number[]> {
  const samples: number[] = [];
  let done = false;
  if (typeof until === 'number') setTimeout(() => (done = true), until);
  // Settled either way (a failure is thrown by whoever awaits `until`), never an unhandled rejection.
  else
    until.then(
      () => (done = true),
      () => (done = true),
    );
  while (!done) {
    samples.push(await timed(`${origin}/health`));
    await new Promise((r) => setTimeout(r, 20));
  }
  return samples;
}

/** An admin's export of every user as CSV, read to the end; answers its seconds and bytes. */
async function exportUsers(origin: string, token: string) {
  const start = performance.now();
  const res = await fetch(`${origin}/api/management/export/users?format=csv`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
  });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  return { seconds: (performance.now() - start) / 1000, bytes };
}

/** Uploads of `picture` as an avatar, one after another, until `running()` turns false. */
async function uploadLoop(origin: string, token: string, picture: Buffer, running: () => boolean) {
  const statuses: number[] = [];
  do {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)]), 'photo.jpg');
    const res = await fetch(`${origin}/api/account/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  } while (running());
  return statuses;
}

const summary = (samples: number[]) => ({
  median: median(samples),
  p95: p95(samples),
  max: Math.max(...samples),
  over100: samples.filter((value) => value > 100).length,
  count: samples.length,
});

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const fresh = await freshPostgresDatabase(serverUrl, 'export_stall');
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-export-stall-'));
log(`server ${version()}, ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)}`);
const { child, origin } = await startServer(dataDir, await freePort(), {
  DATABASE_URL: fresh.url,
  WORKERS: 'false',
});
try {
  log(`seeding ${USERS} customers...`);
  const db = new pg.Client({ connectionString: fresh.url });
  await db.connect();
  await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, phone, role, email_verified, created_at)
     SELECT 'customer' || g || '@bench.test', 'x',
            (ARRAY['Zlatý','Ľubomír','Anna','Jozef','Mária','Šimon','Žofia','Péter','Éva','Tomáš'])[1 + g % 10],
            (ARRAY['Novák','Kováč','Horváth','Varga','Tóth','Nagy','Baláž','Molnár','Szabó','Košický'])[1 + (g / 10) % 10] || ' ' || g,
            '+421 9' || lpad((g % 100000000)::text, 8, '0'), 'customer', g % 3 <> 0, now() - g * interval '1 second'
     FROM generate_series(1, $1::int) AS g`,
    [USERS],
  );
  await db.query('ANALYZE users');
  // One admin per export: each person has one export at a time.
  const password = 'bench-export-password-0123';
  const hash = await hashPassword(password);
  const admins = Array.from({ length: EXPORTS }, (_, i) => `exporter${i}@bench.test`);
  for (const email of admins) {
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified)
       VALUES ($1, $2, 'Export', 'Admin', 'admin', true)`,
      [email, hash],
    );
  }
  await db.end();

  const photo = await photoJpeg();

  const token = await adminToken(origin);
  const exporters = await Promise.all(admins.map((email) => signIn(origin, { email, password })));
  // Warm-up: JIT, connections, caches; one export, so its query plans are warm too.
  await probeWhile(origin, 1_000);
  await exportUsers(origin, token);

  log('alone...');
  const alone = await probeWhile(origin, 8_000);

  log(`${EXPORTS} exports of ${USERS} users and ${UPLOADS} uploads of a 24-megapixel photo...`);
  let exporting = true;
  const started = performance.now();
  const exports = Promise.all(exporters.map((exporter) => exportUsers(origin, exporter))).finally(
    () => (exporting = false),
  );
  const uploads = Promise.all(
    Array.from({ length: UPLOADS }, () => uploadLoop(origin, token, photo, () => exporting)),
  );
  const loaded = await probeWhile(origin, exports);
  const exported = await exports;
  const uploaded = (await uploads).flat();
  const wall = (performance.now() - started) / 1000;

  const a = summary(alone);
  const l = summary(loaded);
  const line = (name: string, s: ReturnType<typeof summary>) =>
    `${name.padEnd(46)} ${ms(s.median).padStart(10)} ${ms(s.p95).padStart(10)} ${ms(s.max).padStart(10)} ${`${s.over100}/${s.count}`.padStart(10)}`;
  const statuses = new Map<number, number>();
  for (const status of uploaded) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  console.log(`\nexport-stall benchmark: server ${version()}, ${availableParallelism()} cores, PostgreSQL`);
  console.log(
    `${'GET /health'.padEnd(46)} ${'median'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)} ${'>100 ms'.padStart(10)}`,
  );
  console.log(line('alone', a));
  console.log(line(`${EXPORTS} exports x ${USERS} rows + ${UPLOADS} uploads`, l));
  console.log(
    `ratio under load / alone: median x${(l.median / a.median).toFixed(2)}, p95 x${(l.p95 / a.p95).toFixed(2)} ` +
      `(targets: median under x3, p95 under 100 ms: ${l.median / a.median < 3 && l.p95 < 100 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `exports: ${exported.map((e) => `${e.seconds.toFixed(1)} s`).join(', ')} ` +
      `(${(exported[0]!.bytes / 1024 / 1024).toFixed(1)} MB of CSV each, sent compressed); all done in ${wall.toFixed(1)} s`,
  );
  console.log(
    `uploads: ${uploaded.length} answered (${[...statuses].map(([s, n]) => `${n}x ${s}`).join(', ')})`,
  );
  console.log(`load average at the end: ${loadavg()[0]!.toFixed(2)}`);
} finally {
  await stopServer(child);
  await rm(dataDir, { recursive: true, force: true });
  await fresh.drop();
}
