import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../../../tests/support/test-database';
import { type Database, openDatabase } from './client';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');
const defined = ['reports.sql', 'feed-version.sql']
  .map((file) => readFileSync(path.join(folder, file), 'utf8'))
  .join('\n');

let database: Database;
beforeAll(async () => {
  const copy = await createTestDatabaseUrl();
  database = await openDatabase(copy.url, folder, copy.from ? { from: copy.from } : {});
  await database.migrate();
});
afterAll(() => database?.close());

describe('the trigger functions', () => {
  it('each have their current definition in src/server/db/functions, with every trigger that calls them', async () => {
    const { rows: functions } = await database.sql.executeSql(
      `SELECT DISTINCT p.proname FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
        JOIN pg_namespace n ON n.oid = p.pronamespace WHERE NOT t.tgisinternal AND n.nspname = 'public'`,
    );
    const { rows: triggers } = await database.sql.executeSql(
      `SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT t.tgisinternal AND n.nspname = 'public'`,
    );
    const names = (rows: unknown[], key: string) => rows.map((r) => (r as Record<string, string>)[key]!);
    expect(names(functions, 'proname').length).toBeGreaterThan(10);
    for (const name of names(functions, 'proname'))
      expect(defined, `function ${name}`).toContain(`CREATE OR REPLACE FUNCTION ${name}(`);
    for (const name of names(triggers, 'tgname'))
      expect(defined, `trigger ${name}`).toContain(`CREATE OR REPLACE TRIGGER ${name} `);
  });
});
