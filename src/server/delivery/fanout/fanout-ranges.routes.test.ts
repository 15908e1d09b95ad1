// @module-tag postgres
/**
 * The fan-out split: an audience larger than FANOUT_RANGE_SIZE is planned as ranges of
 * user ids, each walked by its own job; every phone gets the send exactly once, a targeted send
 * still reaches only its preferences' followers, and the send is done only when every range is.
 * Sizes are tiny here (batches of 2, ranges of 5) so a few dozen followers make several ranges.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import {
  business,
  completed,
  device,
  postOf,
  received,
  until,
} from '../../../../tests/support/delivery-integrity';
import type { PushService, TestSubscription } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import type { Post } from '../../../shared/schemas/notification.schema';
import type { Preference } from '../../../shared/schemas/preference.schema';
import { sweepJob } from '../../jobs/sweep.job';

let push: PushService;
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture({ push: 1, env: { PUSH_BATCH_SIZE: '2', FANOUT_RANGE_SIZE: '5' } });
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

const sql = (text: string, values: unknown[]) => t.ctx.database.sql.executeSql(text, values);

async function send(client: Session, establishmentId: string, body: Record<string, unknown>): Promise<Post> {
  const res = await a.call(
    'POST',
    `/api/establishments/${establishmentId}/notifications`,
    body,
    client.token,
  );
  expect(res.statusCode, res.body).toBe(202);
  return postOf(res);
}

async function rangesOf(notificationId: string) {
  const { rows } = await sql(
    'SELECT count(*)::int AS ranges, bool_and(done) AS done FROM notification_fanout_ranges WHERE notification_id = $1',
    [notificationId],
  );
  return rows[0] as { ranges: number; done: boolean | null };
}

describe('the fan-out split', () => {
  it('walks a large audience as ranges and delivers to every phone exactly once', async () => {
    const { establishment, client } = await business(a, admin, 'Stadium Bar');
    const phones: TestSubscription[] = [];
    for (let i = 0; i < 23; i++) phones.push(await device(a, push, await a.followerOf(establishment.id)));

    const sent = await send(client, establishment.id, { text: 'Kick-off at 17:00', post: true });
    const post = await until(a, client, sent.id, completed, 30_000);
    expect(post.delivery).toMatchObject({ status: 'done', audience: 23, sent: 23, pending: 0 });
    expect(phones.map((phone) => received(push, phone, sent.id))).toEqual(phones.map(() => 1));
    // The first batch (2) went out at once; the other 21 followers were planned as ranges of 5.
    expect(await rangesOf(sent.id)).toEqual({ ranges: 5, done: true });
  });

  it('keeps a targeted send to its preferences across ranges', async () => {
    const group = await a.call('POST', '/api/preference-groups', { name: 'Matches' }, admin.token);
    const groupId = group.json().group.id as string;
    const made = await a.call('POST', '/api/preferences', { groupId, name: 'Away games' }, admin.token);
    expect(made.statusCode, made.body).toBe(201);
    const away = made.json<{ preference: Preference }>().preference;
    const { establishment, client } = await business(a, admin, 'Away Pub');
    const fans: TestSubscription[] = [];
    const others: TestSubscription[] = [];
    for (let i = 0; i < 30; i++) {
      const follower = await a.followerOf(establishment.id);
      if (i % 2 === 0) {
        const picked = await a.call(
          'PUT',
          '/api/account/preferences',
          { preferenceIds: [away.id] },
          follower.token,
        );
        expect(picked.statusCode, picked.body).toBe(200);
      }
      (i % 2 === 0 ? fans : others).push(await device(a, push, follower));
    }

    const sent = await send(client, establishment.id, {
      text: 'Coach to the away game leaves at 9',
      post: true,
      preferenceIds: [away.id],
    });
    const post = await until(a, client, sent.id, completed, 30_000);
    expect(post.delivery).toMatchObject({ status: 'done', audience: 15, sent: 15 });
    expect(fans.map((phone) => received(push, phone, sent.id))).toEqual(fans.map(() => 1));
    expect(others.map((phone) => received(push, phone, sent.id))).toEqual(others.map(() => 0));
    expect((await rangesOf(sent.id)).ranges).toBe(3);
  });

  it('is not done while a range is left, and walks the ranges a crash left unqueued when the sweep resumes it', async () => {
    const { establishment, client } = await business(a, admin, 'Lost Range Tavern');
    const phones: TestSubscription[] = [];
    for (let i = 0; i < 12; i++) phones.push(await device(a, push, await a.followerOf(establishment.id)));
    // SETUP: a send whose fan-out planned its ranges and died before queueing their jobs: the rows,
    // a few minutes old, and no job.
    const { rows } = await sql(
      `INSERT INTO notifications (establishment_id, author_id, text, in_feed, status, created_at)
       VALUES ($1, $2, 'Quiz at 20:00', true, 'sending', now() - interval '5 minutes') RETURNING id`,
      [establishment.id, client.id],
    );
    const lost = (rows[0] as { id: string }).id;
    const members = await sql(
      'SELECT user_id FROM memberships WHERE establishment_id = $1 ORDER BY user_id',
      [establishment.id],
    );
    const middle = (members.rows[5] as { user_id: string }).user_id;
    await sql(
      `INSERT INTO notification_fanout_ranges (notification_id, part, after_user, upto_user)
       VALUES ($1, 0, NULL, $2), ($1, 1, $2, NULL)`,
      [lost, middle],
    );
    expect((await until(a, client, lost, () => true)).delivery).toMatchObject({
      status: 'sending',
      completedAt: null,
    });

    await t.ctx.jobs.send(sweepJob, {});
    const post = await until(a, client, lost, completed, 30_000);
    expect(post.delivery).toMatchObject({ status: 'done', audience: 12, sent: 12, pending: 0 });
    expect(phones.map((phone) => received(push, phone, lost))).toEqual(phones.map(() => 1));
    expect(await rangesOf(lost)).toEqual({ ranges: 2, done: true });
  });
});
