/**
 * Can heavy requests stall the server (issue 10, items 6 and 7)? Starts the real server in a
 * process of its own (PGlite in a temporary directory) and measures, over real HTTP:
 *   1. alone: the median latency of a trivial endpoint (GET /health) and of a sign-in;
 *   2. under load: the same while 8 clients keep asking for 2048 px QR code PNGs (of 8 different
 *      establishments) and 8 clients keep uploading pictures;
 * and prints the figures and the ratios (under load / alone). Two kinds of pictures are tried:
 * the 7000x7000 16-bit PNG (about 0.4 MB, 49 megapixels) and an ordinary 24 megapixel
 * photo-sized picture, which is still processed.
 *
 *   npm run bench:stall
 *
 * Rate limits are raised for the run: this measures what processing costs the event loop, not
 * what the limiter spares it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench@bench.test', password: 'bench-password-0123456789' };
const CLIENTS = 8;
const PROBES = 60;

const log = (line: string) => process.stderr.write(`${line}\n`);

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Which server is measured: the commit, and whether src/server differs from it. */
function version(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', cwd: ROOT }).trim();
    const dirty = git('status', '--porcelain', '--', 'src/server') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes in src/server' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** Start src/server/main.ts in its own process and wait until /health answers. */
async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; origin: string }> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The web app is not needed; an empty folder keeps start-up quick.
      WEB_DIST_DIR: dataDir,
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) return { child, origin };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};

/** Milliseconds of one request, the body read; throws on an unexpected status. */
async function timed(url: string, init: RequestInit = {}, expect = 200): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  if (res.status !== expect) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status}`);
  return performance.now() - start;
}

/** Sequential probes of the trivial endpoint and of sign-in, `count` each, interleaved. */
async function probe(origin: string, count: number) {
  const health: number[] = [];
  const signIn: number[] = [];
  for (let i = 0; i < count; i++) {
    health.push(await timed(`${origin}/health`));
    if (i % 4 === 0) {
      signIn.push(
        await timed(`${origin}/api/account/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        }),
      );
    }
  }
  return { health, signIn };
}

interface Load {
  qr: number[];
  uploads: number[];
  uploadStatuses: Map<number, number>;
}

/** 8 QR clients and 8 upload clients, each in a loop until `stop()`. */
function startLoad(origin: string, token: string, establishments: string[], picture: Buffer) {
  let running = true;
  const load: Load = { qr: [], uploads: [], uploadStatuses: new Map() };
  const qrClient = async (i: number) => {
    for (let n = 0; running; n++) {
      const id = establishments[(i + n) % establishments.length]!;
      load.qr.push(await timed(`${origin}/api/establishments/${id}/qr?format=png&size=2048`));
    }
  };
  const uploadClient = async () => {
    while (running) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(picture)]), 'picture');
      const start = performance.now();
      const res = await fetch(`${origin}/api/account/avatar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await res.arrayBuffer();
      load.uploads.push(performance.now() - start);
      load.uploadStatuses.set(res.status, (load.uploadStatuses.get(res.status) ?? 0) + 1);
    }
  };
  const clients = [
    ...Array.from({ length: CLIENTS }, (_, i) => qrClient(i)),
    ...Array.from({ length: CLIENTS }, () => uploadClient()),
  ];
  return {
    load,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const port = await freePort();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-stall-'));
log(`server ${version()}, ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)}`);
log('making pictures...');
// The picture: 7000x7000, 16 bits per channel, one colour, so it is small in bytes.
const hugePng = await sharp({
  create: { width: 7000, height: 7000, channels: 3, background: { r: 200, g: 120, b: 40 } },
})
  .toColourspace('rgb16')
  .png({ compressionLevel: 9 })
  .toBuffer();
// An ordinary large photo: 6000x4000 (24 megapixels) JPEG, with detail (noise) to decode, about 5 MB.
const photoJpeg = await sharp({
  create: {
    width: 6000,
    height: 4000,
    channels: 3,
    background: { r: 90, g: 140, b: 200 },
    noise: { type: 'gaussian', mean: 128, sigma: 15 },
  },
})
  .jpeg({ quality: 80 })
  .toBuffer();

const { child, origin } = await startServer(dataDir, port);
try {
  const loginRes = await fetch(`${origin}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!loginRes.ok) throw new Error(`sign-in failed: ${loginRes.status} ${await loginRes.text()}`);
  const { accessToken } = (await loginRes.json()) as { accessToken: string };
  const establishments: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const res = await fetch(`${origin}/api/establishments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        name: `Bench Café ${i}`,
        email: `cafe${i}@bench.test`,
        phone: '+421 2 1234 5678',
        address1: 'Main Street 1',
        city: 'Bratislava',
        state: 'Bratislava Region',
        zip: '811 01',
        country: 'Slovakia',
        businessId: '12345678',
        taxId: '2020123456',
        vatNumber: 'SK2020123456',
      }),
    });
    if (res.status !== 201) throw new Error(`create establishment: ${res.status} ${await res.text()}`);
    establishments.push(((await res.json()) as { establishment: { id: string } }).establishment.id);
  }

  // Warm-up: JIT, the database's caches, connections.
  await probe(origin, 20);
  log('alone...');
  const alone = await probe(origin, PROBES);

  const rows: string[] = [];
  const header = `${'phase'.padEnd(44)} ${'GET /health median'.padStart(19)} ${'p95'.padStart(10)} ${'sign-in median'.padStart(15)}`;
  rows.push(header);
  const row = (name: string, r: { health: number[]; signIn: number[] }) =>
    `${name.padEnd(44)} ${ms(median(r.health)).padStart(19)} ${ms(p95(r.health)).padStart(10)} ${ms(median(r.signIn)).padStart(15)}`;
  rows.push(row('alone', alone));
  const ratios: string[] = [];
  for (const [name, picture] of [
    ['8 QR 2048 px + 8 uploads of 7000x7000 16-bit PNG', hugePng],
    ['8 QR 2048 px + 8 uploads of 6000x4000 JPEG', photoJpeg],
  ] as const) {
    log(`under load: ${name} (${Math.round(picture.length / 1024)} KB each)...`);
    const running = startLoad(origin, accessToken, establishments, picture);
    // Let the load build up before probing.
    await new Promise((r) => setTimeout(r, 500));
    const loaded = await probe(origin, PROBES);
    await running.stop();
    const { load } = running;
    rows.push(row(name, loaded));
    const statuses = [...load.uploadStatuses].map(([status, n]) => `${n}x ${status}`).join(', ');
    ratios.push(
      `${name}: /health median x${(median(loaded.health) / median(alone.health)).toFixed(1)}, ` +
        `sign-in median x${(median(loaded.signIn) / median(alone.signIn)).toFixed(1)}; ` +
        `${load.qr.length} QR answered (median ${ms(median(load.qr))}), ` +
        `${load.uploads.length} uploads answered (median ${ms(median(load.uploads))}; ${statuses})`,
    );
  }
  console.log(`\nstall benchmark: server ${version()}, ${availableParallelism()} cores`);
  console.log(rows.join('\n'));
  console.log('\nratios, under load / alone:');
  for (const line of ratios) console.log(`  ${line}`);
  console.log(`load average at the end: ${loadavg()[0]!.toFixed(2)}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
