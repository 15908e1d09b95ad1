import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { verifyPassword } from '../../src/server/lib/passwords';
import { createAdmin, ensureFirstAdmin } from '../../src/server/modules/account/admin-bootstrap';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const PROCESS_TIMEOUT = 60_000;
/** Letters and digits of generatePassword(): no look-alikes. */
const GENERATED = /^[a-km-zA-HJ-NP-Z2-9]{16}$/;

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'broadcast-admin-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function userByEmail(db: Database['db'], email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('ensureFirstAdmin and createAdmin on a real database', () => {
  let database: Database;
  let printed: string[];
  const print = (line: string) => printed.push(line);

  beforeAll(async () => {
    // PGlite in memory; the data directory is not used for memory:// but must be a real path.
    database = await openDatabase('memory://', await tempDir());
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    // Each case starts from a database without users.
    await database.db.delete(users);
    printed = [];
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, and never prints the password', async () => {
    await ensureFirstAdmin(database.db, { email: 'Boss@Example.com', password: 'correct horse 7' }, print);

    const admin = await userByEmail(database.db, 'boss@example.com');
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true });
    expect(await verifyPassword(admin!.passwordHash, 'correct horse 7')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'wrong password')).toBe(false);
    expect(await userByEmail(database.db, 'admin@localhost')).toBeUndefined();
    expect(printed).toEqual(['First admin created: boss@example.com (password from ADMIN_PASSWORD)']);
    expect(printed.join('\n')).not.toContain('correct horse 7');
  });

  it('without ADMIN_EMAIL and ADMIN_PASSWORD, creates admin@localhost and prints a generated password once', async () => {
    await ensureFirstAdmin(database.db, {}, print);

    expect(printed).toHaveLength(1);
    const output = printed[0]!;
    expect(output).toContain('First admin created: admin@localhost');
    const password = output.match(/Password: (\S+)/)?.[1];
    expect(password).toMatch(GENERATED);
    const admin = await userByEmail(database.db, 'admin@localhost');
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true });
    expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
  });

  it('with ADMIN_EMAIL but no ADMIN_PASSWORD, falls back to admin@localhost with a generated password', async () => {
    await ensureFirstAdmin(database.db, { email: 'boss@example.com' }, print);
    expect(await userByEmail(database.db, 'boss@example.com')).toBeUndefined();
    expect(await userByEmail(database.db, 'admin@localhost')).toMatchObject({ role: 'admin' });
    expect(printed.join('\n')).toMatch(/Password: \S+/);
  });

  it('does nothing and prints nothing once an admin exists', async () => {
    await ensureFirstAdmin(database.db, {}, print);
    expect(printed).toHaveLength(1);
    const before = await userByEmail(database.db, 'admin@localhost');

    await ensureFirstAdmin(database.db, {}, print);
    await ensureFirstAdmin(database.db, { email: 'other@example.com', password: 'another pass' }, print);

    expect(printed).toHaveLength(1);
    const admins = await database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    // The first admin's password is left alone.
    expect((await userByEmail(database.db, 'admin@localhost'))!.passwordHash).toBe(before!.passwordHash);
  });

  it('does not take over an existing non-admin account at admin@localhost', async () => {
    await database.db.insert(users).values({
      email: 'admin@localhost',
      passwordHash: 'not-a-hash',
      firstName: 'Someone',
      lastName: 'Else',
      role: 'customer',
    });
    await ensureFirstAdmin(database.db, {}, print);
    expect(printed).toEqual([]);
    expect(await userByEmail(database.db, 'admin@localhost')).toMatchObject({ role: 'customer' });
  });

  it('createAdmin normalizes the email, generates a password when none is given, and refuses duplicates', async () => {
    const created = await createAdmin(database.db, { email: '  New.Admin@Example.com ', firstName: 'Nia' });
    expect(created.email).toBe('new.admin@example.com');
    expect(created.generatedPassword).toMatch(GENERATED);
    const row = await userByEmail(database.db, 'new.admin@example.com');
    expect(row).toMatchObject({ role: 'admin', firstName: 'Nia', emailVerified: true });
    expect(await verifyPassword(row!.passwordHash, created.generatedPassword!)).toBe(true);

    const given = await createAdmin(database.db, { email: 'given@example.com', password: 'given-password' });
    expect(given.generatedPassword).toBeUndefined();

    await expect(createAdmin(database.db, { email: 'NEW.ADMIN@example.com' })).rejects.toThrow(
      'A user with the email new.admin@example.com already exists.',
    );
  });
});

