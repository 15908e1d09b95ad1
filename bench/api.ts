/**
 * API speed on PostgreSQL. Creates a fresh database on the PostgreSQL server of
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), migrates it with the app's
 * migrations, seeds it with set-based SQL (1,000 establishments, 1,000,000 posts, 100,000 followers),
 * starts the app as `npm start` runs it (src/server/main.ts, NODE_ENV=production) in a child process,
 * signs in a customer and a client through the API, and loads with autocannon, one after the other:
 *   - the public profile (GET /api/public/establishments/:id, as a guest, over every establishment),
 *   - an establishment's feed page (GET /api/establishments/:id/posts, the customer, over 10 followed),
 *   - the customer's social feed page (GET /api/feed),
 *   - the same kind of page as its operator sees it (the client's own establishment, with delivery
 *     figures: GET /api/establishments/:id/posts),
 *   - the client's dashboard (GET /api/reports/dashboard?establishmentId=),
 *   - the client's inbox list (GET /api/establishments/:id/conversations, all and unanswered, over
 *     10,000 conversations),
 *   - and, in their own process, bare Fastify routes answering JSON of the public profile's size and
 *     of the feed page's (the framework's ceilings on this machine for answers of those sizes), and
 *     a bare node:http server answering the feed page's bytes (the most any Node server answers
 *     here), measured in the same run: the profile's and the dashboard's ratio are to the first,
 *     the feeds' to the second, and the feeds' also to the node:http ceiling (the
 *     follower's page at least 10% of it).
 * Prints req/s, p50, p99, the ratios to the ceilings and the targets, and the load average.
 *
 *   npm run bench:api -- [--duration 20] [--connections 50] [--sessions 1] [--json] [--keep]
 *                        [--reuse URL] [--only profile,posts,operator,feed,dashboard,inbox] [--env KEY=VALUE ...]
 *
 * --sessions N signs the customer and the client in N times and has the requests take the sessions
 * in turn: 1 (the default) is one person's app, whose concurrent requests share the session's
 * reads; 50 is closer to fifty people reading at once, each request reading its own session.
 * --keep leaves the database (its URL is printed); --reuse runs against such a database without
 * seeding or dropping it. --env passes settings to the app (e.g. --env LOG_REQUESTS=all): how each
 * lever was measured. The load generator runs in this process; the app and the ceiling in their own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { type ApiSeed, seedApiDatabase } from './api/seed';
import { freshPostgresDatabase } from './support/postgres';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    sessions: { type: 'string', default: '1' },
    establishments: { type: 'string', default: '1000' },
    posts: { type: 'string', default: '1000000' },
    followers: { type: 'string', default: '100000' },
    only: { type: 'string' },
    env: { type: 'string', multiple: true, default: [] },
    json: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
/** Signed-in sessions per user, taken in turn by the requests: 1, one person's app; more, many people's. */
const SESSIONS = Math.max(1, Number(args.sessions));
const WARMUP = Math.min(3, Math.max(1, Math.round(DURATION / 5)));
const log = (line: string) => {
  if (!args.json) console.log(line);
};

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const children: ChildProcess[] = [];
let drop: (() => Promise<void>) | undefined;
let cleaned = false;

async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  await Promise.all(children.map(stopChild));
  if (drop) {
    log('dropping the scratch database');
    await drop().catch((error: Error) => console.error(`could not drop the database: ${error.message}`));
  }
  rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The ids and people the loads use, read from a seeded database (fresh or --reuse). */
