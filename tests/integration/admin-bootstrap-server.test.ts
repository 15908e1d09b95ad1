import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  GENERATED,
  login,
  PROCESS_TIMEOUT,
  run,
  type Server,
  setupTempDirs,
  startServer,
  tempDir,
} from '../support/admin-processes';
import { freePort } from '../support/free-port';

setupTempDirs();

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
      // A fresh DATA_DIR: every migration applied at start, and the log says so.
      expect(output).toMatch(/"msg":"database migrations applied: \d+ \(0000_init to \d{4}_\w+\)"/);
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
      expect(
        exit.code === 0 || exit.signal === 'SIGTERM',
        `exit ${exit.code ?? exit.signal}:\n${exit.stderr}`,
      ).toBe(true);
      // And says so: the signal it got, then that it stopped (after the requests and jobs in hand).
      expect(exit.stdout).toMatch(/"msg":"stopping \(SIGTERM\): finishing requests and jobs in hand"/);
      expect(exit.stdout).toMatch(/"msg":"Broadcast stopped"/);
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
