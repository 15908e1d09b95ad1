import { z } from 'zod';

/** Which database: the embedded PGlite, or a PostgreSQL server. */
export const databaseEnv = {
  DATABASE_URL: z.string().url().optional(),
};

export type DatabaseEnv = z.output<z.ZodObject<typeof databaseEnv>>;

export interface DatabaseSettings {
  /** Unset: the embedded PGlite under dataDir. `memory://` keeps PGlite in memory (tests). */
  databaseUrl: string | undefined;
}

export function databaseSettings(env: DatabaseEnv): DatabaseSettings {
  return { databaseUrl: env.DATABASE_URL };
}
