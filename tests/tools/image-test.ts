/**
 * `npm run test:image`: builds the production image (Containerfile) with podman and tries it as a
 * deployment would, twice:
 *   1. alone, on the embedded database in its /data volume;
 *   2. on PostgreSQL (the server at TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
 *      where a scratch database is made and dropped), as compose.yaml runs it: a web container with
 *      WORKERS=false and a worker container sharing one /data volume.
 * Each time it waits for /ready, checks the image's HEALTHCHECK, registers a follower and sends once
 * through the API (the verification email and the notification email reach a real SMTP sink, so the
 * jobs ran), then stops the containers (SIGTERM, a clean exit). Prints the image's size, the build's
 * time and each start's time to /ready.
 *
 *   npm run test:image [-- --skip-build]
 *
 * Containers run with --network host (the SMTP sink and PostgreSQL are on this machine's loopback)
 * on ports 3401-3402. With runc installed, podman runs it (`--runtime runc`: crun refuses some
 * kernels' cgroup layouts); behind a TLS-intercepting proxy the build gets NODE_EXTRA_CA_CERTS's file
 * as the `ca` secret (Containerfile).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startSmtpSink } from '../support/smtp-sink';
import { type Api, registerAndSend } from './image-test/journey';
import { podman, podmanOutput, podmanRun, runFlags, runtimeFlags } from './image-test/podman';
import { checkWebOnlyPackages } from './image-test/web-only-packages';

const { values: args } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false } } });
const root = path.resolve(import.meta.dirname, '../..');
const image = 'localhost/broadcast:test-image';
const tag = `broadcast-image-test-${process.pid}`;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratchDb = `image_test_${process.pid}`;
const containers: string[] = [];
const volumes: string[] = [];
let dbMade = false;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[test:image] ${line}`);

async function build() {
  const ca = process.env.IMAGE_CA_FILE ?? process.env.NODE_EXTRA_CA_CERTS;
  const secret = ca && existsSync(ca) ? ['--secret', `id=ca,src=${ca}`] : [];
  const started = Date.now();
  await podman(
    [...runtimeFlags(), 'build', '--format', 'docker', ...runFlags(), ...secret, '-t', image, root],
    { quietUnlessFailed: true },
  );
  return Date.now() - started;
}

async function checkImage() {
  const config = JSON.parse(await podmanOutput(['image', 'inspect', '--format', '{{json .Config}}', image]));
  if (config.User !== 'broadcast')
    throw new Error(`the image runs as "${config.User}", not the broadcast user`);
  const health = JSON.parse(
    await podmanOutput(['image', 'inspect', '--format', '{{json .HealthCheck}}', image]),
  );
  if (!health?.Test?.join(' ').includes('/health'))
    throw new Error('the image has no HEALTHCHECK on /health');
  const listing = await podmanOutput([
    ...runtimeFlags(),
    'run',
    '--rm',
    ...runFlags(),
    '--entrypoint',
    'sh',
    image,
    '-c',
    'id -u; ls dist/web/index.html; for p in vite vitest @playwright/test drizzle-kit @biomejs/biome @mui/material react; do [ ! -e node_modules/$p ] || echo "installed: $p"; done',
  ]);
  if (listing.includes('installed:')) throw new Error(`the image holds packages it should not:\n${listing}`);
  if (listing.split('\n')[0] === '0') throw new Error('the image runs as root');
  return Number(await podmanOutput(['image', 'inspect', '--format', '{{.Size}}', image]));
}

async function waitReady(base: string, name: string, since: number) {
  for (;;) {
    const status = await fetch(`${base}/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return Date.now() - since;
    const state = await podmanOutput(['inspect', '--format', '{{.State.Status}}', name]).catch(() => 'gone');
    if (state !== 'running' || Date.now() - since > 180_000) {
      throw new Error(
        `${name} is ${state} and not ready:\n${await podmanOutput(['logs', '--tail', '40', name]).catch(() => '')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM, then the exit code: 0 is a server that drained and closed its database. */
async function stop(name: string) {
  const started = Date.now();
  await podman([...runtimeFlags(), 'stop', '--time', '30', name]);
  const code = await podmanOutput(['inspect', '--format', '{{.State.ExitCode}}', name]);
  if (code !== '0')
    throw new Error(
      `${name} exited with ${code} on SIGTERM:\n${await podmanOutput(['logs', '--tail', '40', name])}`,
    );
  return Date.now() - started;
}

