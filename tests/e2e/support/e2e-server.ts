import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { releaseDueNotifications } from '../../../src/server/jobs/release-scheduled.job';
import { GENEROUS_FATIGUE_LIMITS } from '../../support/fatigue-limits';
import { startOidcProvider } from '../../support/oidc-provider';
import { startPushService } from '../../support/push-service';
import { startSmtpSink } from '../../support/smtp-sink';
import { createTestDatabaseUrl } from '../../support/test-database';
import { E2E_ADMIN } from './accounts';

/**
 * The real application for end-to-end tests: built web app, fresh database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL), a real SMTP sink, a real local web push service, and a small HTTP
 * mailbox (port + 1) the specs read emails and push messages from.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const mail = await startSmtpSink();
const push = await startPushService();
const database = await createTestDatabaseUrl();
// The company's identity provider staff sign in with: any email typed on its login page is that
// person, verified ("Sign in with Company login" on the sign-in page).
const identityProvider = await startOidcProvider({
  redirectUris: [`http://127.0.0.1:${port}/api/auth/oidc/callback`],
  anyEmail: true,
});
const dataDir = await mkdtemp(path.join(tmpdir(), 'broadcast-e2e-'));
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  DATABASE_URL: database.url,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SMTP_URL: mail.url,
  // The app trusts the local push service's self-signed certificate.
  PUSH_CA_FILE: push.caFile,
  // The local push service is the one push service these runs may reach.
  PUSH_ALLOWED_HOSTS: new URL(push.origin).host,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // Every spec signs in from 127.0.0.1: the default (10 per minute per email, 30 per IP) would make
  // the suite fail on its own speed. The limits themselves are covered by the integration tests.
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
  RATE_LIMIT_UPLOADS_PER_MINUTE: '1000',
  RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
  // Journeys send to the same follower several times a minute: the fatigue guard stays on (its
  // SQL runs on every send) with limits no journey reaches.
  ...GENEROUS_FATIGUE_LIMITS,
  // A device whose push service fails one send (two requests) is skipped as stale: the account
  // page's warning shows in seconds, not after three sends of six tries.
  PUSH_MAX_ATTEMPTS: '2',
  PUSH_FAILED_SENDS_TO_SKIP: '1',
  // Playwright's request context reuses an idle connection and, unlike a browser, does not retry
  // when the server closes it at that very moment (ECONNRESET, seen once in comments.spec after a
  // test's ten quiet seconds in the browser): idle connections stay open longer than a test lasts.
  HTTP_KEEP_ALIVE_SECONDS: '600',
  ...identityProvider.env(),
});
const { app, ctx } = await buildApp(config);
const { ensureFirstAdmin } = await import('../../../src/server/modules/account/admin-bootstrap');
await ensureFirstAdmin(ctx.db, config.admin, () => {});
await app.listen({ port, host: '127.0.0.1' });

/**
 * The specs' side door to what the app sent:
 *   GET  /messages?to=<email>      -> the emails received for that address, newest last;
 *   POST /push/subscriptions       -> a new TestSubscription of the push service (to register through the API);
 *   GET  /push/messages?endpoint=  -> the push messages it accepted (decrypted), oldest first;
 *   GET  /push/requests?endpoint=  -> every request the app made to the push service and its answer;
 *   POST /push/expire?endpoint=    -> from now on the push service answers 410 for it (unsubscribed);
 *   POST /push/fail?endpoint=      -> from now on the push service answers 500 for it;
 *   POST /scheduler/due?notification= -> that scheduled send's time has come: the real scheduler
 *                                     releases it now (a spec cannot wait a day for Friday 17:00).
 */
const mailbox = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === '/push/subscriptions' && request.method === 'POST') {
    return json(201, push.subscribe());
  }
  if (url.pathname === '/push/messages') {
    return json(200, push.messages(url.searchParams.get('endpoint') ?? undefined));
  }
  if (url.pathname === '/push/expire' && request.method === 'POST') {
    push.expire(url.searchParams.get('endpoint') ?? '');
    response.writeHead(204);
    return response.end();
  }
  if (url.pathname === '/push/fail' && request.method === 'POST') {
    push.respondAlways(url.searchParams.get('endpoint') ?? '', { status: 500 });
    response.writeHead(204);
    return response.end();
  }
  if (url.pathname === '/scheduler/due' && request.method === 'POST') {
    const id = url.searchParams.get('notification') ?? '';
    void (async () => {
      await ctx.database.sql.executeSql(
        "UPDATE notifications SET scheduled_for = now(), created_at = now() WHERE id = $1 AND status = 'scheduled'",
        [id],
      );
      return releaseDueNotifications(ctx, new Date());
    })().then(
      (released) => json(200, { released }),
      (error: unknown) => json(500, { error: String(error) }),
    );
    return;
  }
  if (url.pathname === '/push/requests') {
    return json(200, push.requests(url.searchParams.get('endpoint') ?? undefined));
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  json(
    200,
    mail.received.filter((m) => !to || m.to.includes(to)),
  );
});
mailbox.listen(port + 1, '127.0.0.1');

const shutdown = async () => {
  mailbox.close();
  await app.close();
  await mail.close();
  await push.close();
  await identityProvider.close();
  await database.drop();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
