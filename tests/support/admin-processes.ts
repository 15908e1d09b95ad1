/**
 * Shared setup of the admin bootstrap tests (tests/integration/admin-bootstrap-*.test.ts): temporary
 * data directories, the admin CLI and the server run as child processes, and users read back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { freePort } from './free-port';
import { nodeEntry } from './node-entry';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROCESS_TIMEOUT = 60_000;
/** Letters and digits of generatePassword(): no look-alikes. */
export const GENERATED = /^[a-km-zA-HJ-NP-Z2-9]{16}$/;

const tempDirs: string[] = [];
/** A new temporary directory, removed after the file's tests (see setupTempDirs). */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'broadcast-admin-'));
  tempDirs.push(dir);
  return dir;
}
/** Remove the directories tempDir() made once the file's tests are done. */
export function setupTempDirs() {
  afterAll(async () => {
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
}

export async function userByEmail(db: Database['db'], email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}
/** The environment of a child process: only what it needs, and the same Node as this test run. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: process.env.HOME ?? tmpdir(),
    TMPDIR: tmpdir(),
    ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
    ...extra,
  };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Run a command to its end and collect its output. */
export function run([script, ...args]: [string, ...string[]], env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeEntry(script, args), {
      cwd: ROOT,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
export interface Server {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  stop(): Promise<Exit>;
}

/** Start `tsx src/server/main.ts` and wait until it says it is running. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // Its own process group, so that a stop that times out kills whatever it started as well.
  const child = spawn(process.execPath, nodeEntry('src/server/main.ts'), {
    cwd: ROOT,
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<Exit>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      }, 15_000);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    }
    return exited;
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start:\n${stdout}\n${stderr}`)),
        45_000,
      );
      const check = () => {
        if (stdout.includes('Broadcast is running at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', check);
      exited.then((exit) => {
        clearTimeout(timer);
        reject(
          new Error(`server exited (${exit.code ?? exit.signal}) before running:\n${stdout}\n${stderr}`),
        );
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => stdout, stop };
}

export const login = (baseUrl: string, email: string, password: string) =>
  fetch(`${baseUrl}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
