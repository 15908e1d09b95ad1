import { readFileSync } from 'node:fs';
import path from 'node:path';

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * When the last migration applied to this database was made (drizzle's `__drizzle_migrations`
 * keeps each one's journal time), 0 for a database never migrated. Read before migrating, under
 * the same lock, it tells which migrations the run applies.
 */
export async function lastMigrationTime(query: Query): Promise<number> {
  const table = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(table.rows[0] as { present: boolean }).present) return 0;
  const last = await query('select max(created_at)::text as at from drizzle.__drizzle_migrations');
  return Number((last.rows[0] as { at: string | null }).at ?? 0);
}

/** The migrations made after `time`: what drizzle's migrator applies (it compares the same times). */
export function migrationsAfter(migrationsFolder: string, time: number): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.filter((entry) => entry.when > time).map((entry) => entry.tag);
}
