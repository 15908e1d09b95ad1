import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** The repository's root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The admin the spawned server creates at start. */
export const BENCH_ADMIN = { email: 'bench@bench.test', password: 'bench-password-0123456789' };

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
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
export function version(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', cwd: ROOT }).trim();
    const dirty = git('status', '--porcelain', '--', 'src/server') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes in src/server' : ''}`;
  } catch {
    return 'unknown';
  }
}

/**
 * Start src/server/main.ts in a process of its own (so the benchmark's client does not share its
 * event loop) and wait until /health answers. PGlite in `dataDir` unless `env` names a DATABASE_URL.
 * Rate limits are raised: a benchmark measures what work costs, not what the limiter spares.
 */
export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; origin: string }> {
  const origin = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS: options for the server's Node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'src/server/main.ts')],
    {
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
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        // Production refuses a push subject no push service can reach (localhost).
        SUPPORT_EMAIL: 'bench@broadcast-bench.org',
        // The web app is not needed; an empty folder keeps start-up quick.
        WEB_DIST_DIR: dataDir,
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
        RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
        ...env,
      },
    },
  );
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

/** Stop a spawned server and wait for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** A bearer token for these credentials on a spawned server. */
export async function signIn(
  origin: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${origin}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`sign-in of ${credentials.email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The admin's bearer token on a spawned server. */
export const adminToken = (origin: string) => signIn(origin, BENCH_ADMIN);

/** A 6000x4000 (24 megapixel) JPEG with detail (noise) to decode, about 5 MB, as phones take them. */
export const photoJpeg = () =>
  sharp({
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

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
export const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};

/** Milliseconds of one request, the body read; throws on an unexpected status. */
export async function timed(url: string, init: RequestInit = {}, expect = 200): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  if (res.status !== expect) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status}`);
  return performance.now() - start;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
