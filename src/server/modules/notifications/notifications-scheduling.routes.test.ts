/**
 * Scheduled sends over HTTP: planning a send 1 minute to 90 days ahead, listing, editing
 * and cancelling it until it goes, who may do what, and the scheduler releasing it at its time
 * through the real jobs to a real local push service. The clock the rules go by (ctx.now) is the
 * test's: a test reaches a moment by setting it, never by waiting. Shared setup:
 * tests/support/notifications-api.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  business,
  call,
  device,
  finished,
  messagesTo,
  postsOf,
  send,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import { dateIn, reportsApi } from '../../../../tests/support/reports-api';
import {
  clockAt,
  release,
  resetClockAfterEach,
  scheduledOf,
} from '../../../../tests/support/scheduled-sends';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { FeedPage, Post } from '../../../shared/schemas/notification.schema';
import { releaseScheduledJob } from '../../jobs/release-scheduled.job';

setupNotificationsApp();
const reports = reportsApi(() => t);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const AHEAD = () => Date.now() + 10 * DAY;
resetClockAfterEach();

const iso = (ms: number) => new Date(ms).toISOString();

async function schedule(
  user: Session,
  establishmentId: string,
  text: string,
  scheduledFor: number,
): Promise<Post> {
  const res = await send(user, establishmentId, { text, post: true, scheduledFor: iso(scheduledFor) });
  expect(res.statusCode, res.body).toBe(202);
  const body = res.json<{ notification: Post; message: string }>();
  expect(body.message).toBe(Msg.notificationScheduled);
  return body.notification;
}

const patch = (id: string, body: unknown, token?: string) =>
  call('PATCH', `/api/notifications/${id}`, body, token);
const cancel = (id: string, token?: string) => call('DELETE', `/api/notifications/${id}`, undefined, token);

describe('scheduling a send', () => {
  it('stores it as scheduled, sends nothing, and keeps it out of every feed until its time', async () => {
    const { establishment, client } = await business('Planned Pub');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const now = clockAt(AHEAD());
    const due = now + 2 * 60 * MINUTE;

    const post = await schedule(client, establishment.id, 'Happy hour starts at 17:00', due);
    expect(post).toMatchObject({
      text: 'Happy hour starts at 17:00',
      scheduledFor: iso(due),
      createdAt: iso(due),
      inFeed: true,
      delivery: { status: 'scheduled', audience: 0, sent: 0, received: 0, pending: 0 },
    });

    // Not in the feeds, push-only view included; the follower cannot open it.
    expect(await postsOf(establishment.id, follower)).toEqual([]);
    expect(await postsOf(establishment.id, client, true)).toEqual([]);
    const feed = await call('GET', '/api/feed', undefined, follower.token);
    expect(feed.json<FeedPage>().items).toEqual([]);
    expectError(
      await call('GET', `/api/notifications/${post.id}`, undefined, follower.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    // Its senders see it, with its figures all zero.
    const detail = await call('GET', `/api/notifications/${post.id}`, undefined, client.token);
    expect(detail.json<{ post: Post }>().post.delivery).toMatchObject({ status: 'scheduled', sent: 0 });
    expect(messagesTo(phone)).toEqual([]);
  });

  it('refuses a time in the past, less than a minute or more than 90 days ahead, or not a date', async () => {
    const { establishment, client } = await business('Badly Planned Bar');
    const now = clockAt(AHEAD());
    const refused = async (scheduledFor: unknown, message: string) => {
      const res = await send(client, establishment.id, { text: 'Later', post: true, scheduledFor });
      const body = expectError(res, 400, ErrorCode.VALIDATION, { scheduledFor: message });
      expect(body.error).toBe(message);
    };
    await refused(iso(now - MINUTE), Msg.scheduleTooSoon);
    await refused(iso(now), Msg.scheduleTooSoon);
    await refused(iso(now + MINUTE - 1), Msg.scheduleTooSoon);
    await refused(iso(now + 90 * DAY + 1), Msg.scheduleTooFar);
    for (const notADate of ['tomorrow', '2030-05-01T17:00:00', '2030-05-01', '2030-02-30T10:00:00Z', 12345]) {
      await refused(notADate, Msg.scheduleInvalid);
    }
    expect(await scheduledOf(establishment.id, client.token)).toEqual([]);

    // The edges are allowed, with an offset as well as Z.
    await schedule(client, establishment.id, 'In a minute', now + MINUTE);
    await schedule(client, establishment.id, 'In 90 days', now + 90 * DAY);
    const offset = new Date(now + 3 * DAY).toISOString().replace(/\.\d+Z$/, '+02:00');
    const res = await send(client, establishment.id, { text: 'Offset', post: false, scheduledFor: offset });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<{ notification: Post }>().notification.scheduledFor).toBe(new Date(offset).toISOString());
    // null is "send now".
    const now2 = await send(client, establishment.id, { text: 'Right now', post: true, scheduledFor: null });
    expect(now2.json<{ message: string }>().message).toBe(Msg.notificationSent);
  });

  it('answers the first scheduled send again for a repeated Idempotency-Key', async () => {
    const { establishment, client } = await business('Twice Planned Tavern');
    const now = clockAt(AHEAD());
    const body = { text: 'Once only', post: true, scheduledFor: iso(now + DAY) };
    const headers = { authorization: `Bearer ${client.token}`, 'idempotency-key': 'plan-1' };
    const url = `/api/establishments/${establishment.id}/notifications`;
    const first = await t.request({ method: 'POST', url, payload: body, headers });
    const again = await t.request({ method: 'POST', url, payload: body, headers });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ notification: Post }>().notification.id).toBe(
      first.json<{ notification: Post }>().notification.id,
    );
    expect(again.json<{ message: string }>().message).toBe(Msg.notificationScheduled);
    expect(await scheduledOf(establishment.id, client.token)).toHaveLength(1);
  });

  it('lets only those who may send for the establishment schedule: 401, 403 per role', async () => {
    const { establishment } = await business('Guarded Grill');
    const other = await business('Other Oven');
    const follower = await a.followerOf(establishment.id);
    const representative = await a.userWithRole('representant');
    const unverified = await a.clientOf(admin, establishment.id, 'unverified');
    await t.ctx.database.sql.executeSql('UPDATE users SET email_verified = false WHERE id = $1', [
      unverified.id,
    ]);
    const now = clockAt(AHEAD());
    const body = { text: 'Not yours', post: true, scheduledFor: iso(now + DAY) };
    const url = `/api/establishments/${establishment.id}/notifications`;

    expectError(await call('POST', url, body), 401, ErrorCode.UNAUTHORIZED);
    expectError(await call('POST', url, body, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(await call('POST', url, body, other.client.token), 403, ErrorCode.FORBIDDEN);
    expectError(await call('POST', url, body, representative.token), 403, ErrorCode.FORBIDDEN);
    expectError(await call('POST', url, body, unverified.token), 403, ErrorCode.EMAIL_NOT_VERIFIED);
    // Refused before the body is looked at.
    expectError(
      await call('POST', url, { scheduledFor: 'nonsense' }, follower.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    expect(await scheduledOf(establishment.id, admin.token)).toEqual([]);
    // An admin may.
    await schedule(admin, establishment.id, 'From the admin', now + DAY);
  });
});

describe('the list of scheduled sends', () => {
  it('lists them soonest first for the establishment senders, and refuses everyone else', async () => {
    const { establishment, client } = await business('Listed Lounge');
    const other = await business('Unlisted Union');
    const follower = await a.followerOf(establishment.id);
    const now = clockAt(AHEAD());
    await schedule(client, establishment.id, 'Third', now + 3 * DAY);
    await schedule(client, establishment.id, 'First', now + DAY);
    await schedule(client, establishment.id, 'Second', now + 2 * DAY);
    await schedule(other.client, other.establishment.id, 'Elsewhere', now + DAY);
    await sendOk(client, establishment.id, { text: 'Sent now', post: true });

    const listed = await scheduledOf(establishment.id, client.token);
    expect(listed.map((p) => p.text)).toEqual(['First', 'Second', 'Third']);
    expect(listed.map((p) => p.delivery?.status)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    expect((await scheduledOf(establishment.publicId, admin.token)).map((p) => p.text)).toEqual([
      'First',
      'Second',
      'Third',
    ]);

    const url = `/api/establishments/${establishment.id}/scheduled`;
    expectError(await call('GET', url), 401, ErrorCode.UNAUTHORIZED);
    expectError(await call('GET', url, undefined, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(await call('GET', url, undefined, other.client.token), 403, ErrorCode.FORBIDDEN);
    expectError(
      await call('GET', `/api/establishments/no-such-place/scheduled`, undefined, admin.token),
      404,
      ErrorCode.NOT_FOUND,
    );
  });
});

describe('editing and cancelling a scheduled send', () => {
  it('changes its text and its time until it goes; its owner and admins only', async () => {
    const { establishment, client } = await business('Edited Eatery');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const follower = await a.followerOf(establishment.id);
    const now = clockAt(AHEAD());
    const post = await schedule(client, establishment.id, 'Draft', now + DAY);

    const text = await patch(post.id, { text: 'Final text' }, client.token);
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json<{ message: string }>().message).toBe(Msg.scheduleUpdated);
    expect(text.json<{ post: Post }>().post).toMatchObject({
      text: 'Final text',
      scheduledFor: iso(now + DAY),
      // Not yet sent: nothing to mark as edited.
      editedAt: null,
    });

    const moved = await patch(post.id, { scheduledFor: iso(now + 2 * DAY) }, client.token);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ post: Post }>().post).toMatchObject({
      text: 'Final text',
      scheduledFor: iso(now + 2 * DAY),
      createdAt: iso(now + 2 * DAY),
    });
    const both = await patch(post.id, { text: 'Both', scheduledFor: iso(now + 3 * DAY) }, admin.token);
    expect(both.json<{ post: Post }>().post).toMatchObject({
      text: 'Both',
      scheduledFor: iso(now + 3 * DAY),
    });

    expectError(await patch(post.id, { scheduledFor: iso(now) }, client.token), 400, ErrorCode.VALIDATION, {
      scheduledFor: Msg.scheduleTooSoon,
    });
    expectError(
      await patch(post.id, { scheduledFor: iso(now + 91 * DAY) }, client.token),
      400,
      ErrorCode.VALIDATION,
      { scheduledFor: Msg.scheduleTooFar },
    );
    expectError(await patch(post.id, { scheduledFor: 'soon' }, client.token), 400, ErrorCode.VALIDATION, {
      scheduledFor: Msg.scheduleInvalid,
    });
    expectError(await patch(post.id, {}, client.token), 400, ErrorCode.VALIDATION, {
      text: Msg.scheduleEditNothing,
    });
    expectError(await patch(post.id, { text: '  ' }, client.token), 400, ErrorCode.VALIDATION);
    expectError(
      // 4,500 bytes of UTF-8: the text it will push must fit a push message.
      await patch(post.id, { text: '€'.repeat(1500) }, client.token),
      400,
      ErrorCode.PAYLOAD_TOO_LARGE,
      { text: Msg.pushTooLarge },
    );

    // Another operator of the same establishment, a follower, a guest: not theirs to change.
    expectError(await patch(post.id, { text: 'Mine now' }, colleague.token), 403, ErrorCode.FORBIDDEN);
    expectError(await patch(post.id, { text: 'Mine now' }, follower.token), 404, ErrorCode.NOT_FOUND);
    expectError(await patch(post.id, { text: 'Mine now' }), 401, ErrorCode.UNAUTHORIZED);
    expect((await scheduledOf(establishment.id, client.token)).map((p) => p.text)).toEqual(['Both']);
  });

  it('cancels it for good: gone from the list, never sent, never counted; owner or admin only', async () => {
    const { establishment, client } = await business('Cancelled Café');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const now = clockAt(AHEAD());
    const kept = await schedule(client, establishment.id, 'Kept', now + DAY);
    const dropped = await schedule(client, establishment.id, 'Dropped', now + DAY);
    const byAdmin = await schedule(client, establishment.id, 'Dropped by the admin', now + DAY);

    expectError(await cancel(dropped.id, colleague.token), 403, ErrorCode.FORBIDDEN);
    expectError(await cancel(dropped.id, follower.token), 404, ErrorCode.NOT_FOUND);
    expectError(await cancel(dropped.id), 401, ErrorCode.UNAUTHORIZED);
    const res = await cancel(dropped.id, client.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: Msg.scheduleCancelled });
    expect((await cancel(byAdmin.id, admin.token)).json()).toEqual({ message: Msg.scheduleCancelled });
    expect((await scheduledOf(establishment.id, client.token)).map((p) => p.id)).toEqual([kept.id]);
    expectError(
      await call('GET', `/api/notifications/${dropped.id}`, undefined, client.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectError(await cancel(dropped.id, client.token), 404, ErrorCode.NOT_FOUND);

    // At its time only the one kept goes out.
    clockAt(now + DAY);
    expect(await release(kept.id, dropped.id, byAdmin.id)).toEqual([kept.id]);
    await finished(client, kept.id);
    expect(messagesTo(phone).map((m) => m.body)).toEqual(['Kept']);
    const day = dateIn(establishment.timeZone, new Date(now + DAY));
    const dashboard = await reports.dashboard(admin.token, {
      establishmentId: establishment.id,
      from: day,
      to: day,
    });
    expect(dashboard.periods.custom?.figures.notificationsSent).toBe(1);
  });

  it('says 409 to moving a send that already went, and edits its text as a post', async () => {
    const { establishment, client } = await business('Gone Grill');
    const now = clockAt(AHEAD());
    const post = await schedule(client, establishment.id, 'Going out', now + 5 * MINUTE);
    clockAt(now + 5 * MINUTE);
    expect(await release(post.id)).toEqual([post.id]);

    const body = expectError(
      await patch(post.id, { scheduledFor: iso(now + DAY) }, client.token),
      409,
      ErrorCode.CONFLICT,
    );
    expect(body.error).toBe(Msg.alreadySent);
    const text = await patch(post.id, { text: 'Went out, corrected' }, client.token);
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json<{ message: string }>().message).toBe(Msg.postUpdated);
    expect(text.json<{ post: Post }>().post.editedAt).not.toBeNull();
    expect(await scheduledOf(establishment.id, client.token)).toEqual([]);
    // Deleting it now is deleting a post.
    expect((await cancel(post.id, client.token)).json()).toEqual({ message: Msg.postDeleted });
  });
});

describe('the scheduler', () => {
  it('sends it at its time, not a moment before, to the followers devices, in the feed, counted once', async () => {
    const { establishment, client } = await business('Punctual Pizzeria');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const stranger = await device(await a.userWithRole('customer', 'stranger'));
    const now = clockAt(AHEAD());
    const due = now + 3 * 60 * MINUTE;
    const post = await schedule(client, establishment.id, 'Pizza of the day: diavola', due);
    const day = dateIn(establishment.timeZone, new Date(due));
    const sentThatDay = async () =>
      (await reports.dashboard(admin.token, { establishmentId: establishment.id, from: day, to: day }))
        .periods.custom?.figures.notificationsSent;
    expect(await sentThatDay()).toBe(0);

    // A second before: the real job runs and releases nothing.
    clockAt(due - 1000);
    expect(await release(post.id)).toEqual([]);
    await t.ctx.jobs.send(releaseScheduledJob, {});
    expect((await scheduledOf(establishment.id, client.token)).map((p) => p.id)).toEqual([post.id]);
    expect(messagesTo(phone)).toEqual([]);

    // At its time: the job the cron queues each minute releases it, and the usual fan-out delivers it.
    clockAt(due);
    await t.ctx.jobs.send(releaseScheduledJob, {});
    const done = await finished(client, post.id);
    expect(done.delivery).toMatchObject({ status: 'done', audience: 1, sent: 1, failed: 0, pending: 0 });
    expect(done.createdAt).toBe(iso(due));
    expect(messagesTo(phone).map((m) => [m.id, m.body])).toEqual([[post.id, 'Pizza of the day: diavola']]);
    expect(messagesTo(stranger)).toEqual([]);
    expect(await scheduledOf(establishment.id, client.token)).toEqual([]);
    expect((await postsOf(establishment.id, follower)).map((p) => p.id)).toEqual([post.id]);
    const opened = await call('GET', `/api/notifications/${post.id}`, undefined, follower.token);
    expect(opened.statusCode, opened.body).toBe(200);

    // Running it again changes nothing: released once, sent once, counted once.
    expect(await release(post.id)).toEqual([]);
    expect(await sentThatDay()).toBe(1);
    expect(messagesTo(phone)).toHaveLength(1);
  });

  it('releases only what is due, many at once in batches, and holds a blocked establishment back', async () => {
    const { establishment, client } = await business('Busy Brasserie');
    const blocked = await business('Blocked Bakery');
    const now = clockAt(AHEAD());
    // SETUP: 230 sends planned a second apart (written as the API would, faster): over two batches of 100.
    const { rows: planned } = await t.ctx.database.sql.executeSql(
      `INSERT INTO notifications (establishment_id, author_id, text, in_feed, status, scheduled_for, created_at)
       SELECT $1, $2, 'Bulk ' || i, false, 'scheduled', $3::timestamptz + make_interval(secs => i),
              $3::timestamptz + make_interval(secs => i)
         FROM generate_series(1, 230) AS i
       RETURNING id`,
      [establishment.id, client.id, iso(now + MINUTE)],
    );
    const bulk = (planned as { id: string }[]).map((row) => row.id);
    const held = await schedule(blocked.client, blocked.establishment.id, 'Held back', now + MINUTE);
    const block = await call(
      'POST',
      `/api/establishments/${blocked.establishment.id}/block`,
      undefined,
      admin.token,
    );
    expect(block.statusCode, block.body).toBe(200);

    // 200 of them are due: released, each handed to delivery with it.
    clockAt(now + MINUTE + 200 * 1000);
    const first = await release(...bulk, held.id);
    expect(first.sort()).toEqual(bulk.slice(0, 200).sort());
    const remaining = await scheduledOf(establishment.id, client.token);
    expect(remaining.map((p) => p.text)).toEqual(Array.from({ length: 30 }, (_, i) => `Bulk ${201 + i}`));
    // Each released send was handed to delivery in its release: these have no follower, so each is
    // done at once (a larger audience would be sending, its fan-out job queued).
    const { rows } = await t.ctx.database.sql.executeSql(
      'SELECT id, status FROM notifications WHERE id = ANY($1::uuid[])',
      [bulk],
    );
    const statusOf = new Map((rows as { id: string; status: string }[]).map((row) => [row.id, row.status]));
    expect(new Set(first.map((id) => statusOf.get(id)))).toEqual(new Set(['done']));
    expect(new Set(bulk.slice(200).map((id) => statusOf.get(id)))).toEqual(new Set(['scheduled']));

    // The rest later; the blocked establishment's send waits while it is blocked, then goes.
    clockAt(now + 10 * MINUTE);
    expect((await release(...bulk, held.id)).sort()).toEqual(bulk.slice(200).sort());
    expect(await scheduledOf(establishment.id, client.token)).toEqual([]);
    expect((await scheduledOf(blocked.establishment.id, admin.token)).map((p) => p.id)).toEqual([held.id]);
    const unblock = await call(
      'POST',
      `/api/establishments/${blocked.establishment.id}/unblock`,
      undefined,
      admin.token,
    );
    expect(unblock.statusCode, unblock.body).toBe(200);
    expect(await release(held.id)).toEqual([held.id]);
  });
});
