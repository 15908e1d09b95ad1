// @module-tag postgres
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

  it("folds a past day's shards into one row that keeps every counter, a column added later included", async () => {
    for (const table of ['report_daily', 'report_funnel_daily']) {
      // Every counter the table has now, read from the database: a column the fold forgets fails here.
      const counters = (
        await sql(
          `SELECT column_name FROM information_schema.columns
            WHERE table_name = $1 AND data_type = 'integer' ORDER BY ordinal_position`,
          [table],
        )
      ).map((row) => String(row.column_name));
      expect(counters.length).toBeGreaterThan(5);
      const source = table === 'report_funnel_daily' ? `'qr', ` : '';
      const key = `establishment_id, day, ${source ? 'source, ' : ''}shard`;
      // Three shards ten days ago, each counter a different number in each.
      for (const shard of [0, 4, 9])
        await sql(
          `INSERT INTO ${table} (${key}, ${counters.join(', ')})
           VALUES ($1, (now() AT TIME ZONE 'UTC')::date - 10, ${source}${shard},
                   ${counters.map((_, i) => (i + 1) * (shard + 1)).join(', ')})`,
          [establishmentId],
        );
      await sql(`SELECT report_fold_shards((now() AT TIME ZONE 'UTC')::date - 1)`);
      const rows = await sql(
        `SELECT ${counters.join(', ')} FROM ${table}
          WHERE establishment_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date - 10`,
        [establishmentId],
      );
      // (i + 1) x (1 + 5 + 10): the three shards' sum, in one row.
      expect(rows).toEqual([Object.fromEntries(counters.map((name, i) => [name, (i + 1) * 16]))]);
    }
  });

  it('writes thousands of days in one statement, as a seed or a cascade does, without filling the lock table', async () => {
    // Each day is a new shard of the establishment and of the platform: claimed with an advisory
    // lock, held to commit, these would need 30,000 entries in the server's shared lock table.
    await sql(
      `SELECT report_add($1, now() - make_interval(days => d), p_follows => 1)
         FROM generate_series(100, 15099) d`,
      [establishmentId],
    );
    const [row] = await sql(
      `SELECT count(*)::int AS days, sum(follows)::int AS follows FROM report_daily
        WHERE establishment_id = $1 AND day < (now() AT TIME ZONE 'UTC')::date - 99`,
      [establishmentId],
    );
    expect(row).toEqual({ days: 15000, follows: 15000 });
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
      // The fifth made a shard of its own; every add is counted once. The platform's day had one
      // shard: four transactions made one each at the same moment, none seeing the others' rows,
      // and each made a different one (report_claim_shard).
      expect(await today(establishmentId)).toEqual({ shards: 5, notifications: 8 });
      expect((await today(PLATFORM_REPORT_ID)).shards).toBe(5);
    });

  if (process.env.TEST_DATABASE_URL)
    it("folds a past day's shards without waiting for a writer holding one, which a later fold takes", async () => {
      const shards = async () =>
        (await sql(
          `SELECT shard, notifications FROM report_daily
            WHERE establishment_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date - 5 ORDER BY shard`,
          [establishmentId],
        )) as { shard: number; notifications: number }[];
      await sql(
        `INSERT INTO report_daily (establishment_id, day, shard, notifications)
         SELECT $1, (now() AT TIME ZONE 'UTC')::date - 5, s, 1 FROM generate_series(0, 2) s`,
        [establishmentId],
      );
      const writer = new pg.Client({ connectionString: database.url });
      // Housekeeping's connection: a wait for the writer would fail it here.
      const folder = new pg.Client({ connectionString: database.url });
      await Promise.all([writer.connect(), folder.connect()]);
      await folder.query(`SET lock_timeout = '2s'`);
      const fold = async () =>
        Number(
          (await folder.query(`SELECT report_fold_shards((now() AT TIME ZONE 'UTC')::date - 1) AS folded`))
            .rows[0].folded,
        );
      try {
        // A late receipt's transaction holds shard 2 of that day, as report_daily_shard leaves it.
        await writer.query('BEGIN');
        await writer.query(
          `SELECT 1 FROM report_daily WHERE establishment_id = $1 AND shard = 2
              AND day = (now() AT TIME ZONE 'UTC')::date - 5 FOR UPDATE`,
          [establishmentId],
        );
        expect(await fold()).toBeGreaterThanOrEqual(1);
        expect(await shards()).toEqual([
          { shard: 0, notifications: 2 },
          { shard: 2, notifications: 1 },
        ]);
        await writer.query(
          `UPDATE report_daily SET notifications = notifications + 1 WHERE establishment_id = $1
              AND shard = 2 AND day = (now() AT TIME ZONE 'UTC')::date - 5`,
          [establishmentId],
        );
        await writer.query('COMMIT');
        expect(await fold()).toBeGreaterThanOrEqual(1);
        expect(await shards()).toEqual([{ shard: 0, notifications: 4 }]);
      } finally {
        await Promise.all([writer.end(), folder.end()]);
      }
    });
});
