import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createAdmin } from '../../src/server/modules/account/admin-bootstrap';
import { freshPostgresDatabase } from './postgres';

/**
 * The real app for an admin-side benchmark, signed in as an admin: PGlite in memory by default; with
 * DATABASE_URL (a PostgreSQL server), a fresh database on that server. `close()` drops it all.
 */
export async function startAdminBenchApp(name: string) {
  const serverUrl = process.env.DATABASE_URL;
  const fresh = serverUrl ? await freshPostgresDatabase(serverUrl, name) : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), `bench-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: fresh?.url ?? 'memory://',
    LOG_LEVEL: 'warn',
    WORKERS: 'false',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
  });
  const { app, ctx } = await buildApp(config);
  await createAdmin(ctx.db, { email: 'bench@bench.test', password: 'bench-password' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email: 'bench@bench.test', password: 'bench-password' },
  });
  const authorization = `Bearer ${login.json<{ accessToken: string }>().accessToken}`;
  const close = async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  };
  return { app, ctx, sql: ctx.database.sql, authorization, database: fresh ? 'PostgreSQL' : 'PGlite', close };
}
