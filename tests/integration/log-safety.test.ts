/**
 * What the logs may carry, read from the real logger's output at its most verbose (trace, every
 * request logged): after a registration and a forgotten password (emails written as .eml files,
 * as without SMTP_URL), no verification or reset link, token or generated password; after a
 * database error, no value of the failed statement. And LOG_REQUESTS: `errors` logs only server
 * errors and slow requests, `off` no request at all.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/db/client';
import { createTestDatabaseUrl } from '../support/test-database';

interface LoggedApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** Everything logged so far, one JSON object per line. */
  logs(): string;
  close(): Promise<void>;
}

const open: LoggedApp[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function startLoggedApp(env: Record<string, string>): Promise<LoggedApp> {
  const database = await createTestDatabaseUrl();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'broadcast-logs-'));
  const chunks: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PUBLIC_URL: 'http://app.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    LOG_LEVEL: 'trace',
    ...env,
  });
  // A copy of the run's migrated PGlite (buildApp alone would open an empty one and migrate it).
  const copy = database.from
    ? await openDatabase(config.databaseUrl, dataDir, { from: database.from })
    : undefined;
  const { app, ctx } = await buildApp(config, { logStream, ...(copy ? { database: copy } : {}) });
  const t: LoggedApp = {
    app,
    ctx,
    dataDir,
    logs: () => chunks.join(''),
    async close() {
      await app.close();
      await copy?.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  open.push(t);
  return t;
}

/** The .eml files written so far, parsed, oldest first; waits until there are `count`. */
async function mails(dataDir: string, count: number) {
  const dir = path.join(dataDir, 'mail');
  const until = Date.now() + 20_000;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    if (files.length >= count) {
      return Promise.all(
        files.map(async (file) => ({
          file: path.join(dir, file),
          mail: await simpleParser(await readFile(path.join(dir, file))),
        })),
      );
    }
    if (Date.now() > until) throw new Error(`expected ${count} emails in ${dir}, found ${files.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const linkOf = (text: string, kind: 'verify' | 'newpassword') => {
  const link = new RegExp(`http://app\\.test/${kind}/([A-Za-z0-9_-]+)`).exec(text);
  if (!link) throw new Error(`no /${kind}/ link in: ${text}`);
  return { link: link[0], token: link[1]! };
};

describe('logs', () => {
  it('carry no link, token or password of a registration and a password reset', async () => {
    const t = await startLoggedApp({ LOG_REQUESTS: 'all' });
    const email = `log-check-${Date.now()}@example.test`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { firstName: 'Lena', lastName: 'Logs', email, phone: '+421 900 123 456', terms: true },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [welcome] = await mails(t.dataDir, 1);
    const welcomeText = welcome!.mail.text ?? '';
    const verify = linkOf(welcomeText, 'verify');
    const password = /password[^\n]*?:\s*(\S{8,})/i.exec(welcomeText)?.[1];
    expect(password, welcomeText).toBeTruthy();

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { email },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const [, reset] = await mails(t.dataDir, 2);
    const resetLink = linkOf(reset!.mail.text ?? '', 'newpassword');

    // The links as a browser opens them, the tokens as the web app posts them, a sign-in.
    await t.app.inject({ method: 'GET', url: `/verify/${verify.token}` });
    await t.app.inject({ method: 'GET', url: `/newpassword/${resetLink.token}?from=mail` });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: { token: verify.token },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const accessToken = login.json<{ accessToken: string }>().accessToken;
    await t.app.inject({
      method: 'GET',
      url: '/api/account/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });

    const logs = t.logs();
    // The logs were written, at every level, with each request and each email's file.
    expect(logs).toContain('"msg":"request"');
    expect(logs).toContain('/verify/[token]');
    expect(logs).toContain('/newpassword/[token]?from=…');
    for (const { file } of [welcome!, reset!]) expect(logs).toContain(JSON.stringify(file).slice(1, -1));
    for (const secret of [
      verify.link,
      verify.token,
      resetLink.link,
      resetLink.token,
      password!,
      accessToken,
    ]) {
      expect(logs).not.toContain(secret);
    }
  });

  it('carry no value of a statement that failed in the database', async () => {
    const t = await startLoggedApp({ LOG_REQUESTS: 'errors', WORKERS: 'false' });
    const email = `sql-values-${Date.now()}@example.test`;
    const password = 'Parameter-Value-Password-7781';
    // The users table is gone (a broken migration, a DBA's mistake): every query on it fails.
    await t.ctx.database.sql.executeSql('ALTER TABLE users RENAME TO users_away');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password },
    });
    expect(login.statusCode, login.body).toBe(500);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { firstName: 'Quirinus', lastName: 'Valueson', email, phone: '+421 900 765 432', terms: true },
    });
    expect(registered.statusCode, registered.body).toBe(500);

    const logs = t.logs();
    const errors = logs.split('\n').filter((line) => line.includes('"unhandled error"'));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    // What failed is still there: the statement (with placeholders) and the database's reason.
    expect(logs).toContain('users');
    expect(logs).toMatch(/does not exist/);
    expect(logs).toContain('"msg":"request failed"');
    for (const value of [email, password, 'Quirinus', 'Valueson', '900 765 432', 'params:']) {
      expect(logs, value).not.toContain(value);
    }
  });

  it('LOG_REQUESTS=errors logs server errors only, off logs no request', async () => {
    const errorsOnly = await startLoggedApp({ LOG_REQUESTS: 'errors', WORKERS: 'false' });
    // An unknown API path: a 404 whether or not the web app has been built (without it, pages are 503).
    for (const url of ['/health', '/api/config', '/api/nothing-here'])
      await errorsOnly.app.inject({ method: 'GET', url });
    expect(errorsOnly.logs()).not.toContain('"msg":"request');
    await errorsOnly.ctx.database.sql.executeSql('ALTER TABLE users RENAME TO users_away');
    await errorsOnly.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'a@example.test', password: 'whatever-password-1' },
    });
    const failed = errorsOnly
      .logs()
      .split('\n')
      .filter((line) => line.includes('"msg":"request failed"'));
    expect(failed).toHaveLength(1);
    expect(JSON.parse(failed[0]!)).toMatchObject({ method: 'POST', url: '/api/account/login', status: 500 });

    const all = await startLoggedApp({ LOG_REQUESTS: 'all', LOG_LEVEL: 'info', WORKERS: 'false' });
    const before = all.logs().length;
    await all.app.inject({ method: 'GET', url: '/health' });
    const line = all.logs().slice(before);
    expect(JSON.parse(line)).toMatchObject({ msg: 'request', method: 'GET', url: '/health', status: 200 });
    // One short line instead of Fastify's two (about 640 bytes).
    expect(line.length).toBeLessThan(300);

    const off = await startLoggedApp({ LOG_REQUESTS: 'off', WORKERS: 'false' });
    await off.ctx.database.sql.executeSql('ALTER TABLE users RENAME TO users_away');
    await off.app.inject({ method: 'GET', url: '/health' });
    await off.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'a@example.test', password: 'whatever-password-1' },
    });
    expect(off.logs()).not.toContain('"msg":"request');
    expect(off.logs()).toContain('"msg":"unhandled error"');
    // Three apps, each on a database of its own: past the default 30 s on a loaded 2-core runner
    // (a CI run sharing the machine timed out here, mid-start, with nothing wrong).
  }, 120_000);
});
