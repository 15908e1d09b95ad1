/**
 * Pausing and resuming a weekly send (POST /api/weekly-sends/{id}/pause and /resume) over HTTP,
 * with the real scheduler on the business's clock (ctx.now is the test's): a paused series' waiting
 * send is passed by at its time; resumed, it goes at its time or, missed, at the rule's next one;
 * who may, and what an ended series answers.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  business,
  call,
  sendOk,
  setupNotificationsApp,
} from '../../../../tests/support/notifications-api';
import {
  clockAt,
  release,
  resetClockAfterEach,
  scheduledOf,
} from '../../../../tests/support/scheduled-sends';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Post } from '../../../shared/schemas/notification.schema';
import { instantToZoned } from '../../../shared/zoned-time';

setupNotificationsApp();
resetClockAfterEach();

const DAY = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const toggle = (id: string, action: 'pause' | 'resume', token?: string) =>
  call('POST', `/api/weekly-sends/${id}/${action}`, undefined, token);

async function ok(id: string, action: 'pause' | 'resume', token: string) {
  const res = await toggle(id, action, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ post: Post; message: string }>();
}

/** A weekly send of a new business, its first send two days after the test's clock. */
async function weekly(name: string, extra: Record<string, unknown> = {}) {
  const { establishment, client } = await business(name);
  const now = clockAt(Date.now() + 10 * DAY);
  const first = now + 2 * DAY;
  const sent = await sendOk(client, establishment.id, {
    text: `${name} special`,
    post: true,
    scheduledFor: iso(first),
    repeat: {},
    ...extra,
  });
  return { establishment, client, sent, first, rule: sent.recurrence!.id };
}

describe('a paused weekly send', () => {
  it('is passed by at its time; resumed later, it goes at the next time of its rule, the missed one skipped', async () => {
    const { establishment, client, sent, first, rule } = await weekly('Pause Pub');
    const paused = await ok(rule, 'pause', client.token);
    expect(paused.message).toBe(Msg.weeklySendPaused);
    expect(paused.post).toMatchObject({ id: sent.id, recurrence: { paused: true, ended: false } });
    // Pausing again changes nothing.
    expect((await ok(rule, 'pause', client.token)).post.scheduledFor).toBe(sent.scheduledFor);

    clockAt(first + 3600_000);
    expect(await release(sent.id)).toEqual([]);
    const [waiting] = await scheduledOf(establishment.id, client.token);
    expect(waiting).toMatchObject({
      id: sent.id,
      scheduledFor: sent.scheduledFor,
      recurrence: { paused: true },
    });

    const resumed = await ok(rule, 'resume', client.token);
    expect(resumed.message).toBe(Msg.weeklySendResumed);
    // The same send, a week on at the same time on the business's clock.
    const zone = establishment.timeZone;
    const nextAt = resumed.post.scheduledFor!;
    expect(resumed.post).toMatchObject({ id: sent.id, recurrence: { paused: false } });
    expect(instantToZoned(nextAt, zone)).toEqual({
      date: instantToZoned(first + 7 * DAY, zone).date,
      time: instantToZoned(first, zone).time,
    });
    expect(await release(sent.id)).toEqual([]);
    clockAt(Date.parse(nextAt));
    expect(await release(sent.id)).toEqual([sent.id]);
    const [after] = await scheduledOf(establishment.id, client.token);
    expect(after).toMatchObject({ text: 'Pause Pub special', recurrence: { paused: false } });
  });

  it('resumed before its time goes at that time', async () => {
    const { client, sent, first, rule } = await weekly('Early Resume Bar');
    await ok(rule, 'pause', client.token);
    clockAt(first - 3600_000);
    expect((await ok(rule, 'resume', client.token)).post.scheduledFor).toBe(sent.scheduledFor);
    // Resuming a running one changes nothing.
    expect((await ok(rule, 'resume', client.token)).post.scheduledFor).toBe(sent.scheduledFor);
    clockAt(first);
    expect(await release(sent.id)).toEqual([sent.id]);
  });

  it('ends when its last date passed while it was paused: 409, and nothing waits any more', async () => {
    const { client, sent, first, rule } = await weekly('Last Date Lounge');
    const until = instantToZoned(first + 3 * DAY, sent.recurrence!.timeZone).date;
    const put = await call(
      'PUT',
      `/api/weekly-sends/${rule}`,
      { weekdays: sent.recurrence!.weekdays, time: sent.recurrence!.time, until },
      client.token,
    );
    expect(put.statusCode, put.body).toBe(200);
    await ok(rule, 'pause', client.token);
    clockAt(first + 5 * DAY);
    const late = await toggle(rule, 'resume', client.token);
    expectError(late, 409, ErrorCode.CONFLICT);
    expect(late.json<{ error: string }>().error).toBe(Msg.weeklySendEnded);
    expect(await scheduledOf(sent.establishment.id, client.token)).toEqual([]);
    const again = await toggle(rule, 'pause', client.token);
    expectError(again, 409, ErrorCode.CONFLICT);
  });

  it('is paused and resumed only by its author or an admin', async () => {
    const { establishment, client, rule } = await weekly('Guarded Pause Grill');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const follower = await a.followerOf(establishment.id);
    const stranger = (await business('Other Pause Bar')).client;

    for (const action of ['pause', 'resume'] as const) {
      expectError(await toggle(rule, action), 401, ErrorCode.UNAUTHORIZED);
      expectError(await toggle(rule, action, follower.token), 403, ErrorCode.FORBIDDEN);
      expectError(await toggle(rule, action, stranger.token), 403, ErrorCode.FORBIDDEN);
      expectError(await toggle(rule, action, colleague.token), 403, ErrorCode.FORBIDDEN);
      expectError(await toggle(crypto.randomUUID(), action, client.token), 404, ErrorCode.NOT_FOUND);
      expectError(await toggle('not-a-rule', action, client.token), 400, ErrorCode.VALIDATION);
    }
    expect((await scheduledOf(establishment.id, client.token))[0]!.recurrence).toMatchObject({
      paused: false,
    });
    expect((await ok(rule, 'pause', admin.token)).post.recurrence).toMatchObject({ paused: true });
    expect((await ok(rule, 'resume', admin.token)).post.recurrence).toMatchObject({ paused: false });
  });
});
