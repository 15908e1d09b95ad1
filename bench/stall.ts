/**
 * Can heavy requests stall the server? Starts the real server in a
 * process of its own (PGlite in a temporary directory) and measures, over real HTTP:
 *   1. alone: the median latency of a trivial endpoint (GET /health) and of a sign-in;
 *   2. under load: the same while 8 clients keep asking for 2048 px QR code PNGs (of 8 different
 *      establishments) and 8 clients keep uploading pictures;
 * and prints the figures and the ratios (under load / alone). Two kinds of pictures are tried:
 * a 7000x7000 16-bit PNG (about 0.4 MB, 49 megapixels) and an ordinary 24 megapixel
 * photo-sized picture, which is still processed.
 *
 *   npm run bench:stall
 *
 * Rate limits are raised for the run: this measures what processing costs the event loop, not
 * what the limiter spares it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  BENCH_ADMIN as ADMIN,
  adminToken,
  freePort,
  median,
  ms,
  p95,
  photoJpeg,
  startServer,
  stopServer,
  timed,
  version,
} from './support/spawned-server';

const CLIENTS = 8;
const PROBES = 60;

const log = (line: string) => process.stderr.write(`${line}\n`);

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

const port = await freePort();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-stall-'));
log(`server ${version()}, ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)}`);
log('making pictures...');
// Many pixels in few bytes: 7000x7000, 16 bits per channel, one colour, so it is small in bytes.
const hugePng = await sharp({
  create: { width: 7000, height: 7000, channels: 3, background: { r: 200, g: 120, b: 40 } },
})
  .toColourspace('rgb16')
  .png({ compressionLevel: 9 })
  .toBuffer();
// An ordinary large photo: 24 megapixels, about 5 MB.
const photo = await photoJpeg();

const { child, origin } = await startServer(dataDir, port);
try {
  const accessToken = await adminToken(origin);
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
    ['8 QR 2048 px + 8 uploads of 6000x4000 JPEG', photo],
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
  await stopServer(child);
  await rm(dataDir, { recursive: true, force: true });
}
