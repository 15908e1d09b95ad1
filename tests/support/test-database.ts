import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import type { DatabaseTemplate } from './database-template';

/** Where this run's migrated template is (tests/support/global-setup.ts); empty outside vitest's run. */
function template(): DatabaseTemplate {
  try {
    return inject('databaseTemplate') ?? {};
  } catch {
    return {};
  }
}

/**
 * A Blob whose bytes are already in memory: PGlite reads a dump with `arrayBuffer()`, which for
 * Node's own Blob streams the dump (tens of MB) out in small chunks and joins them (0.3 s of each open).
 */
class InMemoryBlob extends Blob {
  private readonly content: Uint8Array<ArrayBuffer>;
  constructor(content: Uint8Array<ArrayBuffer>) {
    super([content]);
    this.content = content;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: PGlite is handed the bytes to keep, and every open must see the template unchanged.
    return new Uint8Array(this.content).buffer;
  }
}

/**
 * The template's dump, read once per worker: the files a worker runs share its modules
 * (`isolate: false`), and each open gets its own copy of the bytes.
 */
const dumps = new Map<string, Promise<Blob>>();
function dumpOf(file: string): Promise<Blob> {
  let dump = dumps.get(file);
  if (!dump) {
    dump = readFile(file).then((bytes) => new InMemoryBlob(bytes));
    dumps.set(file, dump);
  }
  return dump;
}

/**
 * A database for one test file: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped afterwards. Both start as a copy of the run's
 * migrated template when there is one: for PGlite, `from` is the dump to open the copy from
 * (`openDatabase`'s option), for PostgreSQL the database is created from the template.
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; from?: Blob; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const { pgliteDump, postgres } = template();
  if (!serverUrl) {
    const from = pgliteDump ? await dumpOf(pgliteDump) : undefined;
    return { url: 'memory://', ...(from ? { from } : {}), drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${postgres ? ` template ${postgres}` : ''}`);
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

/**
 * Make `dataDir`'s embedded database (PGlite on disk, as a server process opens it) a copy of the
 * run's migrated template, so a server started on it skips the migrations at its first start.
 * Nothing happens outside vitest's run (no template) or when the run is on PostgreSQL.
 */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  const { pgliteDump } = template();
  if (!pgliteDump || process.env.TEST_DATABASE_URL) return;
  await (await openDatabase(undefined, dataDir, { from: await dumpOf(pgliteDump) })).close();
}
