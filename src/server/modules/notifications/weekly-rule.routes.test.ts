/**
 * Changing a weekly send's rule itself (PUT /api/weekly-sends/{id}) over HTTP, with the real
 * scheduler on the business's clock: its waiting send moves to the new rule's first time and every
 * later one follows the rule (weekdays, time, last date or none); a send without a last date has
 * none; "this send only" (PATCH of the waiting send) leaves the rule as it is; who may, and what is
 * refused. The clock the rules go by (ctx.now) is the test's.
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
import { weekdayOfDate } from '../../../shared/recurrence';
import type { Post } from '../../../shared/schemas/notification.schema';
import { instantToZoned, zonedToInstant } from '../../../shared/zoned-time';

setupNotificationsApp();
resetClockAfterEach();

const DAY = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The next `weekday` (1 Monday ... 7 Sunday) at `time` on the zone's clock, at least a day after `from`. */
function nextWall(from: number, timeZone: string, weekday: number, time: string): number {
  for (let day = 1; day <= 8; day++) {
    const date = instantToZoned(from + day * DAY, timeZone).date;
    if (weekdayOfDate(date) === weekday) return zonedToInstant({ date, time }, timeZone)!.getTime();
  }
  throw new Error('no such day');
}

const putRule = (id: string, body: unknown, token?: string) =>
  call('PUT', `/api/weekly-sends/${id}`, body, token);

