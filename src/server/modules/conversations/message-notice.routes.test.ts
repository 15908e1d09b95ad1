/**
 * A message's notice is a personal send of the delivery engine, through HTTP on a real database
 * and a local push service: the other side's phone rings (after an unfollow too), the push is the
 * conversation's, its delivery is recorded like any send's, and it is counted in no report and
 * listed nowhere.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { conversationsApi } from '../../../../tests/support/conversations-api';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';

let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture({ push: 1 });
const { device, messagePushes, ask } = conversationsApi(fixture);
beforeAll(() => {
  ({ t, a, admin } = fixture);
});

/** The deliveries of the message notices to `userId`, once none is pending any more. */
async function noticeDeliveries(userId: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const { rows } = await t.ctx.database.sql.executeSql(
      `SELECT d.channel, d.outcome FROM notifications n JOIN deliveries d ON d.notification_id = n.id
        WHERE n.source = 'message' AND n.recipient_id = $1 ORDER BY n.created_at`,
      [userId],
    );
    const deliveries = rows as { channel: string; outcome: string }[];
    if (deliveries.length > 0 && deliveries.every((d) => d.outcome !== 'pending')) return deliveries;
    if (Date.now() > until) throw new Error(`deliveries still pending: ${JSON.stringify(deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function reply(user: Session, id: string, text: string) {
  const res = await a.call('POST', `/api/conversations/${id}/messages`, { text }, user.token);
  expect(res.statusCode, res.body).toBe(201);
}

describe('the notice of a message', () => {
  it('rings a follower who has unfollowed since asking: a delivery of its own, in no report and no list of sends', async () => {
    const establishment = await a.establishment(admin, 'Late Answer Tavern');
    const operator = await a.clientOf(admin, establishment.id, 'operator');
    const follower = await a.followerOf(establishment.id, 'leaver');
    const phone = await device(follower);
    const { id } = await ask(follower, establishment.id, 'Do you still have the blue mugs?');
    const unfollowed = await a.call(
      'DELETE',
      `/api/establishments/${establishment.id}/follow`,
      undefined,
      follower.token,
    );
    expect(unfollowed.statusCode, unfollowed.body).toBeLessThan(300);

    await reply(operator, id, 'Yes, two left.');
    const [pushed] = await messagePushes(phone, 1);
    expect(pushed).toMatchObject({
      kind: 'message',
      title: 'Late Answer Tavern',
      body: 'Yes, two left.',
      url: `/app/messages/${id}`,
      tag: `message-${id}`,
    });
    expect(await noticeDeliveries(follower.id)).toEqual([{ channel: 'push', outcome: 'sent' }]);

    const sends = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/posts?all=true`,
      undefined,
      operator.token,
    );
    expect(sends.statusCode, sends.body).toBe(200);
    expect(sends.json<{ items: unknown[] }>().items).toEqual([]);
    const report = await a.call(
      'GET',
      `/api/reports/dashboard?establishmentId=${establishment.id}`,
      undefined,
      operator.token,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(
      report.json<{ periods: { today: { figures: Record<string, number> } } }>().periods.today.figures,
    ).toMatchObject({ notificationsSent: 0, devices: 0, reach: 0 });
  });

  it('quotes a long message in 300 characters, and tells each operator with a device under the writer’s name', async () => {
    const establishment = await a.establishment(admin, 'Long Letter Books');
    const operator = await a.clientOf(admin, establishment.id, 'operator');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const follower = await a.followerOf(establishment.id, 'writer');
    const [operatorPhone, colleaguePhone] = await Promise.all([device(operator), device(colleague)]);
    const { id } = await ask(follower, establishment.id, `${'word '.repeat(300)}end`);

    for (const phone of [operatorPhone, colleaguePhone]) {
      const [pushed] = await messagePushes(phone, 1);
      expect(pushed).toMatchObject({ kind: 'message', title: 'Test writer', tag: `message-${id}` });
      expect(pushed!.body).toHaveLength(300);
      expect(pushed!.body.endsWith('…')).toBe(true);
    }
    expect(await noticeDeliveries(operator.id)).toEqual([{ channel: 'push', outcome: 'sent' }]);
    expect(await noticeDeliveries(colleague.id)).toEqual([{ channel: 'push', outcome: 'sent' }]);
  });
});