/** The environment of a child process: only what it needs, and the same Node as this test run. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: process.env.HOME ?? tmpdir(),
    TMPDIR: tmpdir(),
    ...extra,
  };
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Run a command to its end and collect its output. */
function run(args: string[], env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, args, { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
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

describe('the admin CLI (npm run admin -- create)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir();
  });
  const cli = (...args: string[]) =>
    run(['src/server/cli/admin.ts', ...args], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

  it(
    'creates an admin in the embedded database and prints a generated password',
    async () => {
      const result = await cli('create', '--email', 'boss@example.com');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Admin created: boss@example.com');
      const password = result.stdout.match(/Password: (\S+)/)?.[1];
      expect(password).toMatch(GENERATED);

      // The admin is on disk, under DATA_DIR, with that password.
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      const database = await openDatabase(undefined, dataDir);
      try {
        const admin = await userByEmail(database.db, 'boss@example.com');
        expect(admin).toMatchObject({ role: 'admin', emailVerified: true });
        expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
      } finally {
        await database.close();
      }
    },
    PROCESS_TIMEOUT,
  );

  it(
    'refuses an email that already exists, with a clear message and a non-zero exit code',
    async () => {
      const result = await cli('create', '--email', 'boss@example.com');
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('A user with the email boss@example.com already exists.');
      expect(result.stdout).not.toContain('Password');
    },
    PROCESS_TIMEOUT,
  );

  it.each([
    ['no --email', ['create']],
    ['an invalid email', ['create', '--email', 'not-an-email']],
    ['no create command', ['--email', 'boss@example.com']],
  ])(
    'prints the usage and exits with code 2 on %s',
    async (_case, args) => {
      const result = await cli(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Usage: npm run admin -- <command> [options]');
      expect(result.stdout).toBe('');
    },
    PROCESS_TIMEOUT,
  );
});

/** A TCP port that was free a moment ago, on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  stop(): Promise<Exit>;
}

/** Start `tsx src/server/main.ts` and wait until it says it is running. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // Its own process group, so that tsx and the node process it starts are stopped together.
  const child = spawn(TSX, ['src/server/main.ts'], {
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

const login = (baseUrl: string, email: string, password: string) =>
  fetch(`${baseUrl}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('the server process (tsx src/server/main.ts)', () => {
  let dataDir: string;
  let server: Server | undefined;
  let password: string;
  beforeAll(async () => {
    dataDir = await tempDir();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it(
    'creates the first admin at start, prints its password, and that password signs in over HTTP',
    async () => {
      server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'development' });
      const output = server.output();
      expect(output).toContain('First admin created: admin@localhost');
      password = output.match(/Password: (\S+)/)?.[1] ?? '';
      expect(password).toMatch(GENERATED);

      const response = await login(server.baseUrl, 'admin@localhost', password);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { user: { email: string; role: string }; accessToken: string };
      expect(body.user).toMatchObject({ email: 'admin@localhost', role: 'admin' });
      expect(body.accessToken).toEqual(expect.any(String));

      const me = await fetch(`${server.baseUrl}/api/account/me`, {
        headers: { authorization: `Bearer ${body.accessToken}` },
      });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { role: string } }).user.role).toBe('admin');

      const wrong = await login(server.baseUrl, 'admin@localhost', `${password}x`);
      expect(wrong.status).toBe(401);

      const exit = await server.stop();
      server = undefined;
      // Stopped by SIGTERM, it closes gracefully.
      expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'on the next start, with the same DATA_DIR, creates and prints nothing and the password still works',
    async () => {
      expect(password).toMatch(GENERATED);
      server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'development' });
      expect(server.output()).not.toContain('First admin created');
      expect(server.output()).not.toContain('Password:');
      expect((await login(server.baseUrl, 'admin@localhost', password)).status).toBe(200);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'refuses to start in production without JWT_SECRET, saying so on stderr',
    async () => {
      const emptyDir = await tempDir();
      const result = await run(['src/server/main.ts'], {
        DATA_DIR: emptyDir,
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
      });
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.stderr).toContain('JWT_SECRET');
      expect(result.stdout).not.toContain('Broadcast is running');
      // It stopped before opening the database or writing a secret.
      expect(existsSync(path.join(emptyDir, 'jwt-secret'))).toBe(false);
      expect(existsSync(path.join(emptyDir, 'pglite'))).toBe(false);
    },
    PROCESS_TIMEOUT,
  );
});
