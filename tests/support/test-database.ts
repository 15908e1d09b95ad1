import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database for one test file: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: 'memory://', drop: async () => {} };
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
