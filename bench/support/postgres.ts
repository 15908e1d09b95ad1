import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The URL of database `name` on the server `url` names. */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Run `statements` one by one on the server's own database (`url`'s). */
export async function onServer<T>(url: string, statements: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await statements(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Create a throwaway database next to the one `url` names, empty or a copy of `template`; returns
 * its URL and how to drop it.
 */
export async function freshPostgresDatabase(url: string, prefix: string, template?: string) {
  const name = `bench_${prefix}_${randomUUID().slice(0, 8)}`;
  await onServer(url, (admin) =>
    admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  return {
    url: databaseUrl(url, name),
    /**
     * Drop it once the pipeline's connections have gone: a forced drop while a pool client is still
     * closing sends that client a FATAL error its pool has no listener for, which ends this process.
     */
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
            return;
          } catch (error) {
            // 55006: still in use by another session; try again shortly, then force.
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
