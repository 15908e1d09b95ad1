/**
 * How much memory an export of 100,000 users takes (exports stream, so 100,000 rows should
 * neither time out nor hold memory). Starts the real app on a port, writes N customers (a tenth
 * following one business), then downloads GET /api/management/export/users as CSV and as JSON over
 * real HTTP, reading the body as it arrives and keeping none of it, while sampling the process's
 * heap and RSS. The baseline, in the same run and database, is what a non-streamed export costs:
 * every row read at once and the whole CSV (and JSON) built as one string before it is sent.
 *
 *   npm run bench:export-memory -- [--users N]
 *
 * PGlite in memory by default; with DATABASE_URL (a PostgreSQL server), a fresh database on that
 * server, dropped at the end. Run with --expose-gc (the npm script does) so the baseline is a
 * collected heap rather than whatever garbage the seeding left.
 */
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { users } from '../src/server/db/schema';
import { startAdminBenchApp } from './support/admin-app';

const { values: args } = parseArgs({ options: { users: { type: 'string', default: '100000' } } });
const USERS = Number(args.users);
const MB = 1024 * 1024;

const { app, ctx, sql, authorization, close } = await startAdminBenchApp('export');
const [venue] = (
  await sql.executeSql(
    `INSERT INTO establishments (public_id, name) VALUES ('bench-export', 'Kaviareň Benchmark') RETURNING id`,
    [],
  )
).rows as { id: string }[];

const seeding = performance.now();
await sql.executeSql(
  `INSERT INTO users (email, password_hash, first_name, last_name, phone, role, email_verified, created_at)
   SELECT 'customer' || g || '@bench.test', 'x',
          (ARRAY['Zlatý','Ľubomír','Anna','Jozef','Mária','Šimon','Žofia','Péter','Éva','Tomáš'])[1 + g % 10],
          (ARRAY['Novák','Kováč','Horváth','Varga','Tóth','Nagy','Baláž','Molnár','Szabó','Košický'])[1 + (g / 10) % 10]
            || ' ' || g,
          '+421 9' || lpad((g % 100000000)::text, 8, '0'), 'customer', g % 3 <> 0,
          now() - g * interval '1 second'
   FROM generate_series(1, $1::int) AS g`,
  [USERS],
);
await sql.executeSql(
  `INSERT INTO memberships (user_id, establishment_id, kind)
   SELECT id, $1, 'customer' FROM users WHERE email LIKE 'customer%' AND right(split_part(email, '@', 1), 1) = '7'`,
  [venue!.id],
);
await sql.executeSql('ANALYZE users', []);
await sql.executeSql('ANALYZE memberships', []);
const seededMs = performance.now() - seeding;

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const gc = (globalThis as { gc?: () => void }).gc;

interface Measure {
  label: string;
  rows: number;
  bytes: number;
  ms: number;
  heapMb: number;
  rssMb: number;
}

type Work = () => Promise<{ rows: number; bytes: number; keep?: unknown }>;

/**
 * Run `work` twice. First timed, sampling only RSS (every 5 ms, as the system sees the process).
 * Then for the heap: every 250 ms a full collection and the heap in use, so the figure is what the
 * export holds, not garbage waiting for the collector (the collections slow that run down, hence
 * two runs). Growth is the peak over the (collected) heap and the RSS before.
 */
async function measure(label: string, work: Work): Promise<Measure> {
  gc?.();
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampleRss = () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  };
  const rssTimer = setInterval(sampleRss, 5);
  const started = performance.now();
  const timed = await work();
  const ms = performance.now() - started;
  sampleRss();
  clearInterval(rssTimer);

  gc?.();
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampleHeap = () => {
    gc?.();
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  const heapTimer = setInterval(sampleHeap, 250);
  const held = await work();
  // While the result is still held: a non-streamed file is at its largest now.
  sampleHeap();
  clearInterval(heapTimer);
  if (held.rows !== timed.rows) throw new Error(`${label}: ${held.rows} rows, then ${timed.rows}`);
  return {
    label,
    rows: timed.rows,
    bytes: timed.bytes,
    ms,
    heapMb: (heapPeak - heapBefore) / MB,
    rssMb: (rssPeak - rssBefore) / MB,
  };
}

/** Download an export over HTTP, counting bytes and lines as they arrive, keeping none of them. */
async function download(query: string, encoding = 'identity') {
  const res = await fetch(`${address}/api/management/export/users?${query}`, {
    headers: { authorization, 'accept-encoding': encoding },
  });
  if (res.status !== 200 || !res.body) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
    // Let the sampler run between chunks.
    await new Promise(setImmediate);
  }
  // CSV: a header line, then one per row; JSON: "[", one line per row, "]".
  return { rows: newlines - (query.includes('json') ? 2 : 1), bytes };
}

/** The export without streaming: every row read in one query, the whole file built, then "sent". */
async function unstreamed(format: 'csv' | 'json') {
  const all = await ctx.db.select().from(users).orderBy(users.createdAt);
  const rows = all.map((u) => ({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    role: u.role,
    emailVerified: u.emailVerified,
    discountedPrices: u.discountedPrices,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  }));
  const body =
    format === 'csv'
      ? stringify(
          rows.map((r) => Object.values(r)),
          { bom: true },
        )
      : JSON.stringify(rows);
  return { rows: rows.length, bytes: Buffer.byteLength(body), keep: [all, rows, body] };
}

// A first small export warms up the code paths, so the first measure is not paying for compilation.
await download('format=csv&search=zzzz');
const results = [
  await measure('streamed CSV', () => download('format=csv')),
  await measure('streamed JSON', () => download('format=json')),
  await measure('streamed CSV, gzip', async () => download('format=csv', 'gzip')),
  await measure('baseline: whole CSV in memory', () => unstreamed('csv')),
  await measure('baseline: whole JSON in memory', () => unstreamed('json')),
];

console.log(
  `users export, ${USERS.toLocaleString('en')} users on ${ctx.database.kind} (seeded in ${(seededMs / 1000).toFixed(1)} s), over HTTP on ${address}`,
);
console.log(
  'run'.padEnd(34),
  'rows'.padStart(8),
  'MB'.padStart(7),
  's'.padStart(6),
  'heap +MB'.padStart(9),
  'RSS +MB'.padStart(8),
);
for (const r of results) {
  console.log(
    r.label.padEnd(34),
    String(r.rows).padStart(8),
    (r.bytes / MB).toFixed(1).padStart(7),
    (r.ms / 1000).toFixed(2).padStart(6),
    r.heapMb.toFixed(1).padStart(9),
    r.rssMb.toFixed(1).padStart(8),
  );
}
const [csv, json, , wholeCsv, wholeJson] = results as [Measure, Measure, Measure, Measure, Measure];
console.log(
  `peak heap growth, whole file in memory / streamed: CSV ${(wholeCsv.heapMb / csv.heapMb).toFixed(1)}x, JSON ${(wholeJson.heapMb / json.heapMb).toFixed(1)}x`,
);
console.log(
  '(heap +MB: the peak of the live heap, collected every 250 ms in a second run, over the collected heap before; RSS +MB: the peak RSS over the RSS before. The server and the downloading client share this process; the baseline builds the file and does not even send it)',
);
if (csv.rows !== USERS + 1 || json.rows !== USERS + 1)
  console.log(`WARNING: expected ${USERS + 1} rows (the users and the admin)`);

await close();
