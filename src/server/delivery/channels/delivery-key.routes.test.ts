/**
 * A delivery is (notification, channel, target): a follower who chose phone and email, with two
 * phones, gets one send as three deliveries (a push per device, targeted at its subscription, and
 * an email, targeted at the user), each decided once; the post page counts them by channel.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { business, completed, until } from '../../../../tests/support/delivery-integrity';
import type { PushService } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import type { PushMessage } from '../../../shared/push/payload';
import type { Post } from '../../../shared/schemas/notification.schema';

const fixture = setupRouteFixture({ push: 1 });
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
let push: PushService;
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

/** A phone of the user's: the push service's subscription and the id the server gave it. */
async function phone(user: Session) {
  const subscription = push.subscribe();
  const res = await a.call('POST', '/notifications/subscribe', subscription, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return { endpoint: subscription.endpoint, id: res.json<{ subscriptionId: string }>().subscriptionId };
}

describe('a delivery is (notification, channel, target)', () => {
  it('gives a follower with two phones and email three deliveries, each decided once and counted by channel', async () => {
    const { establishment, client } = await business(a, admin, 'Two Phones Bistro');
    const reader = await a.followerOf(establishment.id, 'two-phones');
    const phones = [await phone(reader), await phone(reader)];
    const choice = await a.call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'both', marketingConsent: true },
      reader.token,
    );
    expect(choice.statusCode, choice.body).toBe(200);

    const sent = await a.call(
      'POST',
      `/api/establishments/${establishment.id}/notifications`,
      { text: 'Soup of the day: lentil', post: true },
      client.token,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const id = sent.json<{ notification: Post }>().notification.id;
    const post: Post = await until(a, client, id, completed, 120_000);

    const { rows } = await t.ctx.database.sql.executeSql(
      `SELECT channel, target_id, user_id, outcome, attempts, decided_at IS NOT NULL AS decided
         FROM deliveries WHERE notification_id = $1 ORDER BY channel, target_id`,
      [post.id],
    );
    const row = (channel: string, targetId: string) => ({
      channel,
      target_id: targetId,
      user_id: reader.id,
      outcome: 'sent',
      attempts: 1,
      decided: true,
    });
    expect(rows).toEqual([
      row('email', reader.id),
      ...phones
        .map((p) => p.id)
        .sort()
        .map((id) => row('push', id)),
    ]);
    // What the follower got: one push on each phone, one email.
    for (const p of phones) {
      const pushes = push.messages(p.endpoint).filter((m) => (m.json as PushMessage).id === post.id);
      expect(pushes).toHaveLength(1);
    }
    await t.mail.waitFor(reader.email);
    const mails = t.mail.received.filter(
      (m) => m.to.includes(reader.email.toLowerCase()) && m.subject === 'Soup of the day: lentil',
    );
    expect(mails).toHaveLength(1);
    // The post page's figures, by channel.
    expect(post.delivery).toMatchObject({ status: 'done', audience: 3, sent: 3, failed: 0, pending: 0 });
    expect(post.delivery?.channels.push).toMatchObject({ sent: 2, failed: 0, pending: 0 });
    expect(post.delivery?.channels.email).toMatchObject({ sent: 1, failed: 0, pending: 0 });

    // The key names the channel: another channel's delivery to the same target is a row of its own
    // (keyed by notification and target alone, a second per-user channel collided with email).
    const { rows: added } = await t.ctx.database.sql.executeSql(
      `INSERT INTO deliveries (notification_id, target_id, user_id, channel)
       VALUES ($1, $2, $2, 'push') ON CONFLICT DO NOTHING RETURNING channel`,
      [post.id, reader.id],
    );
    expect(added).toEqual([{ channel: 'push' }]);
  });
});
