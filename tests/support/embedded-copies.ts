/**
 * PGlite copies of the run's migrated template, kept by a worker and used again by the files it
 * runs after one another (`isolate: false`). Opening a copy (a new PostgreSQL in WebAssembly, the
 * dump unpacked into it) cost 0.4-1 s of CPU, most of each route test file's set-up; bringing a used
 * copy back to the template's state costs a few hundredths (docs/testing.md, "Embedded copies").
 *
 * A copy goes back to the template's state when it is taken again, not when its file closes it: what
 * the closed app may still have had in flight has ended by then. A copy whose schema a test changed
 * (a table renamed, a trigger added), or that was closed, or whose reset fails, is closed and replaced
 * by a new one: a file never sees another file's rows, settings or schema.
 */
import type { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../../src/server/db/client';

/** What a copy holds when it is opened from the template, to bring it back to. */
interface TemplateState {
  /** The schema, as one string (relations, columns, functions, triggers, constraints). */
  schema: string;
  /** One query answering the names of the tables holding rows. */
  tablesWithRows: string;
  /** Statements putting back the rows and sequence values the template has (after the deletes). */
  restore: string;
}

/** The PGlite client under an embedded database (Drizzle's `$client`; `Database` does not expose it). */
export const pgliteClientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

const idle: Database[] = [];
let template: Promise<TemplateState> | undefined;

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

/** The schema's shape: any DDL a test ran (create, alter, rename, drop) changes it. */
const SCHEMA_FINGERPRINT = `select md5(concat_ws('|',
  (select string_agg(concat_ws(',', c.oid, c.relname, c.relkind, c.relnatts, c.relnamespace), ';' order by c.oid)
     from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}),
  (select string_agg(concat_ws(',', a.attrelid, a.attnum, a.attname, a.atttypid, a.attnotnull, a.attisdropped), ';' order by a.attrelid, a.attnum)
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where ${USER_SCHEMAS} and a.attnum > 0),
  (select string_agg(concat_ws(',', p.oid, p.proname, md5(p.prosrc)), ';' order by p.oid)
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS}),
  (select string_agg(concat_ws(',', t.oid, t.tgname, t.tgenabled), ';' order by t.oid) from pg_trigger t),
  (select string_agg(concat_ws(',', o.oid, o.conname), ';' order by o.oid)
     from pg_constraint o join pg_namespace n on n.oid = o.connamespace where ${USER_SCHEMAS})
)) as schema`;

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Read what a fresh copy holds: its schema, its tables, the rows and sequence values to restore. */
async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const schema = (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]!.schema;
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and ${USER_SCHEMAS} order by 1`,
    )
  ).rows.map((row) => row.name);
  const tablesWithRows = tables
    .map((table) => `select ${quoted(table)} as name where exists (select from ${table})`)
    .join(' union all ');
  const restore: string[] = [];
  for (const { name } of (await client.query<{ name: string }>(tablesWithRows)).rows) {
    // Generated columns are computed again; identity columns keep the template's values.
    const columns = (
      await client.query<{ name: string }>(
        `select format('%I', attname) as name from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [name],
      )
    ).rows.map((row) => row.name);
    const rows = (await client.query<{ rows: string }>(`select json_agg(t)::text as rows from ${name} t`))
      .rows[0]!.rows;
    const list = columns.join(', ');
    restore.push(
      `insert into ${name} (${list}) overriding system value select ${list} from json_populate_recordset(null::${name}, ${quoted(rows)})`,
    );
  }
  const sequences = await client.query<{ name: string; last_value: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text from pg_sequences
     where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  for (const { name, last_value } of sequences.rows) {
    restore.push(
      last_value === null
        ? `select setval(${quoted(name)}, (select seqstart from pg_sequence where seqrelid = ${quoted(name)}::regclass), false)`
        : `select setval(${quoted(name)}, ${last_value}, true)`,
    );
  }
  return { schema, tablesWithRows, restore: restore.join(';\n') };
}

/**
 * Bring a used copy back to the template's state: every table's rows deleted (foreign keys and
 * triggers not run: `session_replication_role = replica`), the template's rows and sequence values
 * put back, the session's settings, locks and temporary tables dropped. Throws when the copy cannot be.
 */
async function reset(client: PGlite, state: TemplateState) {
  if (client.closed) throw new Error('closed');
  const schema = (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]!.schema;
  if (schema !== state.schema) throw new Error('the schema changed');
  const withRows = (await client.query<{ name: string }>(state.tablesWithRows)).rows.map((row) => row.name);
  await client.exec(
    `begin;
     set local session_replication_role = replica;
     ${withRows.map((table) => `delete from ${table};`).join('\n')}
     ${state.restore};
     commit;
     reset all;
     select pg_advisory_unlock_all();
     discard temp;`,
  );
}

/**
 * A copy of the template for one app: a kept one brought back to the template's state, or a new
 * one. `release()` hands it back for the worker's next file (instead of closing it).
 */
export async function takeEmbeddedCopy(
  url: string | undefined,
  dataDir: string,
  from: Blob,
): Promise<{ database: Database; release(): void }> {
  let database: Database | undefined;
  for (let kept = idle.pop(); kept && !database; kept = idle.pop()) {
    try {
      await reset(pgliteClientOf(kept), await template!);
      database = kept;
    } catch {
      await kept.close().catch(() => {});
    }
  }
  if (!database) {
    database = await openDatabase(url, dataDir, { from });
    template ??= readTemplateState(pgliteClientOf(database));
    await template;
  }
  const taken = database;
  let released = false;
  return {
    database: taken,
    release() {
      if (released) return;
      released = true;
      idle.push(taken);
    },
  };
}
