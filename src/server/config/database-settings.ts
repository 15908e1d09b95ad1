import { z } from 'zod';
import { checked, type SettingProblem } from './config-error';

/** Which database: the embedded PGlite, or a PostgreSQL server. */
export const databaseEnv = {
  DATABASE_URL: z.string().optional(),
};

export type DatabaseEnv = z.output<z.ZodObject<typeof databaseEnv>>;

export interface DatabaseSettings {
  /** Unset: the embedded PGlite under dataDir. `memory://` keeps PGlite in memory (tests). */
  databaseUrl: string | undefined;
}

const EXPECTED =
  'expected postgres://user:password@host:5432/database, or no DATABASE_URL for the embedded database in DATA_DIR';

/**
 * A PostgreSQL URL or `memory://`. Anything else used to open the embedded database under
 * DATA_DIR without a word, which a typo (`postgress://`, `mysql://`) should not do. The value is
 * never printed: it holds a password.
 */
function checkDatabaseUrl(url: string) {
  if (url === 'memory://') return;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error(`is not a URL: ${EXPECTED}`);
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new Error(`${protocol}// is not a PostgreSQL URL: ${EXPECTED}`);
  }
}

export function databaseSettings(env: DatabaseEnv, problems: SettingProblem[]): DatabaseSettings {
  const url = env.DATABASE_URL;
  if (url) checked(problems, 'DATABASE_URL', () => checkDatabaseUrl(url), undefined);
  return { databaseUrl: env.DATABASE_URL };
}

/** A database URL as it may be shown: without its password. */
export function redactedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}