async function start(name: string, volume: string, env: Record<string, string>, command: string[] = []) {
  containers.push(name);
  const envFlags = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  await podmanRun(['--detach', '--name', name, ...envFlags, '-v', `${volume}:/data`, image, ...command]);
}

async function main() {
  checkWebOnlyPackages(root);
  if (!args['skip-build']) log(`built ${image} in ${seconds(await build())}`);
  const size = await checkImage();
  log(`image size ${(size / 1e6).toFixed(0)} MB; runs as broadcast, no development or web-only packages`);

  const mail = await startSmtpSink();
  const common = {
    JWT_SECRET: randomBytes(48).toString('base64'),
    VAPID_SUBJECT: 'mailto:ops@broadcast.sk',
    SMTP_URL: mail.url,
    MAIL_FROM: 'Broadcast <no-reply@broadcast.sk>',
    ADMIN_EMAIL: 'admin@image.test',
    ADMIN_PASSWORD: `Image-${randomBytes(12).toString('hex')}`,
    LOG_LEVEL: 'warn',
  };
  const admin = { email: common.ADMIN_EMAIL, password: common.ADMIN_PASSWORD };

  // 1. Alone, on PGlite in the /data volume.
  const pglite: Api = { base: 'http://127.0.0.1:3401', mail };
  const web1 = `${tag}-pglite`;
  volumes.push(`${tag}-pglite-data`);
  let since = Date.now();
  await start(web1, `${tag}-pglite-data`, { ...common, PORT: '3401', PUBLIC_URL: pglite.base });
  log(`PGlite: /ready ${seconds(await waitReady(pglite.base, web1, since))} after podman run`);
  await podman([...runtimeFlags(), 'healthcheck', 'run', web1]);
  since = Date.now();
  await registerAndSend(pglite, admin, 'pglite');
  log(`PGlite: registered, verified and sent once (both emails delivered) in ${seconds(Date.now() - since)}`);
  log(`PGlite: stopped cleanly in ${seconds(await stop(web1))}`);

  // 2. On PostgreSQL: the web process and a worker, as compose.yaml runs them.
  const admin_ = new pg.Client({ connectionString: adminUrl });
  await admin_.connect();
  await admin_.query(`CREATE DATABASE ${scratchDb}`);
  dbMade = true;
  await admin_.end();
  const url = new URL(adminUrl);
  url.pathname = `/${scratchDb}`;
  const onPg: Api = { base: 'http://127.0.0.1:3402', mail };
  const pgEnv = { ...common, DATABASE_URL: url.toString(), PUBLIC_URL: onPg.base };
  volumes.push(`${tag}-pg-data`);
  since = Date.now();
  await start(`${tag}-web`, `${tag}-pg-data`, { ...pgEnv, PORT: '3402', WORKERS: 'false' });
  await start(`${tag}-worker`, `${tag}-pg-data`, pgEnv, ['node', '--import', 'tsx', 'src/server/worker.ts']);
  log(`PostgreSQL: /ready ${seconds(await waitReady(onPg.base, `${tag}-web`, since))} after podman run`);
  await podman([...runtimeFlags(), 'healthcheck', 'run', `${tag}-web`]);
  since = Date.now();
  await registerAndSend(onPg, admin, 'postgres');
  log(`PostgreSQL: registered, verified and sent once through the worker in ${seconds(Date.now() - since)}`);
  log(
    `PostgreSQL: web stopped cleanly in ${seconds(await stop(`${tag}-web`))}, worker in ${seconds(await stop(`${tag}-worker`))}`,
  );
  await mail.close();
}

async function cleanUp() {
  for (const name of containers)
    await podman([...runtimeFlags(), 'rm', '--force', '--time', '5', name]).catch(() => {});
  for (const volume of volumes) await podman(['volume', 'rm', '--force', volume]).catch(() => {});
  if (dbMade) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${scratchDb} WITH (FORCE)`);
    await client.end();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}
const started = Date.now();
try {
  await main();
  log(`passed in ${seconds(Date.now() - started)}`);
} catch (error) {
  console.error(`[test:image] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  // The SMTP sink's server keeps the event loop alive.
  process.exit(process.exitCode ?? 0);
}
