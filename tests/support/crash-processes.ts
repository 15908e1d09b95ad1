/**
 * Shared setup of the delivery crash tests (tests/integration/delivery-crash-*.test.ts): the real
 * server and workers as child processes, killed and started again, an audience of local push
 * subscriptions, and the environment each run gets (its own database, data directory and port).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Post } from '../../src/shared/schemas/notification.schema';
import { establishmentFields } from './api-actors';
import { GENEROUS_FATIGUE_LIMITS } from './fatigue-limits';
import { freePort } from './free-port';
import { nodeEntry } from './node-entry';
import { type PushService, startPushService, type TestSubscription } from './push-service';
import { createTestDatabaseUrl, seedEmbeddedDatabase } from './test-database';

const ADMIN = { email: 'crash-admin@example.test', password: 'crash-admin-password' };
const BATCH_SIZE = 5;
/** Push requests in flight in one process (PUSH_CONCURRENCY): what a kill can leave unrecorded. */
export const IN_FLIGHT = 4;

export let push: PushService;
const children = new Set<ChildProcess>();

/** Start the local push service before the file's tests; after them, close it and kill what is left. */
export function setupCrashTests() {
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => {
    await push?.close();
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });
}

/** Start `src/server/<entry>.ts` as its own process, as `npm start` / `npm run worker` would. */
export function startProcess(entry: 'main' | 'worker', env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, nodeEntry(path.join('src/server', `${entry}.ts`)), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export async function untilListening(base: string, child: ChildProcess, timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before listening`);
    try {
      if ((await fetch(`${base}/api/push/public-key`)).ok) return;
    } catch {}
    if (Date.now() > until) throw new Error(`server at ${base} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function killed(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export async function api<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** An admin who follows a new establishment from `devices` browsers. */
export async function audience(base: string, devices: number) {
  const { accessToken: token } = await api<{ accessToken: string }>(
    base,
    'POST',
    '/api/account/login',
    ADMIN,
  );
  const { establishment } = await api<{ establishment: { id: string } }>(
    base,
    'POST',
    '/api/establishments',
    establishmentFields('Crash Café'),
    token,
  );
  await api(
    base,
    'POST',
    `/api/establishments/${establishment.id}/members`,
    { email: ADMIN.email, kind: 'customer' },
    token,
  );
  const subscriptions: TestSubscription[] = [];
  for (let i = 0; i < devices; i++) {
    const subscription = push.subscribe();
    await api(base, 'POST', '/notifications/subscribe', subscription, token);
    subscriptions.push(subscription);
  }
  return { token, establishmentId: establishment.id, subscriptions };
}

export async function finished(base: string, token: string, id: string, timeoutMs = 60_000): Promise<Post> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { post } = await api<{ post: Post }>(base, 'GET', `/api/notifications/${id}`, undefined, token);
    if (post.delivery?.completedAt) return post;
    if (Date.now() > until) throw new Error(`send not finished: ${JSON.stringify(post.delivery)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Messages of this notification per endpoint. */
export function deliveriesOf(subscriptions: TestSubscription[], notificationId: string) {
  return subscriptions.map(
    (s) => push.messages(s.endpoint).filter((m) => (m.json as PushMessage).id === notificationId).length,
  );
}

export async function environment(extra: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'broadcast-crash-'));
  const database = await createTestDatabaseUrl();
  // The embedded database on disk starts as a copy of the run's migrated one, as the in-process
  // tests' do: the server's first start then skips the migrations.
  await seedEmbeddedDatabase(dataDir);
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Unset: PGlite on disk under DATA_DIR, which survives the kill like a real deployment's files.
    ...(database.url === 'memory://' ? {} : { DATABASE_URL: database.url }),
    JWT_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUSH_CA_FILE: push.caFile,
    // The local push service is the one push service these runs may reach.
    PUSH_ALLOWED_HOSTS: new URL(push.origin).host,
    PUSH_BATCH_SIZE: String(BATCH_SIZE),
    // Few requests in flight, so the send is slow enough to be killed in the middle.
    PUSH_CONCURRENCY: String(IN_FLIGHT),
    // A batch job not finished within 3 s is deemed crashed; the queue looks every second.
    DELIVERY_JOB_TIMEOUT_SECONDS: '3',
    JOB_SUPERVISE_SECONDS: '1',
    LOG_LEVEL: 'warn',
    // Several sends go to the same followers: the fatigue guard stays on with limits none reaches.
    ...GENEROUS_FATIGUE_LIMITS,
    ...extra,
  };
  return {
    env,
    base: `http://127.0.0.1:${port}`,
    database,
    async cleanup() {
      // A test that failed before its last kill leaves its server running, writing into the data
      // directory: kill it first, so the rm cannot fail (ENOTEMPTY) and hide the test's own error.
      await Promise.all([...children].map((child) => killed(child)));
      await database.drop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
