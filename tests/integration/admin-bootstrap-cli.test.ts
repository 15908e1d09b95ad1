import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { verifyPassword } from '../../src/server/lib/passwords';
import {
  GENERATED,
  PROCESS_TIMEOUT,
  run,
  setupTempDirs,
  tempDir,
  userByEmail,
} from '../support/admin-processes';

setupTempDirs();

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
