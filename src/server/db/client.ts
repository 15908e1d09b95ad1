import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lastMigrationTime, migrationsAfter } from './migration-journal';
import { nameRepeatedStatements } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The raw SQL entry point pg-boss needs, for either driver. `name`: a statement the hot paths run on
 * every request, prepared once per PostgreSQL connection (parsed and planned once, where an unnamed
 * one is both at every call: most of a short lookup's cost); PGlite runs it like any other.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[], name?: string): Promise<{ rows: unknown[] }>;
}

/**
 * A Drizzle prepared statement built once per database handle: `build` ends in `.prepare(name)`,
 * so on PostgreSQL each pooled connection parses and plans it once (see SqlExecutor).
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}

/**
 * The raw SQL entry point of a Drizzle transaction, so that pg-boss can queue a job inside it (the
 * outbox: the job exists if and only if the transaction commits). Drizzle keeps the transaction's
 * connection as `session.client` on both drivers (a pg PoolClient, a PGlite Transaction).
 */
export function executorOf(tx: Db): SqlExecutor {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('not a Drizzle transaction');
  const query = client.query as (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  return { executeSql: (text, values) => query.call(client, text, values) };
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  /** Applies the migrations this database lacks, and says which (their names, in order). */
  migrate(): Promise<string[]>;
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball, to open copies of it (`openDatabase`'s `from`). */
  dump?(): Promise<Blob>;
  /** PostgreSQL only: hear what other processes announce on a channel (LISTEN/NOTIFY). */
  listen?: Listen;
}

/**
 * Settings of every pooled PostgreSQL connection, sent when it opens (no statement of its own).
 * JIT off: the fan-out's page statement is estimated above `jit_above_cost`, and compiling it took
 * about 150 ms of the 200 ms it ran on each page (docs/decisions.md, "No JIT"); none of our
 * statements runs long enough to earn it back. An `options` parameter in DATABASE_URL replaces this.
 */
const SESSION_OPTIONS = '-c jit=off';

/** Subscribes to a channel; answers how to stop. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries): a lost connection
 * is made again a second later; what was announced meanwhile is found by the listener's own
 * periodic look (jobs/due-work.ts).
 */
function listenOn(url: string): Listen {
  return async (channel, onPayload) => {
    let closed = false;
    let current: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    // Once per lost client: a failed connect and its 'end' may both report it.
    const again = (client: pg.Client) => {
      if (current !== client || closed) return;
      current = undefined;
      retry = setTimeout(() => void connect().catch(() => {}), 1000);
      retry.unref();
    };
    const connect = async () => {
      const client = new pg.Client({ connectionString: url });
      current = client;
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload) onPayload(message.payload);
      });
      client.on('error', () => again(client));
      client.on('end', () => again(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        again(client);
        throw error;
      }
    };
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
    };
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/**
 * The current definition of each trigger function (reports, feed versions), one readable file per
 * concern, applied after the migrations at every start: CREATE OR REPLACE, so applying again is a
 * no-op, and a change is made in the file rather than in a new migration.
 */
const functionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');
const FUNCTION_FILES = ['reports.sql', 'feed-version.sql'];

/** The statements of the function files, read once per process. */
let functionStatements: string[] | undefined;
function functionsSql(): string[] {
  functionStatements ??= FUNCTION_FILES.flatMap((file) =>
    readFileSync(path.join(functionsFolder, file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /\S/.test(statement.replace(/^--.*$/gm, ''))),
  );
  return functionStatements;
}

// Taken while migrating so that an API and several workers starting together migrate once.
const MIGRATION_LOCK_ID = 727_001;

/** A close that may be called again (shutdown paths overlap) and does its work once. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

/** PGlite runs one statement per query() when it has parameters; multi-statement SQL goes through exec(). */
function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * PGlite's WebAssembly, compiled once per process and kept: every PGlite this process opens (a test
 * worker opens one per test file) runs on the same compiled code instead of V8 freeing and
 * recompiling it as instances come and go. A test worker once died in that freeing (a V8 fatal
 * "jit_page_->allocations_.erase(addr) == 1" in UnregisterWasmAllocation) with many PGlites opened
 * and closed in turn.
 */
let pgliteModule: Promise<WebAssembly.Module> | undefined;
// Node has WebAssembly; the server's TypeScript libraries (no DOM) declare only its types.
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly;
function compiledPglite(): Promise<WebAssembly.Module> {
  const wasmFile = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
    'pglite.wasm',
  );
  const compiled = pgliteModule ?? wasm.compile(readFileSync(wasmFile));
  pgliteModule = compiled;
  return compiled;
}

/**
 * Open the database: PostgreSQL when `url` is a postgres URL, otherwise PGlite (in memory for
 * `memory://`, else on disk under `dataDir/pglite`). `from`: a dump of another PGlite's data
 * directory (`dumpDataDir()`) that a new PGlite (in memory, or on disk where none is yet) starts
 * as a copy of: tests start from one migrated database instead of migrating each.
 */
export async function openDatabase(
  url: string | undefined,
  dataDir: string,
  options: { from?: Blob } = {},
): Promise<Database> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10, options: SESSION_OPTIONS });
    // A server restart ends idle connections; the pool replaces them. Unhandled, it ends the process.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      sql: {
        executeSql: (text, values, name) =>
          name ? pool.query({ name, text, values }) : pool.query(text, values),
      },
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          const applied = migrationsAfter(
            migrationsFolder,
            await lastMigrationTime((text) => client.query(text)),
          );
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
          for (const statement of functionsSql()) await client.query(statement);
          return applied;
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      listen: listenOn(url),
      close: once(() => pool.end()),
    };
  }
  let client: PGlite;
  // The search over people (migration 0006) folds accents and indexes trigrams.
  const extensions = { unaccent, pg_trgm };
  const pgliteWasmModule = await compiledPglite();
  if (url === 'memory://') {
    client = new PGlite({
      extensions,
      pgliteWasmModule,
      ...(options.from ? { loadDataDir: options.from } : {}),
    });
  } else {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // A new data directory may start as a copy too (a test's server process, its template's dump).
    client = new PGlite(dir, {
      extensions,
      pgliteWasmModule,
      ...(options.from && !existsSync(path.join(dir, 'PG_VERSION')) ? { loadDataDir: options.from } : {}),
    });
  }
  await client.waitReady;
  nameRepeatedStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    sql: pgliteExecutor(client),
    async migrate() {
      const applied = migrationsAfter(
        migrationsFolder,
        await lastMigrationTime((text) => client.query(text)),
      );
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      for (const statement of functionsSql()) await client.exec(statement);
      return applied;
    },
    close: once(() => client.close()),
    dump: () => client.dumpDataDir('none'),
  };
}