describe("a weekly send's rule", () => {
  it('changes with its next send and every later one; without a last date it has none', async () => {
    const { establishment, client } = await business('Rule Tavern');
    const zone = establishment.timeZone;
    const now = clockAt(Date.now() + 10 * DAY);
    const first = nextWall(now, zone, 4, '17:00');
    // No last date chosen: none is set.
    const sent = await sendOk(client, establishment.id, {
      text: 'Quiz night',
      post: true,
      scheduledFor: iso(first),
      repeat: {},
    });
    expect(sent.recurrence).toMatchObject({
      weekday: 4,
      weekdays: [4],
      time: '17:00',
      until: null,
      ended: false,
    });

    const res = await putRule(
      sent.recurrence!.id,
      { weekdays: [5, 2], time: '18:30', until: null },
      client.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { post, message } = res.json<{ post: Post; message: string }>();
    expect(message).toBe(Msg.weeklySendUpdated);
    expect(post.id).toBe(sent.id);
    expect(post.recurrence).toMatchObject({ weekdays: [2, 5], time: '18:30', until: null, timeZone: zone });
    // The waiting send (a Thursday) moved to the new rule's first time from its day on: Friday 18:30.
    expect(post.scheduledFor).toBe(iso(nextWall(first, zone, 5, '18:30')));

    // Released one after the other: Tuesdays and Fridays at 18:30, the text carried along.
    let occurrence = post;
    const days: number[] = [];
    for (let i = 0; i < 4; i++) {
      const due = Date.parse(occurrence.scheduledFor!);
      expect(instantToZoned(due, zone).time).toBe('18:30');
      days.push(weekdayOfDate(instantToZoned(due, zone).date));
      clockAt(due);
      expect(await release(occurrence.id)).toEqual([occurrence.id]);
      const [next] = await scheduledOf(establishment.id, client.token);
      expect(next).toMatchObject({ text: 'Quiz night', recurrence: { weekdays: [2, 5] } });
      occurrence = next!;
    }
    expect(days.sort()).toEqual([2, 2, 5, 5]);
  });

  it("goes at each follower's local time when asked, occurrence after occurrence, until changed back", async () => {
    const { establishment, client } = await business('Local Weekly');
    const zone = establishment.timeZone;
    const now = clockAt(Date.now() + 10 * DAY);
    const first = nextWall(now, zone, 5, '17:00');
    const sent = await sendOk(client, establishment.id, {
      text: 'Friday drinks',
      post: true,
      scheduledFor: iso(first),
      repeat: {},
      localTime: true,
    });
    expect(sent).toMatchObject({ localTime: true, recurrence: { localTime: true, time: '17:00' } });
    // Released when 17:00 first comes anywhere (UTC+14), before the business's own 17:00.
    const earliest = zonedToInstant(instantToZoned(first, zone), 'Etc/GMT-14')!.getTime();
    expect(earliest).toBeLessThan(first);
    clockAt(earliest - 60_000);
    expect(await release(sent.id)).toEqual([]);
    clockAt(earliest);
    expect(await release(sent.id)).toEqual([sent.id]);
    const [next] = await scheduledOf(establishment.id, client.token);
    expect(next).toMatchObject({
      localTime: true,
      recurrence: { localTime: true },
      scheduledFor: iso(nextWall(first, zone, 5, '17:00')),
    });

    // Back to the business's clock: the waiting send and the rule both.
    const res = await putRule(
      next!.recurrence!.id,
      { weekdays: [5], time: '17:00', until: null, localTime: false },
      client.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ post: Post }>().post).toMatchObject({
      localTime: false,
      recurrence: { localTime: false },
    });
    // Absent: unchanged.
    const same = await putRule(
      next!.recurrence!.id,
      { weekdays: [5], time: '17:30', until: null },
      client.token,
    );
    expect(same.json<{ post: Post }>().post).toMatchObject({
      localTime: false,
      recurrence: { localTime: false },
    });
    // "This send only" at each follower's local time: the next one follows the rule again.
    const one = await call('PATCH', `/api/notifications/${next!.id}`, { localTime: true }, client.token);
    expect(one.json<{ post: Post }>().post).toMatchObject({
      localTime: true,
      recurrence: { localTime: false },
    });
    const due = Date.parse(one.json<{ post: Post }>().post.scheduledFor!);
    clockAt(due);
    expect(await release(next!.id)).toEqual([next!.id]);
    const [after] = await scheduledOf(establishment.id, client.token);
    expect(after).toMatchObject({ localTime: false, recurrence: { localTime: false } });
    expectError(
      await putRule(
        next!.recurrence!.id,
        { weekdays: [5], time: '17:30', until: null, localTime: 'yes' },
        client.token,
      ),
      400,
      ErrorCode.VALIDATION,
      { localTime: 'localTime must be true or false' },
    );
  });

  it('stops after a last date once one is chosen', async () => {
    const { establishment, client } = await business('Ending Inn');
    const zone = establishment.timeZone;
    const now = clockAt(Date.now() + 10 * DAY);
    const first = nextWall(now, zone, 1, '09:00');
    const sent = await sendOk(client, establishment.id, {
      text: 'Breakfast',
      post: true,
      scheduledFor: iso(first),
      repeat: { weekdays: [1, 3] },
    });
    expect(sent.recurrence).toMatchObject({ weekdays: [1, 3], until: null });
    // Until the Wednesday after the first Monday: two sends in all.
    const until = instantToZoned(first + 2 * DAY, zone).date;
    const res = await putRule(sent.recurrence!.id, { weekdays: [1, 3], time: '09:00', until }, client.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ post: Post }>().post).toMatchObject({
      scheduledFor: iso(first),
      recurrence: { until },
    });
    clockAt(first);
    expect(await release(sent.id)).toEqual([sent.id]);
    const [second] = await scheduledOf(establishment.id, client.token);
    expect(instantToZoned(second!.scheduledFor!, zone)).toEqual({ date: until, time: '09:00' });
    clockAt(Date.parse(second!.scheduledFor!));
    expect(await release(second!.id)).toEqual([second!.id]);
    expect(await scheduledOf(establishment.id, client.token)).toEqual([]);
    const detail = await call('GET', `/api/notifications/${sent.id}`, undefined, client.token);
    expect(detail.json<{ post: Post }>().post.recurrence).toMatchObject({ ended: true });
    // Ended: nothing left to change.
    const late = await putRule(
      sent.recurrence!.id,
      { weekdays: [1], time: '09:00', until: null },
      client.token,
    );
    expectError(late, 409, ErrorCode.CONFLICT);
    expect(late.json<{ error: string }>().error).toBe(Msg.weeklySendEnded);
  });

  it('is left as it is when only the next send is moved ("this send only")', async () => {
    const { establishment, client } = await business('Single Saloon');
    const zone = establishment.timeZone;
    const now = clockAt(Date.now() + 10 * DAY);
    const first = nextWall(now, zone, 4, '17:00');
    const sent = await sendOk(client, establishment.id, {
      text: 'Jazz',
      post: true,
      scheduledFor: iso(first),
      repeat: {},
    });
    const edit = await call(
      'PATCH',
      `/api/notifications/${sent.id}`,
      { scheduledFor: iso(first + DAY + 3600_000) },
      client.token,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<{ post: Post }>().post.recurrence).toMatchObject({ weekdays: [4], time: '17:00' });
    clockAt(first + DAY + 3600_000);
    expect(await release(sent.id)).toEqual([sent.id]);
    const [next] = await scheduledOf(establishment.id, client.token);
    expect(instantToZoned(next!.scheduledFor!, zone)).toEqual({
      date: instantToZoned(first + 7 * DAY, zone).date,
      time: '17:00',
    });
  });

  it('is changed only by its author or an admin, and refuses a bad rule naming the field', async () => {
    const { establishment, client } = await business('Guarded Grill');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const follower = await a.followerOf(establishment.id);
    const stranger = (await business('Other Bar')).client;
    const now = clockAt(Date.now() + 10 * DAY);
    const sent = await sendOk(client, establishment.id, {
      text: 'Grill',
      post: true,
      scheduledFor: iso(now + 2 * DAY),
      repeat: {},
    });
    const id = sent.recurrence!.id;
    const rule = { weekdays: [6], time: '12:00', until: null };

    expectError(await putRule(id, rule), 401, ErrorCode.UNAUTHORIZED);
    expectError(await putRule(id, rule, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(await putRule(id, rule, stranger.token), 403, ErrorCode.FORBIDDEN);
    expectError(await putRule(id, rule, colleague.token), 403, ErrorCode.FORBIDDEN);
    expectError(await putRule(crypto.randomUUID(), rule, client.token), 404, ErrorCode.NOT_FOUND);
    expectError(await putRule('not-a-rule', rule, client.token), 400, ErrorCode.VALIDATION);

    const refused = async (body: Record<string, unknown>, fields: Record<string, string>) =>
      expectError(await putRule(id, { ...rule, ...body }, client.token), 400, ErrorCode.VALIDATION, fields);
    await refused({ weekdays: [] }, { weekdays: Msg.repeatWeekdaysRequired });
    await refused({ weekdays: [8] }, { 'weekdays.0': Msg.repeatWeekdaysInvalid });
    await refused({ weekdays: 'monday' }, { weekdays: Msg.repeatWeekdaysInvalid });
    await refused({ time: '25:00' }, { time: Msg.repeatTimeInvalid });
    await refused({ time: undefined }, { time: Msg.repeatTimeInvalid });
    await refused({ until: '2027-02-30' }, { until: Msg.repeatUntilInvalid });
    await refused(
      { until: instantToZoned(now - DAY, establishment.timeZone).date },
      { until: Msg.repeatNeverFires },
    );
    // A last date before the next of its weekdays: it would never go.
    const today = instantToZoned(now, establishment.timeZone).date;
    const notToday = ((weekdayOfDate(today) + 2) % 7) + 1;
    await refused({ weekdays: [notToday], until: today }, { until: Msg.repeatNeverFires });

    // Nothing changed; an admin may.
    expect((await scheduledOf(establishment.id, client.token))[0]).toMatchObject({
      scheduledFor: sent.scheduledFor,
      recurrence: { weekdays: sent.recurrence!.weekdays, time: sent.recurrence!.time },
    });
    const byAdmin = await putRule(id, rule, admin.token);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json<{ post: Post }>().post.recurrence).toMatchObject({ weekdays: [6], time: '12:00' });
  });
});
