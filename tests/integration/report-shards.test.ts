import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { PLATFORM_REPORT_ID } from '../../src/server/db/schema/reports';
import { createTestDatabaseUrl } from '../support/test-database';

/**
 * The rollups' shards (functions/reports.sql, report_daily_shard): a writer adds to a shard of its
 * day that no other open transaction holds, so sends, fan-out pages and receipts arriving together
 * do not queue behind each other's transactions on one row, the platform's above all.
 */

let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let db: Database;
let dataDir: string;
let establishmentId: string;

const sql = async (text: string, values?: unknown[]) =>
  (await db.sql.executeSql(text, values)).rows as Record<string, unknown>[];

/** The day's rows of a scope: how many shards and what they sum to. */
async function today(scope: string) {
  const [row] = await sql(
    `SELECT count(*)::int AS shards, coalesce(sum(notifications), 0)::int AS notifications
       FROM report_daily WHERE establishment_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
    [scope],
  );
  return row as { shards: number; notifications: number };
}

beforeAll(async () => {
  database = await createTestDatabaseUrl();
  dataDir = await mkdtemp(path.join(tmpdir(), 'report-shards-'));
  db = await openDatabase(database.url, dataDir, database.from ? { from: database.from } : {});
  await db.migrate();
  const [row] = await sql(
    `INSERT INTO establishments (public_id, name, time_zone) VALUES ('shards', 'Shards', 'UTC') RETURNING id`,
  );
  establishmentId = row!.id as string;
});

afterAll(async () => {
  await db?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('report shards', () => {
  it('one writer after another adds to the same shard of the day, the platform counting each too', async () => {
    const before = await today(PLATFORM_REPORT_ID);
    for (let i = 0; i < 3; i++)
      await sql(`SELECT report_add($1, now(), p_notifications => 1)`, [establishmentId]);
    expect(await today(establishmentId)).toEqual({ shards: 1, notifications: 3 });
    const platform = await today(PLATFORM_REPORT_ID);
    expect(platform.notifications - before.notifications).toBe(3);
  });

  // PGlite is one connection: transactions open at once need PostgreSQL.
  if (process.env.TEST_DATABASE_URL)
    it('five transactions open at once each add without waiting for another to commit', async () => {
      // The day already has four shards (as a busy morning leaves it): under the former choice,
      // the connection's pid modulo 4, two of five open transactions always shared one and the
      // second waited for the first's commit, here until its lock_timeout.
      await sql(
        `INSERT INTO report_daily (establishment_id, day, shard)
         SELECT $1, (now() AT TIME ZONE 'UTC')::date, s FROM generate_series(0, 15) s
          WHERE s NOT IN (SELECT shard FROM report_daily WHERE establishment_id = $1)
          ORDER BY s LIMIT 3`,
        [establishmentId],
      );
      expect((await today(establishmentId)).shards).toBe(4);
      const clients = Array.from({ length: 5 }, () => new pg.Client({ connectionString: database.url }));
      try {
        for (const client of clients) {
          await client.connect();
          await client.query(`BEGIN; SET LOCAL lock_timeout = '2s'`);
          await client.query(`SELECT report_add($1, now(), p_notifications => 1)`, [establishmentId]);
        }
        for (const client of clients) await client.query('COMMIT');
      } finally {
        await Promise.all(clients.map((client) => client.end()));
      }
      // The fifth made a shard of its own; every add is counted once.
      expect(await today(establishmentId)).toEqual({ shards: 5, notifications: 8 });
    });
});
