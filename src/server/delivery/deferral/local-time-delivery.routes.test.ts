/**
 * Sends at each follower's local time through the real pipeline: followers' zones from their
 * device (the X-Time-Zone header at push subscribe) or their account, a scheduled send "at 17:00
 * each follower's local time", the scheduler at the product's clock (ctx.now, set by the test) and
 * the minute sweep. Asserted: what reached the push service and the SMTP sink, when (on the
 * product's clock), with what TTL, and what the sender's post page says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  business,
  call,
  figuresWhen,
  finished,
  push,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import type { TestSubscription } from '../../../../tests/support/push-service';
import { ErrorCode } from '../../../shared/error-codes';
import { Msg } from '../../../shared/messages';
import type { PushMessage } from '../../../shared/push/payload';
import type { Post } from '../../../shared/schemas/notification.schema';
import { releaseDueNotifications } from '../../jobs/release-scheduled.job';
import { sweepJobs } from '../../jobs/sweep.job';

setupNotificationsApp();

afterEach(() => {
  t.ctx.now = () => new Date();
});

/** Runs the scheduler and the minute sweep at this instant of the product's clock. */
async function at(instant: string) {
  const now = new Date(instant);
  t.ctx.now = () => now;
  const released = await releaseDueNotifications(t.ctx, now);
  await sweepJobs(t.ctx)[0]!.handle({});
  return released;
}

/** The browser registers a push subscription, its device reporting `zone`. */
async function phoneIn(user: Session, zone: string): Promise<TestSubscription> {
  const subscription = push.subscribe();
  const res = await t.request({
    method: 'POST',
    url: '/notifications/subscribe',
    token: user.token,
    headers: { 'x-time-zone': zone },
    payload: subscription,
  });
  expect(res.statusCode, res.body).toBe(201);
  return subscription;
}

const received = (phone: TestSubscription) => push.messages(phone.endpoint);

async function deferredUntil(notificationId: string): Promise<Record<string, string | null>> {
  const { rows } = await t.ctx.database.sql.executeSql(
    `SELECT user_id, channel, deferred_until FROM deliveries WHERE notification_id = $1`,
    [notificationId],
  );
  return Object.fromEntries(
    (rows as { user_id: string; channel: string; deferred_until: Date | string | null }[]).map((r) => [
      `${r.user_id}|${r.channel}`,
      r.deferred_until === null ? null : new Date(r.deferred_until).toISOString(),
    ]),
  );
}

