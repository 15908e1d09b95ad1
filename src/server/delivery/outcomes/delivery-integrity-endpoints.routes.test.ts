/**
 * Delivery integrity, through HTTP and the real pipeline against local push services: only allowed
 * push services are reached; a repeated compose sends once; the sweep finds work whose job is gone.
 * Shared setup and helpers: tests/support/delivery-integrity.ts.
 */
import { describe, expect, it } from 'vitest';
import { actors } from '../../../../tests/support/api-actors';
import {
  a,
  admin,
  business,
  completed,
  device,
  METRICS_TOKEN,
  postOf,
  push,
  received,
  sendOk,
  setupDeliveryApp,
  t,
  until,
} from '../../../../tests/support/delivery-integrity';
import { expectError } from '../../../../tests/support/expect-error';
import { startTestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Post } from '../../../shared/schemas/notification.schema';
import { sweepJob } from '../../jobs/sweep.job';

setupDeliveryApp();

describe('push endpoints', () => {
  it('are refused outside PUSH_ALLOWED_HOSTS, in every mode, naming the field', async () => {
    for (const NODE_ENV of ['test', 'production']) {
      // PUSH_ALLOWED_HOSTS empty: the browsers' push services only.
      const app = await startTestApp({
        NODE_ENV,
        PUSH_ALLOWED_HOSTS: '',
        SUPPORT_EMAIL: 'help@broadcast.sk',
      });
      try {
        const p = actors(app);
        // No METRICS_TOKEN: no /metrics at all.
        expect((await app.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
        const user = await p.userWithRole('customer');
        const keys = push.subscribe().keys;
        for (const endpoint of [
          'https://127.0.0.1/push/x',
          'https://[::1]/x',
          'https://localhost/x',
          'https://localhost./x',
          'https://vm/x',
          'https://postgres:5432/x',
          'https://10.0.0.8/x',
          'https://user:pw@fcm.googleapis.com/fcm/send/x',
          'http://fcm.googleapis.com/fcm/send/x',
          'https://fcm.googleapis.com.attacker.example/fcm/send/x',
        ]) {
          const res = await p.call('POST', '/notifications/subscribe', { endpoint, keys }, user.token);
          const body = expectError(res, 400, ErrorCode.VALIDATION);
          expect(Object.keys(body.fields ?? {}), endpoint).toEqual(['endpoint']);
        }
        for (const endpoint of [
          'https://fcm.googleapis.com/fcm/send/abc:def',
          'https://updates.push.services.mozilla.com/wpush/v2/abc',
          'https://web.push.apple.com/QabcDEF',
          'https://wns2-par02p.notify.windows.com/w/?token=abc',
        ]) {
          const res = await p.call('POST', '/notifications/subscribe', { endpoint, keys }, user.token);
          expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(201);
        }
      } finally {
        await app.close();
      }
    }
  });

  it('are never reached when an allowed name resolves to an internal address', async () => {
    const port = new URL(push.origin).port;
    // The name "localhost" is allowed, but it resolves to loopback: only a literal address may be.
    const app = await startTestApp({ PUSH_CA_FILE: push.caFile, PUSH_ALLOWED_HOSTS: `localhost:${port}` });
    try {
      const p = actors(app);
      const owner = await p.userWithRole('admin');
      const { establishment, client } = await business(p, owner, 'Rebinding Bar');
      const follower = await p.followerOf(establishment.id);
      const subscription = push.subscribe();
      const byName = { ...subscription, endpoint: subscription.endpoint.replace('127.0.0.1', 'localhost') };
      expect((await p.call('POST', '/notifications/subscribe', byName, follower.token)).statusCode).toBe(201);
      const requestsBefore = push.requests().length;
      const sent = postOf(await sendOk(app, client, establishment.id, 'Never inside'));
      const post = await until(p, client, sent.id, completed);
      expect(post.delivery).toMatchObject({ status: 'done', audience: 1, sent: 0, failed: 1, pending: 0 });
      expect(push.requests().length).toBe(requestsBefore);
    } finally {
      await app.close();
    }
  });

  it("of another account are not taken over unless the keys are the same browser's", async () => {
    const [first, second] = [
      await a.userWithRole('customer', 'first'),
      await a.userWithRole('customer', 'second'),
    ];
    const subscription = push.subscribe();
    expect((await a.call('POST', '/notifications/subscribe', subscription, first.token)).statusCode).toBe(
      201,
    );
    const stolen = { ...subscription, keys: push.subscribe().keys };
    expectError(
      await a.call('POST', '/notifications/subscribe', stolen, second.token),
      409,
      ErrorCode.CONFLICT,
      {
        endpoint: Msg.subscriptionTaken,
      },
    );
    // The same browser (same keys), now signed in as someone else: the device moves.
    const moved = await a.call('POST', '/notifications/subscribe', subscription, second.token);
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('compose', () => {
  it('sends once per Idempotency-Key, a double click included, and answers the first send', {
    tags: ['postgres'],
  }, async () => {
    const { establishment, client } = await business(a, admin, 'Double Click Diner');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(a, push, follower);
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const [one, two] = await Promise.all([
      sendOk(t, client, establishment.id, 'Only once', headers),
      sendOk(t, client, establishment.id, 'Only once', headers),
    ]);
    expect(postOf(one).id).toBe(postOf(two).id);
    const later = await sendOk(t, client, establishment.id, 'Only once', headers);
    expect(postOf(later).id).toBe(postOf(one).id);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.json<{ message: string }>().message).toBe(Msg.notificationSent);
    await until(a, client, postOf(one).id, completed);
    expect(received(push, phone, postOf(one).id)).toBe(1);
    expect(push.messages(phone.endpoint)).toHaveLength(1);
    // A new compose has a new key: a new notification.
    const next = await sendOk(t, client, establishment.id, 'Only once', {
      'idempotency-key': crypto.randomUUID(),
    });
    expect(postOf(next).id).not.toBe(postOf(one).id);
  });

  it('accepts the public id wherever the id is accepted', async () => {
    const { establishment, client } = await business(a, admin, 'Public Id Pizza');
    const sent = await sendOk(t, client, establishment.publicId, 'By public id');
    const posts = await a.call(
      'GET',
      `/api/establishments/${establishment.publicId}/posts`,
      undefined,
      client.token,
    );
    expect(posts.statusCode, posts.body).toBe(200);
    expect(posts.json<{ items: Post[] }>().items.map((p) => p.id)).toContain(postOf(sent).id);
  });
});

describe('the sweep', () => {
  it('queues again a send and a welcome email whose jobs are gone', async () => {
    const { establishment, client } = await business(a, admin, 'Swept Café');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(a, push, follower);
    const sql = t.ctx.database.sql;
    // SETUP: a notification and a registration as a crash before the outbox could leave them: rows
    // with no job, a few minutes old.
    const { rows } = await sql.executeSql(
      `INSERT INTO notifications (establishment_id, author_id, text, in_feed, created_at)
       VALUES ($1, $2, 'Found by the sweep', true, now() - interval '5 minutes') RETURNING id`,
      [establishment.id, client.id],
    );
    const lost = (rows[0] as { id: string }).id;
    const email = `swept-${Date.now()}@example.test`;
    await sql.executeSql(
      `INSERT INTO users (email, password_hash, first_name, last_name, phone, role, welcome_due_at)
       VALUES ($1, '!', 'Swept', 'User', '+421 900 000 000', 'customer', now() - interval '5 minutes')`,
      [email],
    );

    await t.ctx.jobs.send(sweepJob, {});
    const post = await until(a, client, lost, completed);
    expect(post.delivery).toMatchObject({ status: 'done', audience: 1, sent: 1, pending: 0 });
    expect(received(push, phone, lost)).toBe(1);
    const mail = await t.mail.waitFor(email);
    expect(mail.subject).toBeTruthy();

    // What the sweep found is counted, for the operator only.
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const metrics = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('broadcast_sweep_requeued_total{kind="notification"} 1');
    expect(metrics.body).toContain('broadcast_sweep_requeued_total{kind="welcome_mail"} 1');
    expect(metrics.body).toMatch(/broadcast_deliveries_total\{outcome="sent"\} \d+/);
  });
});
