/**
 * One migrated database per test run, copied for each test file instead of migrated in each:
 * migrations, pg-boss's schema and queues, and the generated VAPID keys are made once, by building
 * the app on it once (vitest's globalSetup, tests/support/global-setup.ts). On PostgreSQL the
 * template is a database that `CREATE DATABASE ... TEMPLATE` copies; on PGlite a dump of the data
 * directory that an in-memory PGlite loads.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Database } from '../../src/server/db/client';

/** Where each test file finds its copy; set by the global setup, absent when it did not run. */
export interface DatabaseTemplate {
  /** PGlite: a file holding the migrated data directory's tarball. */
  pgliteDump?: string;
  /** PostgreSQL: the template database's name, on the server of TEST_DATABASE_URL. */
  postgres?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS = path.join(ROOT, 'src/server/db/migrations');
const FUNCTIONS = path.join(ROOT, 'src/server/db/functions');
/** Serializes suites that build the same template at once on one server. */
const TEMPLATE_LOCK_ID = 727_002;
const TEMPLATE_PREFIX = 'test_tpl_';

/** Changes whenever a migration, a trigger function or pg-boss (which owns its schema) does. */
async function templateVersion(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of [MIGRATIONS, FUNCTIONS]) {
    const files = (await readdir(dir, { recursive: true })).filter((f) => /\.(sql|json)$/.test(f)).sort();
    for (const file of files) hash.update(file).update(await readFile(path.join(dir, file)));
  }
  hash.update(await readFile(path.join(ROOT, 'node_modules/pg-boss/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The server's modules, loaded only to build a template: a run that finds one kept does not load
 * the whole server in vitest's main process before its first file (docs/testing.md).
 */
async function serverModules() {
  const [{ buildApp }, { loadConfig }, { openDatabase }] = await Promise.all([
    import('../../src/server/app'),
    import('../../src/server/config'),
    import('../../src/server/db/client'),
  ]);
  return { buildApp, loadConfig, openDatabase };
}

/** Build the app once on `database`: migrations, pg-boss's schema and queues, VAPID keys. */
async function fill(database: Database) {
  const { buildApp, loadConfig } = await serverModules();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'broadcast-template-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WORKERS: 'false',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    });
    await database.migrate();
    const { app } = await buildApp(config, { database });
    await app.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A PGlite copy is opened for every test file, and most of an open was PostgreSQL setting up its
 * 128 MB of shared buffers in WebAssembly memory: a test file's data fits in 16 MB (the setting
 * is in the dump, so every copy starts with it). The copies only use the `postgres` database, so
 * template0 and template1 (half the files in the dump) are dropped. An open took 0.92 s, 0.32 s
 * after (median of 5, quiet).
 */
async function trimForCopies(database: Database) {
  for (const statement of [
    `ALTER SYSTEM SET shared_buffers = '16MB'`,
    'ALTER DATABASE template0 IS_TEMPLATE false',
    'ALTER DATABASE template1 IS_TEMPLATE false',
    'DROP DATABASE template0',
    'DROP DATABASE template1',
  ])
    await database.sql.executeSql(statement, []);
}

const PGLITE_TEMPLATE_PREFIX = 'broadcast-pglite-template-';
/** Another version's dump left in the temporary directory is removed once it is this old. */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

/**
 * The PGlite dump's version: the migrations' (templateVersion), PGlite's own (its data directory's
 * format) and this file's (what `fill` and `trimForCopies` put in it).
 */
async function pgliteTemplateVersion(): Promise<string> {
  return createHash('sha256')
    .update(await templateVersion())
    .update(await readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')))
    .update(await readFile(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 16);
}

/**
 * A migrated PGlite's dump, kept in the temporary directory for the next runs of the same version
 * (as the PostgreSQL template is kept on its server): building it held back every run's first test
 * file, a single file's run included. Written under another name and renamed when complete, so a
 * run killed halfway or two runs at once never read half a dump.
 */
export async function preparePgliteTemplate(): Promise<string> {
  const version = await pgliteTemplateVersion();
  const file = path.join(tmpdir(), `${PGLITE_TEMPLATE_PREFIX}${version}.tar`);
  await removeStalePgliteTemplates(file);
  if (await stat(file).catch(() => undefined)) {
    // Marked as used: removeStalePgliteTemplates goes by the last use.
    await utimes(file, new Date(), new Date());
    return file;
  }
  const { openDatabase } = await serverModules();
  const dir = await mkdtemp(path.join(tmpdir(), 'broadcast-template-dump-'));
  const database = await openDatabase('memory://', dir);
  try {
    await fill(database);
    await trimForCopies(database);
    const building = path.join(dir, 'pgdata.tar');
    await writeFile(building, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await rename(building, file);
    return file;
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes other versions' dumps unused for a day: a run of another checkout may be reading one now. */
async function removeStalePgliteTemplates(current: string) {
  const names = (await readdir(tmpdir())).filter((name) => name.startsWith(PGLITE_TEMPLATE_PREFIX));
  for (const name of names) {
    const file = path.join(tmpdir(), name);
    if (file === current) continue;
    const modified = (await stat(file).catch(() => undefined))?.mtimeMs;
    if (modified !== undefined && Date.now() - modified > STALE_TEMPLATE_MS) await rm(file, { force: true });
  }
}

/**
 * The template database for the current migrations on the server of `serverUrl`, built unless a
 * run before built it; older templates are dropped.
 */
export async function preparePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await templateVersion()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${TEMPLATE_PREFIX}%`],
    );
    for (const { datname } of rows.filter((r) => r.datname !== name)) {
      await admin.query(`ALTER DATABASE ${datname} IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    if (rows.some((r) => r.datname === name)) return name;
    // Built under another name and renamed when complete: a run killed halfway leaves no template.
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const { openDatabase } = await serverModules();
    const database = await openDatabase(url.toString(), ROOT);
    try {
      await fill(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE true`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]).catch(() => {});
    await admin.end();
  }
}
