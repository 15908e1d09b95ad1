/**
 * `npm run test:postgres`: the tests tagged `postgres`, on the database of TEST_DATABASE_URL. Vitest
 * is given the files that hold them (tests/support/postgres-test-files.ts) as well as the tag filter;
 * further arguments are passed on (`npm run test:postgres -- --reporter verbose`).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { postgresTestFiles } from '../support/postgres-test-files';

const vitestBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const files = postgresTestFiles(process.cwd());
const vitest = spawn(
  process.execPath,
  [vitestBin, 'run', '--project', 'node', '--tags-filter', 'postgres', ...process.argv.slice(2), ...files],
  { stdio: 'inherit' },
);
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
