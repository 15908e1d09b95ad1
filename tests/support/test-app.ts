import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { takeEmbeddedCopy } from './embedded-copies';
import { GENEROUS_FATIGUE_LIMITS } from './fatigue-limits';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { createTestDatabaseUrl } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  mail: SmtpSink;
  /** HTTP through the real stack (routing, validation, auth, serialization). */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The whole application on a throw-away database, with a real SMTP sink receiving its mail. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const mail = await startSmtpSink();
  const database = await createTestDatabaseUrl();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'broadcast-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PUBLIC_URL: 'http://app.test',
    SMTP_URL: mail.url,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    // Tests upload and read pages far faster than people; rate-limit tests set their own limits.
    RATE_LIMIT_UPLOADS_PER_MINUTE: '1000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    RATE_LIMIT_COMMENTS_PER_MINUTE: '1000',
    // Tests send to the same followers many times a minute: the guard stays on (its SQL runs on
    // every send) with limits no test reaches; the guard's own tests set the defaults.
    ...GENEROUS_FATIGUE_LIMITS,
    // The local push services of tests/support listen on 127.0.0.1 (any port).
    PUSH_ALLOWED_HOSTS: '127.0.0.1',
    ...env,
  });
  // A copy of the run's migrated PGlite, kept by this worker or opened (buildApp would open an empty one).
  const copy = database.from ? await takeEmbeddedCopy(config.databaseUrl, dataDir, database.from) : undefined;
  const { app, ctx } = await buildApp(config, copy ? { database: copy.database } : {});
  return {
    app,
    ctx,
    mail,
    request: ({ token, headers, ...options }) =>
      app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    async close() {
      await app.close();
      copy?.release();
      await mail.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