describe("sends at each follower's local time", () => {
  it('reach each follower at 17:00 on their own clock, email too, each with a full day to live', async () => {
    // Europe/Bratislava's business; Thursday 20 November 2025, 17:00 CET is 16:00 UTC.
    const { establishment, client } = await business('Local Time Bar');
    const [kiritimati, tokyo, plain, newYork, reader] = await Promise.all(
      ['kiritimati', 'tokyo', 'plain', 'newyork', 'reader'].map((tag) => a.followerOf(establishment.id, tag)),
    );
    const phones = {
      kiritimati: await phoneIn(kiritimati!, 'Pacific/Kiritimati'),
      tokyo: await phoneIn(tokyo!, 'Asia/Tokyo'),
      // A device reporting nothing Intl knows: the follower stays without a zone.
      plain: await phoneIn(plain!, 'Mars/Olympus_Mons'),
      // Chosen in the account: kept whatever the device says.
      newYork: await phoneIn(newYork!, 'Europe/Paris'),
    };
    const chosen = await t.request({
      method: 'PUT',
      url: '/api/account/time-zone',
      token: newYork!.token,
      headers: { 'x-time-zone': 'Europe/Paris' },
      payload: { timeZone: 'America/New_York' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // Their second device, reporting Paris after the choice: still New York.
    const newYorkTablet = await phoneIn(newYork!, 'Europe/Paris');
    // An email reader in New York (their device said so at sign-in time: here, their choice).
    const choose = await call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'email', marketingConsent: true },
      reader!.token,
    );
    expect(choose.statusCode, choose.body).toBe(200);
    const readerZone = await call(
      'PUT',
      '/api/account/time-zone',
      { timeZone: 'America/New_York' },
      reader!.token,
    );
    expect(readerZone.statusCode, readerZone.body).toBe(200);

    t.ctx.now = () => new Date('2025-11-18T12:00:00Z');
    const post = await sendOk(client, establishment.id, {
      text: 'Happy hour at five',
      post: true,
      scheduledFor: '2025-11-20T16:00:00.000Z',
      localTime: true,
    });
    expect(post).toMatchObject({ localTime: true, scheduledFor: '2025-11-20T16:00:00.000Z' });

    // 17:00 comes first on Kiritimati (UTC+14): 03:00 UTC. Not a minute before.
    expect(await at('2025-11-20T02:59:00Z')).toEqual([]);
    expect(await at('2025-11-20T03:00:00Z')).toEqual([post.id]);
    await figuresWhen(client, post.id, (f) => f.sent === 1 && f.deferred === 5);
    expect(await deferredUntil(post.id)).toMatchObject({
      [`${kiritimati!.id}|push`]: null,
      [`${tokyo!.id}|push`]: '2025-11-20T08:00:00.000Z',
      [`${plain!.id}|push`]: '2025-11-20T16:00:00.000Z',
      [`${reader!.id}|email`]: '2025-11-20T22:00:00.000Z',
    });
    const newYorkDevices = await t.ctx.database.sql.executeSql(
      `SELECT deferred_until FROM deliveries WHERE notification_id = $1 AND user_id = $2`,
      [post.id, newYork!.id],
    );
    expect(
      (newYorkDevices.rows as { deferred_until: Date | string }[]).map((r) =>
        new Date(r.deferred_until).toISOString(),
      ),
    ).toEqual(['2025-11-20T22:00:00.000Z', '2025-11-20T22:00:00.000Z']);
    expect(received(phones.kiritimati).map((m) => (m.json as PushMessage).body)).toEqual([
      'Happy hour at five',
    ]);
    expect(received(phones.kiritimati)[0]!.ttl).toBe(86_400);

    // Tokyo's 17:00 is 08:00 UTC: the minute before, nothing; at it, their phone.
    await at('2025-11-20T07:59:00Z');
    expect(received(phones.tokyo)).toEqual([]);
    await at('2025-11-20T08:00:00Z');
    await figuresWhen(client, post.id, (f) => f.sent === 2);
    expect(received(phones.tokyo)).toHaveLength(1);
    expect(received(phones.plain)).toEqual([]);

    // No zone of their own: the business's 17:00.
    await at('2025-11-20T16:00:00Z');
    await figuresWhen(client, post.id, (f) => f.sent === 3);
    expect(received(phones.plain)).toHaveLength(1);
    expect(received(phones.newYork)).toEqual([]);
    expect(t.mail.received.filter((m) => m.to.includes(reader!.email.toLowerCase()))).toEqual([]);

    // New York's 17:00 (EST) is 22:00 UTC, 19 hours after the send went out: still a full day's TTL.
    await at('2025-11-20T22:00:00Z');
    const done = (await finished(client, post.id)).delivery!;
    expect(done).toMatchObject({ status: 'done', sent: 6, failed: 0, pending: 0, deferred: 0 });
    expect(received(phones.newYork)).toHaveLength(1);
    expect(received(newYorkTablet)).toHaveLength(1);
    expect(received(phones.newYork)[0]!.ttl).toBe(86_400);
    expect(t.mail.received.filter((m) => m.to.includes(reader!.email.toLowerCase()))).toHaveLength(1);
  });

  it('send the next day where the time had long passed when it went out, and fail past the offer', async () => {
    const { establishment, client } = await business('Late Planner');
    const [tokyo, plain] = await Promise.all(
      ['late-tokyo', 'late-plain'].map((tag) => a.followerOf(establishment.id, tag)),
    );
    const phones = { tokyo: await phoneIn(tokyo!, 'Asia/Tokyo'), plain: await phoneIn(plain!, 'UTC') };
    // At 12:00 UTC (13:00 in Bratislava) for 17:00 today: Tokyo's 17:00 (08:00 UTC) is long gone.
    t.ctx.now = () => new Date('2025-11-20T12:00:00Z');
    const post = await sendOk(client, establishment.id, {
      text: 'Tonight only',
      post: true,
      scheduledFor: '2025-11-20T16:00:00.000Z',
      localTime: true,
    });
    expect(await at('2025-11-20T12:01:00Z')).toEqual([post.id]);
    await figuresWhen(client, post.id, (f) => f.deferred === 2);
    expect(await deferredUntil(post.id)).toMatchObject({
      [`${tokyo!.id}|push`]: '2025-11-21T08:00:00.000Z',
      [`${plain!.id}|push`]: '2025-11-20T17:00:00.000Z',
    });
    await at('2025-11-20T17:00:00Z');
    await figuresWhen(client, post.id, (f) => f.sent === 1);
    await at('2025-11-21T08:00:00Z');
    expect((await finished(client, post.id)).delivery).toMatchObject({ sent: 2, failed: 0 });
    expect(received(phones.tokyo)).toHaveLength(1);

    // An offer ending before a follower's time: that delivery fails untried.
    t.ctx.now = () => new Date('2025-11-22T12:00:00Z');
    const offer = await sendOk(client, establishment.id, {
      text: 'Lunch deal',
      post: true,
      scheduledFor: '2025-11-24T11:00:00.000Z',
      validUntil: '2025-11-24T11:30:00.000Z',
      localTime: true,
    });
    // 12:00 comes on Kiritimati at 22:00 UTC the day before; in Tokyo at 03:00 UTC, before the
    // offer ends (11:30 UTC); in UTC at 12:00, after it: that one fails at once.
    expect(await at('2025-11-23T22:00:00Z')).toEqual([offer.id]);
    await figuresWhen(client, offer.id, (f) => f.failed === 1 && f.deferred === 1);
    await at('2025-11-24T03:00:00Z');
    expect((await finished(client, offer.id)).delivery).toMatchObject({ sent: 1, failed: 1, deferred: 0 });
    expect(received(phones.plain).filter((m) => (m.json as PushMessage).body === 'Lunch deal')).toEqual([]);
  });

  it("switch a scheduled send to each follower's local time, until it goes", async () => {
    const { establishment, client } = await business('Switching Bar');
    t.ctx.now = () => new Date('2025-11-18T12:00:00Z');
    const post = await sendOk(client, establishment.id, {
      text: 'Switch me',
      post: true,
      scheduledFor: '2025-11-20T16:00:00.000Z',
    });
    expect(post.localTime).toBe(false);
    // At the business's time it would not go at Kiritimati's 17:00.
    expect(await at('2025-11-20T03:00:00Z')).not.toContain(post.id);
    const patch = (body: object) => call('PATCH', `/api/notifications/${post.id}`, body, client.token);
    const switched = await patch({ localTime: true });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json<{ post: Post }>().post).toMatchObject({
      localTime: true,
      scheduledFor: '2025-11-20T16:00:00.000Z',
    });
    expect(await at('2025-11-20T03:01:00Z')).toContain(post.id);
    expectError(await patch({ localTime: false }), 409, ErrorCode.CONFLICT);
    expectError(await patch({ localTime: 'yes' }), 400, ErrorCode.VALIDATION, {
      localTime: 'localTime must be true or false',
    });
  });

  it('refuse a local time without a scheduled time, beside the field', async () => {
    const { establishment, client } = await business('Now Bar');
    const res = await call(
      'POST',
      `/api/establishments/${establishment.id}/notifications`,
      { text: 'Now', post: true, localTime: true },
      client.token,
    );
    expectError(res, 400, ErrorCode.VALIDATION, { localTime: Msg.localTimeNeedsSchedule });
    // Nothing was stored: the business has no send.
    expect(
      (
        await call('GET', `/api/establishments/${establishment.id}/scheduled`, undefined, client.token)
      ).json(),
    ).toMatchObject({ items: [] });
  });
});
