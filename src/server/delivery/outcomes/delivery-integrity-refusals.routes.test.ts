/**
 * Delivery integrity, through HTTP and the real pipeline against local push services: one follower's
 * endpoint can never stop a send; a push service that refuses our credentials pauses alone and
 * resumes. Shared setup and helpers: tests/support/delivery-integrity.ts.
 */
import { describe, expect, it } from 'vitest';
import { actors } from '../../../../tests/support/api-actors';
import {
  a,
  admin,
  business,
  completed,
  device,
  postOf,
  push,
  received,
  sendOk,
  setupDeliveryApp,
  t,
  until,
} from '../../../../tests/support/delivery-integrity';
import { startPushService, type TestSubscription } from '../../../../tests/support/push-service';
import { startTestApp } from '../../../../tests/support/test-app';
import { REFUSALS_TO_PAUSE } from '../../push/credential-refusals';

setupDeliveryApp();

describe('a 401/403 from one endpoint', () => {
  it('fails that delivery only: 39 of 40 followers receive, the send ends done, and the next one too', async () => {
    const { establishment, client } = await business(a, admin, 'Forty Tables');
    const followers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => a.followerOf(establishment.id, `forty${i}`)),
    );
    const phones = new Map<string, TestSubscription>();
    for (const follower of followers) phones.set(follower.id, await device(a, push, follower));
    const lowest = [...phones.keys()].sort()[0]!;
    const hostile = phones.get(lowest)!;
    // This follower's endpoint refuses everything, as FCM does for a subscription of another key.
    push.respond(hostile.endpoint, { status: 403 }, { status: 403 });

    for (const text of ['First round', 'Second round']) {
      const sent = postOf(await sendOk(t, client, establishment.id, text));
      const post = await until(a, client, sent.id, completed);
      expect(post.delivery).toMatchObject({ status: 'done', audience: 40, sent: 39, failed: 1, pending: 0 });
      expect(post.delivery?.error).toBeNull();
      for (const [userId, phone] of phones) {
        expect(received(push, phone, sent.id), `user ${userId}`).toBe(userId === lowest ? 0 : 1);
      }
    }
    // Nothing is deleted on 401/403: the browser's subscription is still known.
    const again = await a.call(
      'POST',
      '/notifications/subscribe',
      hostile,
      followers.find((f) => f.id === lowest)!.token,
    );
    expect(again.json<{ created: boolean }>().created).toBe(false);
    // 40 followers and two sends: a bound for a hung test, on a busy machine too.
  }, 120_000);

  it('ends as gone, and is kept, when the push service says the subscription has another key', async () => {
    const { establishment, client } = await business(a, admin, 'Other Key Bar');
    const follower = await a.followerOf(establishment.id);
    const [mismatched, fine] = [await device(a, push, follower), await device(a, push, follower)];
    push.respond(mismatched.endpoint, {
      status: 403,
      error:
        'the key in the authorization header does not correspond to the sender ID used to subscribe this user',
    });
    const sent = postOf(await sendOk(t, client, establishment.id, 'Key check'));
    const post = await until(a, client, sent.id, completed);
    expect(post.delivery).toMatchObject({ status: 'done', sent: 1, gone: 1, failed: 0 });
    expect(received(push, fine, sent.id)).toBe(1);
    const again = await a.call('POST', '/notifications/subscribe', mismatched, follower.token);
    expect(again.json<{ created: boolean }>().created).toBe(false);
  });
});

describe('a push service that refuses our credentials', () => {
  it('pauses alone, says so on the post page, lets other push services deliver, and resumes', async () => {
    const other = await startPushService();
    const app = await startTestApp({
      PUSH_CA_FILE: push.caFile,
      PUSH_ORIGIN_PAUSE_SECONDS: '2',
    });
    try {
      // Both local push services use this process's one test certificate: one CA file trusts both.
      const p = actors(app);
      const owner = await p.userWithRole('admin');
      const { establishment, client } = await business(p, owner, 'Paused Pub');
      const follower = await p.followerOf(establishment.id);
      const refusing = await Promise.all(
        Array.from({ length: REFUSALS_TO_PAUSE + 2 }, () => device(p, push, follower)),
      );
      // Every device of this origin refuses once: our credentials, as far as we can tell.
      for (const s of refusing) push.respond(s.endpoint, { status: 401 });
      const elsewhere = await device(p, other, follower);

      const sent = postOf(await sendOk(app, client, establishment.id, 'Happy hour'));
      const paused = await until(p, client, sent.id, (post) => Boolean(post.delivery?.error));
      expect(paused.delivery?.error).toContain(push.origin);
      expect(paused.delivery?.error).toMatch(/VAPID/);
      expect(paused.delivery?.error).toContain('HTTP 401');
      expect(paused.delivery?.completedAt).toBeNull();
      // The other push service delivered meanwhile.
      await until(p, client, sent.id, (post) => (post.delivery?.sent ?? 0) >= 1);
      expect(received(other, elsewhere, sent.id)).toBe(1);

      // Its answers are good again (keys fixed): after the pause every held delivery goes out.
      const done = await until(p, client, sent.id, completed);
      expect(done.delivery).toMatchObject({
        status: 'done',
        audience: REFUSALS_TO_PAUSE + 3,
        sent: REFUSALS_TO_PAUSE + 3,
        failed: 0,
        gone: 0,
      });
      expect(done.delivery?.error).toBeNull();
      for (const s of refusing) expect(received(push, s, sent.id)).toBe(1);
    } finally {
      await app.close();
      await other.close();
    }
  }, 60_000);
});
