import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';

/** Named statements on PGlite (pglite-statements.ts), through the database `openDatabase` opens. */
let dir: string;
let database: Database;
let client: PGlite;

const prepared = async () =>
  (
    await client.query<{ statement: string }>('select statement from pg_prepared_statements order by name')
  ).rows.map((row) => row.statement);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'broadcast-named-'));
  database = await openDatabase('memory://', dir);
  client = (database.db as unknown as { $client: PGlite }).$client;
  await client.exec(`create table drinks (id int primary key, name text not null, served_at timestamptz)`);
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('PGlite: statements met again are prepared once', () => {
  it('answers the same as an unnamed statement, and names only what repeats', async () => {
    const insert =
      'insert into drinks (id, name, served_at) values ($1, $2, $3) returning id, name, served_at';
    const at = new Date('2026-12-07T17:00:00Z');
    const first = await client.query(insert, [1, 'Tea', at]);
    const second = await client.query(insert, [2, 'Kava', null]);
    const third = await client.query(insert, [3, 'Mate', at]);
    expect(first.rows).toEqual([{ id: 1, name: 'Tea', served_at: at }]);
    expect(second.rows).toEqual([{ id: 2, name: 'Kava', served_at: null }]);
    expect(third.rows).toEqual([{ id: 3, name: 'Mate', served_at: at }]);
    expect(third.affectedRows).toBe(1);
    expect(await prepared()).toEqual([insert]);

    // Drizzle's reads (rows as arrays, its own parsers) through the same path.
    const read = () => database.db.execute(sql`select name from drinks where id = ${2}`);
    await read();
    expect(await read()).toMatchObject({ rows: [{ name: 'Kava' }] });
    expect((await prepared()).some((text) => text.startsWith('select name from drinks'))).toBe(true);
  });

  it('throws PostgreSQL’s error and goes on working, in and out of a transaction', async () => {
    const insert = 'insert into drinks (id, name) values ($1, $2)';
    await client.query(insert, [10, 'Cola']);
    await client.query(insert, [11, 'Lemonade']);
    await expect(client.query(insert, [10, 'Cola again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query(insert, [12, null])).rejects.toMatchObject({ code: '23502' });
    expect((await client.query('select count(*)::int as n from drinks where id >= 10')).rows).toEqual([
      { n: 2 },
    ]);

    // A transaction sees its own writes through named statements; a failure rolls them all back.
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [20, 'Juice']);
        expect((await tx.query('select name from drinks where id = $1', [20])).rows).toEqual([
          { name: 'Juice' },
        ]);
        await tx.query(insert, [10, 'Cola']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await client.query('select name from drinks where id = $1', [20])).rows).toEqual([]);
    await client.transaction(async (tx) => {
      await tx.query(insert, [21, 'Water']);
    });
    expect((await client.query('select name from drinks where id = $1', [21])).rows).toEqual([
      { name: 'Water' },
    ]);

    // Named inside a transaction that fails: still there afterwards (statements outlive a rollback).
    const count = 'select count(*)::int as n from drinks where name like $1';
    await expect(
      client.transaction(async (tx) => {
        await tx.query(count, ['W%']);
        expect((await tx.query(count, ['W%'])).rows).toEqual([{ n: 1 }]);
        await tx.query(insert, [21, 'Water again']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await prepared()).toContain(count);
    expect((await client.query(count, ['%a%'])).rows).toEqual([{ n: 6 }]);
  });

  it('runs queries from concurrent callers one at a time, each with its own answer', async () => {
    const text = 'select $1::int * 2 as doubled';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.query<{ doubled: number }>(text, [i])),
    );
    expect(answers.map((answer) => answer.rows[0]!.doubled)).toEqual(
      Array.from({ length: 50 }, (_, i) => i * 2),
    );
  });
});
