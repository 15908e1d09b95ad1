// @module-tag postgres
/**
 * A scheduled send survives a restart: planned on one instance of the app, which then
 * stops; a new instance on the same database (PGlite on disk, or the PostgreSQL database of
 * TEST_DATABASE_URL) reaches its time on a clock the test sets, and the scheduler's job sends it to
 * the follower's device through the local push service. Nothing is kept in memory between the two.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { releaseScheduledJob } from '../../src/server/jobs/release-scheduled.job';
import { Msg } from '../../src/shared/messages';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Post, ScheduledList } from '../../src/shared/schemas/notification.schema';
import { actors, type Session } from '../support/api-actors';
import { type PushService, startPushService } from '../support/push-service';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import type { TestApp } from '../support/test-app';
import { createTestDatabaseUrl } from '../support/test-database';

let push: PushService;
let mail: SmtpSink;
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;

beforeAll(async () => {
  push = await startPushService();
  mail = await startSmtpSink();
  dataDir = await mkdtemp(path.join(tmpdir(), 'broadcast-restart-'));
  database = await createTestDatabaseUrl();
});
afterAll(async () => {
  await database?.drop();
  await mail?.close();
  await push?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** One instance of the whole app (routes, jobs, workers) on the file's database and data directory. */
async function instance(): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // memory:// would be a new database each time: PGlite on disk under DATA_DIR instead.
    ...(database.url === 'memory://' ? {} : { DATABASE_URL: database.url }),
    PUBLIC_URL: 'http://app.test',
    SMTP_URL: mail.url,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    PUSH_ALLOWED_HOSTS: '127.0.0.1',
    PUSH_CA_FILE: push.caFile,
  });
  const { app, ctx } = await buildApp(config);
  return {
    app,
    ctx,
    mail,
    request: ({ token, headers, ...options }) =>
      app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    close: () => app.close(),
  };
}

describe('a scheduled send across a restart', () => {
  it('is still scheduled after the restart and goes out at its time from the new instance', async () => {
    // Days ahead of the wall clock: no run of the scheduler at a real time finds it due.
    const due = Date.now() + 5 * 24 * 3600_000;

    let t = await instance();
    const first = actors(t);
    const admin = await first.userWithRole('admin');
    const establishment = await first.establishment(admin, 'Restart Rooftop');
    const client = await first.clientOf(admin, establishment.id);
    const follower: Session = await first.followerOf(establishment.id);
    const phone = push.subscribe();
    const subscribed = await first.call('POST', '/notifications/subscribe', phone, follower.token);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const sent = await first.call(
      'POST',
      `/api/establishments/${establishment.id}/notifications`,
      { text: 'Rooftop opens at sunset', post: true, scheduledFor: new Date(due).toISOString() },
      client.token,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json<{ message: string }>().message).toBe(Msg.notificationScheduled);
    const { id } = sent.json<{ notification: Post }>().notification;
    await t.close();

    t = await instance();
    try {
      const second = actors(t);
      // The same account, signed in again on the new instance.
      const token = await second.signIn(client.email);
      const listed = await second.call(
        'GET',
        `/api/establishments/${establishment.id}/scheduled`,
        undefined,
        token,
      );
      expect(listed.json<ScheduledList>().items.map((p) => p.id)).toEqual([id]);

      // Its time comes on the new instance's clock; the minute job runs (queued as its cron queues it).
      t.ctx.now = () => new Date(due);
      await t.ctx.jobs.send(releaseScheduledJob, {});
      const [message] = await push.waitForMessages(1, 30_000);
      expect(message!.endpoint).toBe(phone.endpoint);
      expect(message!.json as PushMessage).toMatchObject({ id, body: 'Rooftop opens at sunset' });

      const after = await second.call(
        'GET',
        `/api/establishments/${establishment.id}/scheduled`,
        undefined,
        token,
      );
      expect(after.json<ScheduledList>().items).toEqual([]);
      const feed = await second.call('GET', '/api/feed', undefined, await second.signIn(follower.email));
      expect(feed.json<{ items: Post[] }>().items.map((p) => [p.id, p.createdAt])).toEqual([
        [id, new Date(due).toISOString()],
      ]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
