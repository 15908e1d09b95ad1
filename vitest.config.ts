import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { TEST_PROCESS_V8_FLAGS } from './tests/support/node-entry';

// Node keeps the code it compiled on disk for the run's processes: the test workers and the
// servers and commands tests start (dozens of them, each loading the server: 3.5 s of loading
// without the cache, 2.8 s with it). Node drops an entry whose source changed.
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'broadcast-node-compile-cache');

const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
// Each test file's CPU (tests/support/cpu-per-file.ts), one report per run and database, for
// `npm run test:timings`. The workers inherit the variable.
process.env.TEST_CPU_REPORT = path.resolve(`test-results/cpu-${database}.tsv`);
mkdirSync('test-results', { recursive: true });
rmSync(process.env.TEST_CPU_REPORT, { force: true });

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own copy of the run's database. Three files at a time on two
    // cores: a file that waits (a child process starting, a push service answering late) leaves a core
    // to another; two left a core idle a third of the run (docs/testing.md). VITEST_WORKERS sets it.
    // Files share their worker's loaded modules (no isolation): importing the server for each file
    // cost more than half the suite's time. A test file must leave nothing behind in module state that
    // the next file could trip on: an app it starts, it closes.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
    isolate: false,
    // PGlite's WebAssembly compiled by V8's baseline compiler only: optimising its hot functions in
    // the background costs a run more CPU than it saves (tests/support/node-entry.ts).
    execArgv: TEST_PROCESS_V8_FLAGS,
    // The JSON report is what `npm run test:timings` reads, one per database.
    reporters: ['default', 'json'],
    outputFile: { json: `test-results/vitest-${database}.json` },
    // What runs on PostgreSQL too (docs/testing.md, "PostgreSQL's own behaviour"): a test or a file
    // (`// @module-tag postgres`) whose outcome depends on PostgreSQL itself, which PGlite (one
    // connection, one process) cannot show. `npm run test:postgres` runs only those.
    tags: [
      {
        name: 'postgres',
        description:
          'Depends on PostgreSQL itself: concurrent transactions, locks, SKIP LOCKED, advisory locks, several processes on one database, kill -9 and restart, pg-boss across processes, query plans at size.',
      },
    ],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // One migrated database for the run, copied by each test file (tests/support/database-template.ts).
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/cpu-per-file.ts'],
          include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/support/**/*.test.ts'],
        },
      },
      {
        // Web components rendered in a DOM (jsdom) with the app's real providers; only fetch is faked.
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx'],
          setupFiles: ['tests/support/web/setup.ts', 'tests/support/cpu-per-file.ts'],
        },
      },
    ],
  },
});
