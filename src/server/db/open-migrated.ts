import path from 'node:path';
import { settingError } from '../config/config-error';
import { redactedDatabaseUrl } from '../config/database-settings';
import { type Database, openDatabase } from './client';

const CANNOT_START = 'Cannot start: the database could not be opened';

interface Log {
  info(obj: object, msg: string): void;
}

/** An error's own words: a refused connection to a name with two addresses has them only inside. */
function reason(error: unknown): string {
  const { message, code, errors } = error as { message?: string; code?: string; errors?: unknown[] };
  if (message) return message;
  if (errors?.length) return reason(errors[0]);
  return code ?? String(error);
}

/** "5 (0036_a, ..., 0040_e)": a fresh database's forty migrations are said as the first to the last. */
function listed(applied: string[]): string {
  const names = applied.length <= 5 ? applied.join(', ') : `${applied[0]} to ${applied.at(-1)}`;
  return `${applied.length} (${names})`;
}

/**
 * The process's database, opened and migrated, with a log line saying which migrations were
 * applied. One that cannot be reached or migrated is a ConfigError naming DATABASE_URL (or
 * DATA_DIR for the embedded one) and the database's reason, printed without a stack trace.
 */
export async function openMigratedDatabase(
  settings: { databaseUrl: string | undefined; dataDir: string },
  log: Log,
): Promise<Database> {
  let database: Database | undefined;
  try {
    database = await openDatabase(settings.databaseUrl, settings.dataDir);
    const applied = await database.migrate();
    log.info(
      { migrations: applied },
      applied.length > 0
        ? `database migrations applied: ${listed(applied)}`
        : 'database migrations: none to apply, the schema is up to date',
    );
    return database;
  } catch (error) {
    await database?.close().catch(() => {});
    if (/^postgres(ql)?:\/\//.test(settings.databaseUrl ?? '')) {
      const url = redactedDatabaseUrl(settings.databaseUrl ?? '');
      throw settingError(
        'DATABASE_URL',
        `the database at ${url} could not be opened and migrated: ${reason(error)}. ` +
          'Expected a PostgreSQL server that this process can reach and sign in to, the database created.',
        CANNOT_START,
      );
    }
    const where = settings.databaseUrl === 'memory://' ? 'memory' : path.join(settings.dataDir, 'pglite');
    throw settingError(
      'DATA_DIR',
      `the embedded database in ${where} could not be opened and migrated: ${reason(error)}. ` +
        'Expected a directory this process may write, used by no other server.',
      CANNOT_START,
    );
  }
}
