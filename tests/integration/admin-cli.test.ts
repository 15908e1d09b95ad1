/**
 * `npm run admin` as people run it, in its own process next to a real server process: on the
 * embedded database it refuses while the server has it open (the account would be written to a
 * copy the server never reads), works once the server is stopped (the account is there at the
 * next start) or died (its stale lock is ignored); on PostgreSQL it works while the server runs.
 * Usage errors print the usage (exit 2), --help prints it (exit 0), never a stack trace.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { nodeEntry } from '../support/node-entry';
import { createTestDatabaseUrl, seedEmbeddedDatabase } from '../support/test-database';

const ADMIN = { email: 'cli-first-admin@example.test', password: 'cli-first-admin-password' };
const MESSAGE =
  'The server is running with the embedded database (pid {pid}): stop it first, or create the user in the app / with POST /api/management/users';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The environment of a command run by hand: this test's, without any database of the runner. */
function envFor(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...extra };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

interface Server {
  child: ChildProcess;
  base: string;
  stderr(): string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  let stderr = '';
  const child = spawn(process.execPath, nodeEntry('src/server/main.ts'), {
    env: envFor({
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${base}/ready`)).ok) return { child, base, stderr: () => stderr };
    } catch {}
    if (Date.now() > until) throw new Error(`server at ${base} did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stop(child: ChildProcess, signal: NodeJS.Signals) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Run a command to its end: exit code and output. */
function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, nodeEntry(script, args), {
      env: envFor(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('exit', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}
const admin = (args: string[], env: Record<string, string>) => run('src/server/cli/admin.ts', args, env);

async function signIn(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

const passwordOf = (stdout: string) => {
  const password = /^Password: (\S+)$/m.exec(stdout)?.[1];
  if (!password) throw new Error(`no password in: ${stdout}`);
  return password;
};

const dirs: string[] = [];
const tempDataDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'broadcast-cli-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('admin CLI', () => {
  it('prints its usage for --help, and the usage with exit code 2 for a wrong command or option', async () => {
    const env = { DATA_DIR: await tempDataDir() };
    const helps = [['--help'], ['-h'], ['help'], ['create', '--help']];
    const helped = await Promise.all(helps.map((args) => admin(args, env)));
    for (const [i, args] of helps.entries()) {
      const res = helped[i]!;
      expect(res.code, args.join(' ')).toBe(0);
      expect(res.stdout, args.join(' ')).toContain('Usage: npm run admin -- <command>');
      expect(res.stdout).toContain('create --email EMAIL');
    }
    const wrong = [
      [[], ''],
      [['frobnicate'], 'Unknown command: frobnicate'],
      [['create', '--email', 'a@example.test', '--bogus'], "Unknown option '--bogus'"],
      [['create', '--email'], "Option '--email <value>' argument missing"],
      [['create'], 'create needs --email'],
      [['create', '--email', 'not-an-email'], 'Not an email address'],
      [['create', '--email', 'a@example.test', '--role', 'king'], '--role is admin or representant'],
      [['create', 'extra', '--email', 'a@example.test'], 'Unexpected argument: extra'],
    ] as const;
    const answered = await Promise.all(wrong.map(([args]) => admin([...args], env)));
    for (const [i, [args, problem]] of wrong.entries()) {
      const res = answered[i]!;
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr, args.join(' ')).toContain(problem);
      expect(res.stderr, args.join(' ')).toContain('Usage: npm run admin');
      expect(res.stderr, args.join(' ')).not.toMatch(/^\s+at /m);
    }
    // Nothing was opened: no database under DATA_DIR.
    expect(existsSync(path.join(env.DATA_DIR, 'pglite'))).toBe(false);
    // A dozen tsx processes start here: on a loaded 2-core runner, well past the default 30 s.
  }, 120_000);

  it('on the embedded database: refuses while the server runs, works once it stopped or died', async () => {
    const DATA_DIR = await tempDataDir();
    // The first start skips the migrations: the embedded database starts as the run's migrated copy.
    await seedEmbeddedDatabase(DATA_DIR);
    const email = 'cli-made-admin@example.test';
    let server = await startServer({ DATA_DIR });
    const pid = server.child.pid!;
    expect(existsSync(path.join(DATA_DIR, 'server.pid'))).toBe(true);

    const refused = await admin(['create', '--email', email], { DATA_DIR });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(MESSAGE.replace('{pid}', String(pid)));
    expect(refused.stdout).not.toContain('Password');
    expect(await signIn(server.base, email, 'anything-at-all-1')).toBe(401);

    // A second server on the same directory refuses too (after waiting for a restart to let go).
    const second = await run('src/server/main.ts', [], { DATA_DIR, PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Another process (pid ${pid}) has the embedded database`);

    // Stopped: the lock is gone, the CLI works and the account is there at the next start.
    await stop(server.child, 'SIGTERM');
    expect(existsSync(path.join(DATA_DIR, 'server.pid'))).toBe(false);
    const created = await admin(['create', '--email', email], { DATA_DIR });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(`Admin created: ${email}`);
    const password = passwordOf(created.stdout);
    server = await startServer({ DATA_DIR });
    expect(await signIn(server.base, email, password)).toBe(200);

    // Killed: its lock stays behind, naming a dead process; the CLI takes it over.
    await stop(server.child, 'SIGKILL');
    expect(existsSync(path.join(DATA_DIR, 'server.pid'))).toBe(true);
    const rep = await admin(['create', '--email', 'cli-made-rep@example.test', '--role', 'representant'], {
      DATA_DIR,
    });
    expect(rep.code, rep.stderr).toBe(0);
    expect(rep.stdout).toContain('Representative created: cli-made-rep@example.test');
    expect(existsSync(path.join(DATA_DIR, 'server.pid'))).toBe(false);
    // It was written for good: creating it again is refused by the database's content.
    const again = await admin(['create', '--email', 'cli-made-rep@example.test'], { DATA_DIR });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  }, 240_000);

  // PostgreSQL's own behaviour: registered only when the suite runs on PostgreSQL (npm run test:postgres).
  const onPostgres = process.env.TEST_DATABASE_URL ? it : undefined;
  onPostgres?.(
    'on PostgreSQL: works while the server runs, and the server sees the account at once',
    { tags: ['postgres'], timeout: 120_000 },
    async () => {
      const database = await createTestDatabaseUrl();
      try {
        const DATA_DIR = await tempDataDir();
        const server = await startServer({ DATA_DIR, DATABASE_URL: database.url });
        const email = 'cli-pg-admin@example.test';
        const created = await admin(['create', '--email', email], { DATA_DIR, DATABASE_URL: database.url });
        expect(created.code, created.stderr).toBe(0);
        expect(await signIn(server.base, email, passwordOf(created.stdout))).toBe(200);
        expect(existsSync(path.join(DATA_DIR, 'server.pid'))).toBe(false);
        await stop(server.child, 'SIGTERM');
      } finally {
        await database.drop();
      }
    },
  );
});
