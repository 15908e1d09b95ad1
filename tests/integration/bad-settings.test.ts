import { describe, expect, it } from 'vitest';
import { type Exit, PROCESS_TIMEOUT, run, setupTempDirs, tempDir } from '../support/admin-processes';
import { freePort } from '../support/free-port';

setupTempDirs();

/** A line of a stack trace, as Node prints an uncaught error's. */
const STACK_LINE = /^\s+at /m;

/** What an operator sees: one block naming every setting, no stack trace, exit code 1. */
function expectSettingsRefused(exit: Exit, settings: string[]) {
  expect(exit.code, exit.stderr).toBe(1);
  for (const setting of settings) expect(exit.stderr).toMatch(new RegExp(`^ {2}${setting}: \\S`, 'm'));
  expect(exit.stderr).not.toMatch(STACK_LINE);
  expect(exit.stderr).not.toContain('s3cret');
  expect(exit.stdout).not.toContain('Broadcast is running');
}

/** Settings wrong in four places at once: each used to stop the start alone, with a stack trace. */
const WRONG = {
  SMTP_URL: 'smtp//mailer:s3cret@mail.example.com',
  VAPID_PUBLIC_KEY: 'not-a-key',
  VAPID_PRIVATE_KEY: 'not-a-key-either',
  PORT: 'eighty',
};

describe('a wrong setting at start', () => {
  it(
    'npm start: every wrong setting named in one block, no stack trace, exit code 1',
    async () => {
      const exit = await run(['src/server/main.ts'], {
        ...WRONG,
        DATA_DIR: await tempDir(),
        DATABASE_URL: 'mysql://broadcast:s3cret@127.0.0.1/broadcast',
      });
      expectSettingsRefused(exit, [
        'SMTP_URL',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
        'PORT',
        'DATABASE_URL',
      ]);
      expect(exit.stderr).toMatch(/^Invalid configuration:\n/);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'npm run worker: the same',
    async () => {
      const exit = await run(['src/server/worker.ts'], {
        ...WRONG,
        DATA_DIR: await tempDir(),
        DATABASE_URL: 'postgres://broadcast:s3cret@127.0.0.1/broadcast',
      });
      expectSettingsRefused(exit, ['SMTP_URL', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'PORT']);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'a PostgreSQL that cannot be reached: DATABASE_URL named with the reason, its password hidden',
    async () => {
      const port = await freePort();
      const exit = await run(['src/server/main.ts'], {
        DATA_DIR: await tempDir(),
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://broadcast:s3cret@127.0.0.1:${port}/broadcast`,
      });
      expectSettingsRefused(exit, ['DATABASE_URL']);
      expect(exit.stderr).toContain(`postgres://broadcast:***@127.0.0.1:${port}/broadcast`);
      // The database's own reason (ECONNREFUSED here, unless something took the port meanwhile).
      expect(exit.stderr).toMatch(/could not be opened and migrated: \S+/);
    },
    PROCESS_TIMEOUT,
  );
});
