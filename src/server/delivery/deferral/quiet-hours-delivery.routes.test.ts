/**
 * Quiet hours through the real delivery pipeline: the app's jobs send to the
 * local push service; a follower in quiet hours at the product's clock (ctx.now, set by the test)
 * gets nothing until the minute sweep, run at a later clock, lets the delivery go. What is asserted
 * is what arrived at the push service and what the sender's post page says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
import {
  a,
  business,
  call,
  device,
  figuresWhen,
  finished,
  messagesTo,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import type { PushMessage } from '../../../shared/push/payload';
import { timeOf } from '../../../shared/schemas/quiet-hours.schema';
import { sweepJobs } from '../../jobs/sweep.job';

setupNotificationsApp();

const MINUTE = 60_000;
const realClock = () => new Date();

afterEach(() => {
  t.ctx.now = realClock;
});

/** The product's clock stands still at this instant. */
const clockAt = (instant: Date | string) => {
  const at = new Date(instant);
  t.ctx.now = () => at;
};

/** One run of the minute sweep (the handler the cron job runs), at the clock set. */
const sweep = () => sweepJobs(t.ctx)[0]!.handle({});

async function quietHours(user: Session, start: string, end: string, timeZone: string) {
  const res = await call(
    'PUT',
    '/api/account/quiet-hours',
    { enabled: true, start, end, timeZone },
    user.token,
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** deferred_until of each recipient of a notification, by user id (ISO, or null). */
async function deferredUntil(notificationId: string): Promise<Record<string, string | null>> {
  const { rows } = await t.ctx.database.sql.executeSql(
    'SELECT user_id, deferred_until FROM deliveries WHERE notification_id = $1',
    [notificationId],
  );
  return Object.fromEntries(
    (rows as { user_id: string; deferred_until: Date | string | null }[]).map((r) => [
      r.user_id,
      r.deferred_until === null ? null : new Date(r.deferred_until).toISOString(),
    ]),
  );
}

/** A window of quiet hours in UTC around this instant: from `before` minutes before to `after` after. */
function windowAround(instant: Date, before: number, after: number) {
  const minute = instant.getUTCHours() * 60 + instant.getUTCMinutes();
  return { start: timeOf((minute - before + 1440) % 1440), end: timeOf((minute + after) % 1440) };
}

describe('quiet hours', () => {
  it('hold back a follower in quiet hours until they end, then deliver; the others get it at once', async () => {
    const { establishment, client } = await business('Quiet Tavern');
    const sleeper = await a.followerOf(establishment.id, 'sleeper');
    const awake = await a.followerOf(establishment.id, 'awake');
    const [sleeperPhone, awakePhone] = [await device(sleeper), await device(awake)];
    const now = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const window = windowAround(now, 60, 60);
    await quietHours(sleeper, window.start, window.end, 'UTC');
    clockAt(now);

    const post = await sendOk(client, establishment.id, { text: 'Late night jazz', post: true });
    const held = await figuresWhen(client, post.id, (f) => f.sent === 1 && f.deferred === 1);
    expect(held).toMatchObject({ status: 'sending', audience: 2, sent: 1, pending: 1, deferred: 1 });
    expect(messagesTo(awakePhone).map((m) => m.body)).toEqual(['Late night jazz']);
    expect(messagesTo(sleeperPhone)).toEqual([]);
    const end = new Date(now.getTime() + 60 * MINUTE);
    expect(await deferredUntil(post.id)).toEqual({ [sleeper.id]: end.toISOString(), [awake.id]: null });

    // A minute before the end, the sweep lets nothing go.
    clockAt(new Date(end.getTime() - MINUTE));
    await sweep();
    expect((await deferredUntil(post.id))[sleeper.id]).toBe(end.toISOString());
    expect(messagesTo(sleeperPhone)).toEqual([]);

    // At the end it does: the batch runs again and the sleeper's phone rings.
    clockAt(end);
    await sweep();
    const done = (await finished(client, post.id)).delivery!;
    expect(done).toMatchObject({ status: 'done', audience: 2, sent: 2, failed: 0, pending: 0, deferred: 0 });
    const [message] = messagesTo(sleeperPhone);
    expect(message).toMatchObject({ id: post.id, body: 'Late night jazz' } satisfies Partial<PushMessage>);
    expect(messagesTo(sleeperPhone)).toHaveLength(1);
    expect(messagesTo(awakePhone)).toHaveLength(1);
    expect(await deferredUntil(post.id)).toEqual({ [sleeper.id]: null, [awake.id]: null });
  });

  it('fail a delivery whose quiet hours end after the message expires (24 h): nothing is sent', async () => {
    const { establishment, client } = await business('Expiring Eatery');
    const sleeper = await a.followerOf(establishment.id, 'long-sleeper');
    const awake = await a.followerOf(establishment.id, 'awake');
    const [sleeperPhone, awakePhone] = [await device(sleeper), await device(awake)];
    // At 20 hours from now the sleeper is quiet for 5 more hours: past the message's 24 hours.
    const later = new Date(Date.now() + 20 * 60 * MINUTE);
    const window = windowAround(later, 10, 300);
    await quietHours(sleeper, window.start, window.end, 'UTC');
    clockAt(later);

    const post = await sendOk(client, establishment.id, { text: 'Breakfast deal', post: true });
    const done = (await finished(client, post.id)).delivery!;
    expect(done).toMatchObject({ status: 'done', audience: 2, sent: 1, failed: 1, pending: 0, deferred: 0 });
    expect(messagesTo(sleeperPhone)).toEqual([]);
    expect(messagesTo(awakePhone)).toHaveLength(1);
    expect(await deferredUntil(post.id)).toEqual({ [sleeper.id]: null, [awake.id]: null });
  });

  it('read each follower in their own zone: across midnight, within a day, Auckland, on a DST night', async () => {
    const { establishment, client } = await business('Zone Bar');
    const [bratislavaNight, bratislavaLunch, aucklandLunch] = await Promise.all(
      ['night', 'lunch', 'auckland'].map((tag) => a.followerOf(establishment.id, tag)),
    );
    const phones = {
      night: await device(bratislavaNight!),
      lunch: await device(bratislavaLunch!),
      auckland: await device(aucklandLunch!),
    };
    await quietHours(bratislavaNight!, '22:00', '08:00', 'Europe/Bratislava');
    await quietHours(bratislavaLunch!, '13:00', '14:00', 'Europe/Bratislava');
    await quietHours(aucklandLunch!, '11:00', '12:00', 'Pacific/Auckland');
    // Saturday 29 March 2025, 23:30 in Bratislava (CET), Sunday 11:30 in Auckland (NZDT). Clocks in
    // Bratislava go forward tonight: 08:00 CEST is 06:00 UTC, 8 real hours on.
    clockAt('2025-03-29T22:30:00Z');

    const post = await sendOk(client, establishment.id, { text: 'Sunday brunch', post: true });
    await figuresWhen(client, post.id, (f) => f.sent === 1 && f.deferred === 2);
    expect(await deferredUntil(post.id)).toEqual({
      [bratislavaNight!.id]: '2025-03-30T06:00:00.000Z',
      [bratislavaLunch!.id]: null,
      [aucklandLunch!.id]: '2025-03-29T23:00:00.000Z',
    });
    expect(messagesTo(phones.lunch)).toHaveLength(1);

    // Noon in Auckland: that one goes, the Bratislava night goes on.
    clockAt('2025-03-29T23:00:00Z');
    await sweep();
    await figuresWhen(client, post.id, (f) => f.sent === 2 && f.deferred === 1);
    expect(messagesTo(phones.auckland)).toHaveLength(1);
    expect(messagesTo(phones.night)).toEqual([]);

    // 07:59 CEST: still quiet. 08:00 CEST: delivered.
    clockAt('2025-03-30T05:59:00Z');
    await sweep();
    expect((await deferredUntil(post.id))[bratislavaNight!.id]).toBe('2025-03-30T06:00:00.000Z');
    clockAt('2025-03-30T06:00:00Z');
    await sweep();
    expect((await finished(client, post.id)).delivery).toMatchObject({ sent: 3, deferred: 0, failed: 0 });
    expect(messagesTo(phones.night).map((m) => m.body)).toEqual(['Sunday brunch']);
  });

  it('let go at once what they held back when a follower turns them off, and re-read a changed window', async () => {
    const { establishment, client } = await business('Switch Cafe');
    const sleeper = await a.followerOf(establishment.id, 'switcher');
    const phone = await device(sleeper);
    const now = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const first = windowAround(now, 30, 180);
    await quietHours(sleeper, first.start, first.end, 'UTC');
    clockAt(now);
    const post = await sendOk(client, establishment.id, { text: 'Soup of the day', post: true });
    await figuresWhen(client, post.id, (f) => f.deferred === 1);
    expect((await deferredUntil(post.id))[sleeper.id]).toBe(
      new Date(now.getTime() + 180 * MINUTE).toISOString(),
    );

    // A shorter window, still covering now: held back again, until its new end.
    const second = windowAround(now, 30, 45);
    await quietHours(sleeper, second.start, second.end, 'UTC');
    const newEnd = new Date(now.getTime() + 45 * MINUTE).toISOString();
    for (let i = 0; (await deferredUntil(post.id))[sleeper.id] !== newEnd; i++) {
      expect(i, 'deferred_until never moved to the new end').toBeLessThan(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(messagesTo(phone)).toEqual([]);

    // Off: delivered without waiting for the sweep.
    const off = await call('PUT', '/api/account/quiet-hours', { enabled: false }, sleeper.token);
    expect(off.statusCode, off.body).toBe(200);
    expect((await finished(client, post.id)).delivery).toMatchObject({ sent: 1, deferred: 0 });
    expect(messagesTo(phone).map((m) => m.body)).toEqual(['Soup of the day']);
  });

  it('leave a send whose only pending deliveries wait for quiet hours alone in the stuck-work sweep', async () => {
    const { establishment, client } = await business('Patient Pub');
    const sleeper = await a.followerOf(establishment.id, 'patient');
    const phone = await device(sleeper);
    const now = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const window = windowAround(now, 60, 120);
    await quietHours(sleeper, window.start, window.end, 'UTC');
    clockAt(now);
    const post = await sendOk(client, establishment.id, { text: 'Quiz night', post: true });
    await figuresWhen(client, post.id, (f) => f.deferred === 1);
    // Old enough for the stuck-work check, with no live job: only the quiet hours hold it.
    await t.ctx.database.sql.executeSql(
      `UPDATE notifications SET created_at = created_at - interval '10 minutes' WHERE id = $1`,
      [post.id],
    );
    const requeued = async () =>
      (await t.ctx.metrics.sweepRequeued.get()).values.find((v) => v.labels.kind === 'notification')?.value ??
      0;
    const before = await requeued();
    await sweep();
    expect(await requeued()).toBe(before);
    expect(await figuresWhen(client, post.id, () => true)).toMatchObject({ status: 'sending', deferred: 1 });
    expect(messagesTo(phone)).toEqual([]);
  });
});