async function readSeed(client: pg.Client): Promise<Omit<ApiSeed, 'steps'>> {
  const publicIds = (
    await client.query<{ public_id: string }>(
      `SELECT public_id FROM establishments WHERE public_id LIKE 'bench-%' AND deleted_at IS NULL
       AND blocked_at IS NULL ORDER BY public_id`,
    )
  ).rows.map((r) => r.public_id);
  const followedIds = (
    await client.query<{ id: string }>(
      `SELECT m.establishment_id AS id FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE u.email = 'customer1@bench.test' ORDER BY 1`,
    )
  ).rows.map((r) => r.id);
  const clientEstablishmentId = (
    await client.query<{ id: string }>(`SELECT id FROM establishments WHERE public_id = 'bench-2'`)
  ).rows[0]!.id;
  return {
    password: 'bench-password-1',
    customerEmail: 'customer1@bench.test',
    clientEmail: 'client2@bench.test',
    publicIds,
    followedIds,
    clientEstablishmentId,
  };
}

async function waitForHealth(base: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${stderr()}`);
    try {
      const response = await fetch(`${base}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer /health within 120 s:\n${stderr()}`);
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

interface Endpoint {
  key: string;
  label: string;
  base: string;
  paths: string[];
  headers?: Record<string, string>;
  /** Bearer tokens taken in turn by the requests (the sessions of one user). */
  tokens?: string[];
  target?: Target;
}

/** What a row must reach: req/s, a p99 under this (ms), a share of the node:http ceiling. */
interface Target {
  rps: number;
  p99?: number;
  httpRatio?: number;
}

interface Row {
  key: string;
  label: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytesPerAnswer: number;
  logBytesPerRequest: number | null;
  load1: number;
  target?: Target;
  pass?: boolean;
  ratio?: number;
  /** Against the bare node:http ceiling answering the feed page's bytes (feeds only). */
  httpRatio?: number;
}

async function load(endpoint: Endpoint, logFile: string | null): Promise<Row> {
  let next = 0;
  const options = (duration: number) => ({
    url: endpoint.base,
    connections: CONNECTIONS,
    duration,
    headers: endpoint.headers ?? {},
    requests: [
      {
        method: 'GET',
        setupRequest: (request: { path?: string; headers?: Record<string, string> }) => {
          const turn = next++;
          request.path = endpoint.paths[turn % endpoint.paths.length];
          if (endpoint.tokens) {
            const token = endpoint.tokens[turn % endpoint.tokens.length];
            request.headers = { ...request.headers, authorization: `Bearer ${token}` };
          }
          return request;
        },
      },
    ],
  });
  await autocannon(options(WARMUP));
  const logBefore = logFile ? statSync(logFile).size : 0;
  const result: Result = await autocannon(options(DURATION));
  const logAfter = logFile ? statSync(logFile).size : 0;
  const requests = result.requests.total;
  return {
    key: endpoint.key,
    label: endpoint.label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerAnswer: requests ? Math.round(result.throughput.total / requests) : 0,
    logBytesPerRequest: logFile && requests ? (logAfter - logBefore) / requests : null,
    load1: os.loadavg()[0]!,
    ...(endpoint.target ? { target: endpoint.target } : {}),
  };
}

async function main() {
  const loadBefore = os.loadavg();
  let databaseUrl: string;
  let seedSteps: [string, number][] = [];
  if (args.reuse) {
    databaseUrl = args.reuse;
    log(`reusing ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
  } else {
    const fresh = await freshPostgresDatabase(adminUrl, 'api');
    databaseUrl = fresh.url;
    if (!args.keep) drop = fresh.drop;
    log(`migrating ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
    const database = await openDatabase(databaseUrl, tmp);
    await database.migrate();
    await database.close();
    log('seeding');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const started = performance.now();
    const seeded = await seedApiDatabase(client, {
      establishments: Number(args.establishments),
      posts: Number(args.posts),
      followers: Number(args.followers),
    });
    seedSteps = seeded.steps;
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await client.end();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seed = await readSeed(client);
  await client.end();

  // The app, as `npm start` runs it, in its own process; its logs to a file (bytes per request).
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(tmp, 'app.log');
  const logFd = openSync(logFile, 'w');
  const extraEnv = Object.fromEntries(
    (args.env ?? []).map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  let appStderr = '';
  const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-api-secret-0123456789abcdef0123456789',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(tmp, 'data'),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      // One client IP sends everything: per-IP limits would refuse the load, not measure it.
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000000',
      // --sessions signs the same two people in many times.
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000000',
      // Production refuses a VAPID contact on localhost; no push leaves this run.
      VAPID_SUBJECT: 'mailto:bench@broadcast.example.com',
      ...extraEnv,
    },
    stdio: ['ignore', logFd, 'pipe'],
  });
  closeSync(logFd);
  children.push(app);
  app.stderr!.on('data', (chunk: Buffer) => {
    appStderr = (appStderr + chunk.toString()).slice(-10_000);
  });
  await waitForHealth(base, app, () => appStderr);
  const customers: string[] = [];
  const operators: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    customers.push(await signIn(base, seed.customerEmail, seed.password));
    operators.push(await signIn(base, seed.clientEmail, seed.password));
  }
  const customer = customers[0]!;

  // The ceilings answer the public profile's JSON and a feed page's, whatever their sizes today.
  const profileFile = path.join(tmp, 'ceiling-profile.json');
  writeFileSync(
    profileFile,
    await (await fetch(`${base}/api/public/establishments/${seed.publicIds[0]}`)).text(),
  );
  const feedFile = path.join(tmp, 'ceiling-feed.json');
  writeFileSync(
    feedFile,
    await (
      await fetch(`${base}/api/establishments/${seed.followedIds[0]}/posts`, {
        headers: { authorization: `Bearer ${customer}` },
      })
    ).text(),
  );
  const ceiling = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'api/ceiling.ts'), profileFile, feedFile],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(ceiling);
  const [ceilingPort, httpCeilingPort] = await new Promise<[number, number]>((resolve, reject) => {
    let out = '';
    ceiling.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+) (\d+)/.exec(out);
      if (match) resolve([Number(match[1]), Number(match[2])]);
    });
    ceiling.once('exit', (code) => reject(new Error(`the ceiling process exited (${code})`)));
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const signedIn = (tokens: string[]) => ({ headers: bearer(tokens[0]!), tokens });
  const endpoints: Endpoint[] = [
    {
      key: 'ceiling',
      label: "bare Fastify, the profile's JSON",
      base: `http://127.0.0.1:${ceilingPort}`,
      paths: ['/ceiling/0'],
    },
    {
      key: 'ceiling-feed',
      label: "bare Fastify, a feed page's JSON",
      base: `http://127.0.0.1:${ceilingPort}`,
      paths: ['/ceiling/1'],
    },
    {
      key: 'ceiling-http',
      label: "bare node:http, a feed page's JSON",
      base: `http://127.0.0.1:${httpCeilingPort}`,
      paths: ['/ceiling/1'],
    },
    {
      key: 'profile',
      label: 'public profile (guest)',
      base,
      paths: seed.publicIds.map((id) => `/api/public/establishments/${id}`),
      target: { rps: 3000, p99: 50 },
    },
    {
      key: 'posts',
      label: "establishment's feed page",
      base,
      paths: seed.followedIds.map((id) => `/api/establishments/${id}/posts`),
      ...signedIn(customers),
      target: { rps: 2000, p99: 50, httpRatio: 0.1 },
    },
    {
      key: 'operator',
      label: "establishment's feed page (its operator)",
      base,
      paths: [`/api/establishments/${seed.clientEstablishmentId}/posts`],
      ...signedIn(operators),
      target: { rps: 1000 },
    },
    {
      key: 'feed',
      label: 'social feed page (customer)',
      base,
      paths: ['/api/feed'],
      ...signedIn(customers),
      target: { rps: 2000, p99: 50 },
    },
    {
      key: 'dashboard',
      label: 'dashboard (client)',
      base,
      paths: [`/api/reports/dashboard?establishmentId=${seed.clientEstablishmentId}`],
      ...signedIn(operators),
      target: { rps: 2000, p99: 50 },
    },
    {
      key: 'inbox',
      label: 'inbox list (client, 10,000 conversations)',
      base,
      paths: [
        `/api/establishments/${seed.clientEstablishmentId}/conversations`,
        `/api/establishments/${seed.clientEstablishmentId}/conversations?filter=unanswered`,
      ],
      ...signedIn(operators),
      target: { rps: 1000, p99: 50 },
    },
  ];
  const only = args.only?.split(',');
  const chosen = endpoints.filter((e) => !only || only.includes(e.key) || e.key.startsWith('ceiling'));

  // Every path answers 200 before it is loaded: a fast error page is not a result.
  for (const endpoint of chosen) {
    const response = await fetch(`${endpoint.base}${endpoint.paths[0]}`, { headers: endpoint.headers });
    if (response.status !== 200) {
      throw new Error(`${endpoint.label}: ${response.status} ${await response.text()}`);
    }
  }

  log(
    `load: ${CONNECTIONS} connections, ${DURATION} s each (after ${WARMUP} s of warm-up), ` +
      `${SESSIONS} session${SESSIONS === 1 ? '' : 's'} per signed-in user; ` +
      `load average before: ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`,
  );
  const rows: Row[] = [];
  for (const endpoint of chosen) {
    log(`  ${endpoint.label}...`);
    rows.push(await load(endpoint, endpoint.key.startsWith('ceiling') ? null : logFile));
  }
  const loadAfter = os.loadavg();
  const ceilingOf = (key: string) => rows.find((r) => r.key === key)!.rps;
  const feeds = ['posts', 'operator', 'feed'];
  for (const row of rows) {
    row.ratio = row.rps / ceilingOf(feeds.includes(row.key) ? 'ceiling-feed' : 'ceiling');
    if (feeds.includes(row.key)) row.httpRatio = row.rps / ceilingOf('ceiling-http');
    const target = row.target;
    if (target) {
      row.pass =
        row.rps >= target.rps &&
        (target.p99 === undefined || row.p99 < target.p99) &&
        (target.httpRatio === undefined || row.httpRatio! >= target.httpRatio) &&
        row.non2xx === 0 &&
        row.errors === 0;
    }
  }

  if (args.json) {
    console.log(
      JSON.stringify({
        connections: CONNECTIONS,
        duration: DURATION,
        cores: os.cpus().length,
        loadBefore,
        loadAfter,
        seedSteps,
        env: extraEnv,
        rows,
      }),
    );
  } else {
    const table = [
      [
        'endpoint',
        'req/s',
        'p50 ms',
        'p99 ms',
        'x ceiling',
        'x node:http',
        'bytes',
        'log B/req',
        'non-2xx',
        'target',
        'result',
      ],
      ...rows.map((r) => [
        r.label,
        Math.round(r.rps).toLocaleString('en'),
        String(r.p50),
        String(r.p99),
        r.key.startsWith('ceiling') ? '1' : r.ratio!.toFixed(2),
        r.httpRatio === undefined ? '' : r.httpRatio.toFixed(3),
        String(r.bytesPerAnswer),
        r.logBytesPerRequest === null ? '' : r.logBytesPerRequest.toFixed(1),
        String(r.non2xx + r.errors),
        r.target ? targetText(r.target) : '',
        r.pass === undefined ? '' : r.pass ? 'PASS' : 'FAIL',
      ]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
    console.log('');
    for (const line of table) {
      console.log(
        line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
      );
    }
    console.log('');
    console.log(
      `${os.cpus().length} cores; load average before ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, ` +
        `after ${loadAfter.map((v) => v.toFixed(2)).join(' ')}`,
    );
    if (args.keep && !args.reuse) console.log(`database kept: ${databaseUrl}`);
  }
  return rows.every((r) => r.pass !== false);
}

function targetText(target: Target): string {
  return [
    `>= ${target.rps.toLocaleString('en')}/s`,
    ...(target.p99 === undefined ? [] : [`p99 < ${target.p99} ms`]),
    ...(target.httpRatio === undefined ? [] : [`>= ${target.httpRatio} x node:http`]),
  ].join(', ');
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);
