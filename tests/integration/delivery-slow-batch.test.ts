/**
 * A batch slower than DELIVERY_JOB_TIMEOUT_SECONDS runs once. The case reproduced:
 * a push service answering in 40 s with the batch timeout at 30 s, and every phone got the push
 * twice, since pg-boss hands a job running past its expiry to another worker while the first still
 * sends. Scaled down: answers in 4 s with the timeout at 3 s (the queue looking every second), one
 * request in flight per batch, so one batch of five devices takes 20 s, past its expiry and
 * pg-boss's retry of it (5-10 s after the expiry). The batch's lease keeps the second run from
 * sending.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/api-actors';
import { business, completed, device, postOf, received, sendOk, until } from '../support/delivery-integrity';
import type { PushService } from '../support/push-service';
import { setupRouteFixture } from '../support/route-fixture';

const fixture = setupRouteFixture({
  push: 1,
  env: {
    DELIVERY_JOB_TIMEOUT_SECONDS: '3',
    JOB_SUPERVISE_SECONDS: '1',
    // Four batches share 4 requests in flight: one each, so a batch's devices are sent one by one.
    PUSH_CONCURRENCY: '4',
  },
});
let push: PushService;
let admin: Session;
beforeAll(() => {
  ({ admin } = fixture);
  push = fixture.pushes[0]!;
});

describe('a push service answering slower than the batch timeout', () => {
  it('gets each message once: the expired job run again sends nothing while the first still sends', async () => {
    const { t, a } = fixture;
    const { establishment, client } = await business(a, admin, 'Slow Lane Café');
    const follower = await a.followerOf(establishment.id, 'slow-phones');
    const phones = [];
    for (let i = 0; i < 5; i++) phones.push(await device(a, push, follower));
    push.respondToAll({ delayMs: 4_000, status: 201 });
    try {
      const sent = postOf(await sendOk(t, client, establishment.id, 'Slow but once'));
      const done = await until(a, client, sent.id, completed, 90_000);
      expect(done.delivery).toMatchObject({ status: 'done', sent: 5, failed: 0, pending: 0 });
      expect(phones.map((phone) => received(push, phone, sent.id))).toEqual([1, 1, 1, 1, 1]);
      // The point of the test: pg-boss did hand the running batch to a second run, which found the
      // lease held and queued the batch again for when it ends (every push was accepted: the
      // holder itself queued no later run).
      const { rows } = await t.ctx.database.sql.executeSql(
        `SELECT count(*)::int AS runs FROM pgboss.job
          WHERE name LIKE 'notification.deliver%' AND data->>'notificationId' = $1
            AND (data->>'attempt')::int > 0`,
        [sent.id],
      );
      expect((rows as { runs: number }[])[0]!.runs).toBeGreaterThan(0);
    } finally {
      push.respondToAll(null);
    }
  }, 120_000);
});
