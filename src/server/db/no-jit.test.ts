// @module-tag postgres
/**
 * The app's connections never JIT-compile a statement: compiling the fan-out's page statement took
 * most of its time (client.ts, SESSION_OPTIONS). A statement PostgreSQL estimates far above its
 * `jit_above_cost` (100,000 by default) is planned on several pooled connections at once, and no
 * plan has a JIT section. PGlite has no JIT at all; on PostgreSQL this fails with JIT on.
 */
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../../../tests/support/test-database';
import { type Database, openDatabase } from './client';

let database: Database;
let dropDatabase: () => Promise<void>;

// No files: PostgreSQL, or PGlite in memory (the data directory is not used).
beforeAll(async () => {
  const test = await createTestDatabaseUrl();
  dropDatabase = test.drop;
  database = await openDatabase(test.url, tmpdir(), test.from ? { from: test.from } : {});
});
afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

/** A join of two million-row series, estimated in the millions: planned only (EXPLAIN shows the JIT it would do). */
const COSTLY = `EXPLAIN (FORMAT JSON)
  SELECT count(*) FROM generate_series(1, 1000000) a(n) JOIN generate_series(1, 1000000) b(n) USING (n)
   WHERE a.n < 2000`;

describe('statements at the cost of a fan-out page', () => {
  it('run without JIT compilation on every pooled connection', async () => {
    const plans = await Promise.all(Array.from({ length: 4 }, () => database.sql.executeSql(COSTLY)));
    for (const { rows } of plans) {
      const [explained] = (rows[0] as { 'QUERY PLAN': unknown })['QUERY PLAN'] as [
        { Plan: { 'Total Cost': number }; JIT?: unknown },
      ];
      expect(explained.Plan['Total Cost']).toBeGreaterThan(100_000);
      expect(explained.JIT).toBeUndefined();
    }
  });
});
