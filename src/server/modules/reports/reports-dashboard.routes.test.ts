/**
 * The dashboard over HTTP (GET /api/reports/dashboard): the real app and delivery pipeline on a
 * throw-away database, sending to a real local push service. A scripted history is played as its
 * users would play it (follow, subscribe devices, send, the service worker's receipt and click
 * calls, unfollow, delete a notification, delete an account) and the figures must be exactly what
 * happened. Earlier days cannot be played through the API (it records events as they happen): those
 * rows are written with SQL, see tests/support/reports-api.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { establishmentFields, PASSWORD, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  business,
  call,
  device,
  finished,
  messagesTo,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import type { TestSubscription } from '../../../../tests/support/push-service';
import { dateIn, figures, NONE, reportsApi, shift } from '../../../../tests/support/reports-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Dashboard, DashboardSchema, type ReportFigures } from '../../../shared/schemas/report.schema';
import { PLATFORM_REPORT_ID } from '../../db/schema';
import { housekeepingJob } from '../../jobs/housekeeping.job';

setupNotificationsApp();
const r = reportsApi(() => t);
const ZONE = 'Europe/Bratislava';

const plus = (x: ReportFigures, y: ReportFigures): ReportFigures =>
  Object.fromEntries(
    Object.keys(x).map((key) => [key, x[key as keyof ReportFigures] + y[key as keyof ReportFigures]]),
  ) as ReportFigures;

const PERIODS = ['today', 'yesterday', 'last30Days', 'lastYear'] as const;

/** What the service worker posts when a notification is shown or clicked, with the message's receipt token. */
async function serviceWorker(
  type: 'received' | 'clicked',
  notificationId: string,
  on: TestSubscription,
  nth: number,
) {
  const receipt = messagesTo(on)[nth]!.receipt!;
  const res = await call('POST', `/api/notifications/${notificationId}/events`, { type, receipt });
  expect(res.statusCode, res.body).toBe(204);
}

describe('a scripted history', () => {
  it('gives exactly what happened for each period and the one before it, and the platform includes it', async () => {
    const { establishment: shop, client } = await business('Report Bistro');
    const today = dateIn(ZONE);
    const at = (daysAgo: number) => `${shift(today, -daysAgo)} 12:00:00`;

    // Before today (SQL, see the header): a regular who followed 40 days ago, and earlier sends.
    const regular = await a.userWithRole('customer', 'regular');
    await r.followedAt(regular.id, shop.id, at(40), ZONE);
    const yesterdaysPost = await r.sentAt(shop.id, at(1), ZONE, true);
    // Engagement yesterday: a reaction and a comment, and a comment removed since (not counted).
    await r.reactedAt(yesterdaysPost, regular.id, at(1), ZONE);
    await r.commentedAt(yesterdaysPost, regular.id, at(1), ZONE);
    const removedLater = await r.commentedAt(yesterdaysPost, regular.id, at(1), ZONE);
    await r.sql('UPDATE post_comments SET deleted_at = now(), deleted_by_id = author_id WHERE id = $1', [
      removedLater,
    ]);
    await r.sentAt(shop.id, at(2), ZONE);
    await r.sentAt(shop.id, at(10), ZONE);
    await r.sentAt(shop.id, at(40), ZONE, true);
    await r.sentAt(shop.id, at(200), ZONE);
    await r.sentAt(shop.id, at(400), ZONE, true);

    // Today, through the API: three follow, two of them with devices (three devices in all).
    const [ana, ben, cyril] = [
      await a.followerOf(shop.id, 'ana'),
      await a.followerOf(shop.id, 'ben'),
      await a.followerOf(shop.id, 'cyril'),
    ];
    const anaPhone = await device(ana);
    const anaTablet = await device(ana);
    const benPhone = await device(ben);

    // A push-only send, then a "send and post": each reaches the three devices.
    const pushOnly = await sendOk(client, shop.id, { text: 'Happy hour at five', post: false });
    await finished(client, pushOnly.id);
    const posted = await sendOk(client, shop.id, { text: 'The new menu is out', post: true });
    await finished(client, posted.id);
    expect(messagesTo(anaPhone)).toHaveLength(2);

    // Shown on Ana's phone and Ben's phone; then the post shown on Ana's phone and opened on her tablet.
    await serviceWorker('received', pushOnly.id, anaPhone, 0);
    await serviceWorker('received', pushOnly.id, benPhone, 0);
    await serviceWorker('received', posted.id, anaPhone, 1);
    await serviceWorker('received', posted.id, anaPhone, 1); // the same receipt twice counts once
    await serviceWorker('clicked', posted.id, anaTablet, 1); // a click is a receipt too

    // Engagement today: Ana reacts and changes her mind (one reaction), Cyril reacts, Ben reacts (his
    // account goes below), the client reacts and takes it back; Ana comments twice and removes one.
    const reaction = (user: { token: string }, kind?: string) =>
      call(
        kind ? 'PUT' : 'DELETE',
        `/api/notifications/${posted.id}/reaction`,
        kind ? { kind } : undefined,
        user.token,
      );
    for (const [user, kind] of [
      [ana, 'like'],
      [ana, 'love'],
      [cyril, 'wow'],
      [ben, 'laugh'],
      [client, 'celebrate'],
      [client, undefined],
    ] as const) {
      expect((await reaction(user, kind)).statusCode).toBe(200);
    }
    await r.commentedAt(posted.id, ana.id, `${today} 00:00:01`, ZONE);
    const taken = await r.commentedAt(posted.id, ana.id, `${today} 00:00:02`, ZONE);
    await r.sql('UPDATE post_comments SET deleted_at = now(), deleted_by_id = author_id WHERE id = $1', [
      taken,
    ]);

    // Cyril unfollows; the push-only notification is deleted (reports are history: it was sent);
    // Ben deletes his account (one follower less; what reached him stays reached).
    expect(
      (await call('DELETE', `/api/establishments/${shop.id}/follow`, undefined, cyril.token)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/notifications/${pushOnly.id}`, undefined, client.token)).statusCode,
    ).toBe(200);
    expect((await call('DELETE', '/api/account', { currentPassword: PASSWORD }, ben.token)).statusCode).toBe(
      200,
    );

    const sentToday = {
      notificationsSent: 2,
      posts: 1,
      devices: 6,
      reach: 4,
      clicks: 1,
      follows: 3,
      unfollows: 2,
      // Cyril's reaction stands after he unfollows; Ben's goes with his account.
      reactions: 2,
      comments: 1,
    };
    const engagedYesterday = { reactions: 1, comments: 1 };
    const expected: Dashboard['periods'] = {
      today: {
        from: today,
        to: today,
        figures: figures({ ...sentToday, users: 2 }),
        previous: figures({ notificationsSent: 1, posts: 1, users: 1, ...engagedYesterday }),
      },
      yesterday: {
        from: shift(today, -1),
        to: shift(today, -1),
        figures: figures({ notificationsSent: 1, posts: 1, users: 1, ...engagedYesterday }),
        previous: figures({ notificationsSent: 1, users: 1 }),
      },
      last30Days: {
        from: shift(today, -29),
        to: today,
        figures: figures({
          ...sentToday,
          notificationsSent: 5,
          posts: 2,
          users: 2,
          reactions: 3,
          comments: 2,
        }),
        previous: figures({ notificationsSent: 1, posts: 1, follows: 1, users: 1 }),
      },
      lastYear: {
        from: shift(today, -364),
        to: today,
        figures: figures({
          ...sentToday,
          notificationsSent: 7,
          posts: 3,
          follows: 4,
          users: 2,
          reactions: 3,
          comments: 2,
        }),
        previous: figures({ notificationsSent: 1, posts: 1 }),
      },
    };

    const mine = await r.dashboard(client.token, { establishmentId: shop.id });
    expect(DashboardSchema.strict().safeParse(mine).success).toBe(true);
    expect(mine.scope).toEqual({ establishmentId: shop.id, name: 'Report Bistro', timeZone: ZONE, today });
    expect(mine.periods).toEqual(expected);
    // The admin picking the establishment sees the same.
    expect((await r.dashboard(admin.token, { establishmentId: shop.id })).periods).toEqual(expected);

    // The chart: the last 30 days, day by day, every day present, followers carried from day to day.
    const quiet = (daysAgo: number, users: number) => ({
      date: shift(today, -daysAgo),
      ...figures({ users }),
    });
    const chart = Array.from({ length: 30 }, (_, i) => quiet(29 - i, 1));
    chart[29 - 10] = { ...quiet(10, 1), notificationsSent: 1 };
    chart[29 - 2] = { ...quiet(2, 1), notificationsSent: 1 };
    chart[29 - 1] = { ...quiet(1, 1), notificationsSent: 1, posts: 1, ...engagedYesterday };
    chart[29] = { date: today, ...figures({ ...sentToday, users: 2 }) };
    expect(mine.series).toEqual({ granularity: 'day', from: shift(today, -29), to: today, points: chart });

    // Another business's day, and the platform (admins, no establishment) is the sum of both.
    const { establishment: bakery, client: baker } = await business('Report Bakery');
    const dora = await a.followerOf(bakery.id, 'dora');
    const doraPhone = await device(dora);
    const bread = await sendOk(baker, bakery.id, { text: 'Warm bread', post: true });
    await finished(baker, bread.id);
    await serviceWorker('clicked', bread.id, doraPhone, 0);
    const bakeryDay = figures({
      notificationsSent: 1,
      posts: 1,
      devices: 1,
      reach: 1,
      clicks: 1,
      follows: 1,
      users: 1,
    });
    const theirs = await r.dashboard(baker.token, { establishmentId: bakery.id });
    expect(theirs.periods.today.figures).toEqual(bakeryDay);
    expect(theirs.periods.lastYear.figures).toEqual(bakeryDay);

    const platform = await r.dashboard(admin.token);
    expect(platform.scope).toEqual({
      establishmentId: null,
      name: null,
      timeZone: 'Europe/Bratislava',
      today,
    });
    for (const period of PERIODS) {
      expect(platform.periods[period].figures, period).toEqual(
        plus(expected[period].figures, theirs.periods[period].figures),
      );
      expect(platform.periods[period].previous, period).toEqual(
        plus(expected[period].previous, theirs.periods[period].previous),
      );
    }
    const { date: _today, ...shopToday } = chart[29]!;
    expect(platform.series.points.at(-1)).toEqual({ date: today, ...plus(shopToday, bakeryDay) });
  });

  it('answers a custom range with its figures, the period before it and a chart over it', async () => {
    const { establishment: shop, client } = await business('Range Tavern');
    const today = dateIn(ZONE);
    const at = (daysAgo: number) => `${shift(today, -daysAgo)} 08:30:00`;
    const regular = await a.userWithRole('customer', 'regular');
    await r.followedAt(regular.id, shop.id, at(40), ZONE);
    await r.sentAt(shop.id, at(40), ZONE, true);
    await r.sentAt(shop.id, at(10), ZONE);
    await r.sentAt(shop.id, at(300), ZONE);
    await r.sentAt(shop.id, at(500), ZONE); // before the long range: in the period before it

    // 41 days: day by day.
    const short = await r.dashboard(client.token, {
      establishmentId: shop.id,
      from: shift(today, -45),
      to: shift(today, -5),
    });
    expect(short.periods.custom).toEqual({
      from: shift(today, -45),
      to: shift(today, -5),
      figures: figures({ notificationsSent: 2, posts: 1, follows: 1, users: 1 }),
      previous: NONE,
    });
    expect(short.series.granularity).toBe('day');
    expect(short.series.points).toHaveLength(41);
    expect(short.series.points[4]).toEqual({ date: shift(today, -41), ...NONE });
    expect(short.series.points[5]).toEqual({
      date: shift(today, -40),
      ...figures({ notificationsSent: 1, posts: 1, follows: 1, users: 1 }),
    });
    expect(short.series.points[40]).toEqual({ date: shift(today, -5), ...figures({ users: 1 }) });
    // The standard periods are still there, as of today.
    expect(short.periods.today.figures).toEqual(figures({ users: 1 }));

    // 401 days: month by month, one point per month the range touches, dated on its first day.
    const from = shift(today, -400);
    const long = await r.dashboard(client.token, { establishmentId: shop.id, from, to: today });
    expect(long.periods.custom?.figures).toEqual(
      figures({ notificationsSent: 3, posts: 1, follows: 1, users: 1 }),
    );
    expect(long.periods.custom?.previous).toEqual(figures({ notificationsSent: 1 }));
    expect(long.series.granularity).toBe('month');
    const months = long.series.points.map((p) => p.date);
    expect(months[0]).toBe(`${from.slice(0, 7)}-01`);
    expect(months.at(-1)).toBe(`${today.slice(0, 7)}-01`);
    expect(months.length).toBeGreaterThanOrEqual(14);
    expect(months.every((m, i) => i === 0 || m > months[i - 1]!)).toBe(true);
    expect(months.every((m) => m.endsWith('-01'))).toBe(true);
    const sum = (key: keyof ReportFigures) => long.series.points.reduce((n, p) => n + p[key], 0);
    expect(sum('notificationsSent')).toBe(3);
    expect(sum('follows')).toBe(1);
    const fortyDaysAgo = long.series.points.find((p) => p.date === `${shift(today, -40).slice(0, 7)}-01`)!;
    expect(fortyDaysAgo.follows).toBe(1);
    expect(long.series.points.at(-1)!.users).toBe(1);
    expect(long.series.points[0]!.users).toBe(0);
  });
});

describe('memberships changed by an admin', () => {
  it('adding an existing follower again changes nothing; a client made a follower and back is a follow and an unfollow', async () => {
    const { establishment: shop, client } = await business('Relink Pub');
    const fan = await a.userWithRole('customer', 'fan');
    const helper = await a.userWithRole('customer', 'helper');
    await a.addMember(admin, shop.id, fan.email, 'customer');
    await a.addMember(admin, shop.id, fan.email, 'customer');
    const once = await r.dashboard(client.token, { establishmentId: shop.id });
    expect(once.periods.today.figures).toEqual(figures({ follows: 1, users: 1 }));

    await a.addMember(admin, shop.id, helper.email, 'client');
    await a.addMember(admin, shop.id, helper.email, 'customer');
    await a.addMember(admin, shop.id, helper.email, 'client');
    const funnel = await r.funnel(client.token, { establishmentId: shop.id });
    const seen = await r.dashboard(client.token, { establishmentId: shop.id });
    expect(seen.periods.today.figures).toEqual(figures({ follows: 2, unfollows: 1, users: 1 }));
    expect(funnel.total).toMatchObject({ followers: 1, verified: 1 });
  });
});

describe('who sees what', () => {
  it('an operating client, the registering representative and admins; nobody else', async () => {
    const { establishment: shop, client } = await business('Scope Cafe');
    const { client: otherClient } = await business('Scope Other');
    const follower = await a.followerOf(shop.id, 'scope-follower');
    const stranger = await a.userWithRole('representant', 'stranger');

    // A representative signs up a business with its owner: they registered it.
    const representative = await a.userWithRole('representant', 'registrar');
    const signup = await call(
      'POST',
      '/api/establishments/client-signup',
      {
        client: {
          firstName: 'Rita',
          lastName: 'Owner',
          email: uniqueEmail('rita'),
          phone: '+421 900 111 222',
        },
        establishment: establishmentFields('Scope Deli'),
      },
      representative.token,
    );
    expect(signup.statusCode, signup.body).toBe(201);
    const deli = signup.json<{ establishment: { id: string } }>().establishment;

    const ask = (token: string, establishmentId?: string) => r.getDashboard(token, { establishmentId });
    expect((await ask(client.token, shop.id)).statusCode).toBe(200);
    expect((await ask(admin.token, shop.id)).statusCode).toBe(200);
    expect((await ask(admin.token, deli.id)).statusCode).toBe(200);
    expect((await ask(representative.token, deli.id)).json<Dashboard>().scope.name).toBe('Scope Deli');

    expectError(await ask(otherClient.token, shop.id), 403, ErrorCode.FORBIDDEN);
    expectError(await ask(stranger.token, shop.id), 403, ErrorCode.FORBIDDEN);
    expectError(await ask(representative.token, shop.id), 403, ErrorCode.FORBIDDEN);
    expectError(await ask(client.token, deli.id), 403, ErrorCode.FORBIDDEN);
    // A customer has no dashboard, not even of what they follow.
    expectError(await ask(follower.token, shop.id), 403, ErrorCode.FORBIDDEN);
    // The platform is the admins'.
    expectError(await ask(client.token), 403, ErrorCode.FORBIDDEN);
    expectError(await ask(representative.token), 403, ErrorCode.FORBIDDEN);
    expect((await ask(admin.token)).statusCode).toBe(200);
    // Nobody signed in.
    expectError(
      await t.request({ method: 'GET', url: '/api/reports/dashboard' }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
  });

  it('404 for an establishment that does not exist or was deleted, 400 for what is not an id', async () => {
    const { establishment: shop } = await business('Gone Grill');
    expect((await call('DELETE', `/api/establishments/${shop.id}`, undefined, admin.token)).statusCode).toBe(
      200,
    );
    for (const id of [randomUUID(), PLATFORM_REPORT_ID, shop.id]) {
      const body = expectError(
        await r.getDashboard(admin.token, { establishmentId: id }),
        404,
        ErrorCode.NOT_FOUND,
      );
      expect(body.error).toBe(Msg.establishmentNotFound);
    }
    expectError(
      await r.getDashboard(admin.token, { establishmentId: 'not-an-id' }),
      400,
      ErrorCode.VALIDATION,
      {
        establishmentId: Msg.establishmentNotFound,
      },
    );
  });
});

describe('date ranges', () => {
  it('refuses an end before the start, half a range, a bad date or a range too long, naming the field', async () => {
    const { establishment: shop, client } = await business('Range Rules');
    const ask = (query: Record<string, string>) =>
      r.getDashboard(client.token, { establishmentId: shop.id, ...query });

    const reversed = expectError(
      await ask({ from: '2026-03-10', to: '2026-03-09' }),
      400,
      ErrorCode.VALIDATION,
      {
        to: Msg.endAfterStart,
      },
    );
    expect(reversed.fields?.to).toBe('End date must be later than start date');
    expectError(await ask({ from: '2026-03-10' }), 400, ErrorCode.VALIDATION, {
      to: Msg.rangeNeedsBothDates,
    });
    expectError(await ask({ to: '2026-03-10' }), 400, ErrorCode.VALIDATION, { to: Msg.rangeNeedsBothDates });
    expectError(await ask({ from: '2026-02-30', to: '2026-03-10' }), 400, ErrorCode.VALIDATION, {
      from: Msg.invalidDate,
    });
    expectError(await ask({ from: '10/03/2026', to: '2026-03-10' }), 400, ErrorCode.VALIDATION, {
      from: Msg.invalidDate,
    });
    expectError(await ask({ from: '2010-01-01', to: '2026-03-10' }), 400, ErrorCode.VALIDATION, {
      to: Msg.rangeTooLong,
    });
    expectError(await ask({ from: '0000-01-01', to: '0000-01-02' }), 400, ErrorCode.VALIDATION, {
      from: Msg.invalidDate,
    });

    // One day is a range; so is a range in the future (nothing happened there yet).
    const oneDay = await r.dashboard(client.token, {
      establishmentId: shop.id,
      from: '2026-03-10',
      to: '2026-03-10',
    });
    expect(oneDay.periods.custom?.previous).toBeDefined();
    expect(oneDay.series.points).toHaveLength(1);
    const later = await r.dashboard(client.token, {
      establishmentId: shop.id,
      from: '2099-01-01',
      to: '2099-12-31',
    });
    expect(later.periods.custom?.figures).toEqual(NONE);
    expect(later.series.points).toHaveLength(12);
    // Without a range there is no custom period, and the chart is the last 30 days.
    const plain = await r.dashboard(client.token, { establishmentId: shop.id });
    expect(plain.periods.custom).toBeUndefined();
    expect(plain.series.points).toHaveLength(30);
  });

  it('is listed in /api/docs with the funnel', async () => {
    const paths = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { operationId?: string }>>;
    }>().paths;
    expect(paths['/api/reports/dashboard']?.get?.operationId).toBe('getDashboard');
    expect(paths['/api/reports/funnel']?.get?.operationId).toBe('getFunnel');
  });
});

describe('a busy day in shards', () => {
  it("folds a past day's shards into one row at housekeeping, and the figures stay what they were", async () => {
    const { establishment: shop, client } = await business('Shard Tavern');
    const today = dateIn(ZONE);
    const [tenDaysAgo, fortyDaysAgo] = [shift(today, -10), shift(today, -40)];
    await r.sentAt(shop.id, `${tenDaysAgo} 12:00:00`, ZONE, true);
    await r.sentAt(shop.id, `${fortyDaysAgo} 12:00:00`, ZONE);
    // Writers at once each take a free shard of their day: the rows a busy day leaves (SQL, see
    // the header), today's too, which housekeeping leaves alone.
    await r.sql(
      `INSERT INTO report_daily (establishment_id, day, shard, notifications, posts, devices, reach)
       VALUES ($1, $2::date, 3, 2, 1, 40, 30), ($1, $2::date, 9, 1, 0, 10, 4),
              ($1, $3::date, 5, 1, 1, 5, 5), ($1, $4::date, 7, 1, 0, 3, 2)`,
      [shop.id, tenDaysAgo, fortyDaysAgo, today],
    );
    await r.sql(
      `INSERT INTO report_funnel_daily (establishment_id, day, source, shard, views, visitors, followers)
       VALUES ($1, $2::date, 'qr', 2, 12, 9, 3), ($1, $2::date, 'qr', 6, 5, 4, 1)`,
      [shop.id, tenDaysAgo],
    );
    const rows = async () =>
      r.sql<{ day: string; shards: number }>(
        `SELECT day::text, count(*)::int AS shards FROM (
           SELECT day FROM report_daily WHERE establishment_id = $1
           UNION ALL SELECT day FROM report_funnel_daily WHERE establishment_id = $1) d
          GROUP BY day ORDER BY day`,
        [shop.id],
      );
    expect(await rows()).toEqual([
      { day: fortyDaysAgo, shards: 2 },
      { day: tenDaysAgo, shards: 5 },
      { day: today, shards: 1 },
    ]);
    const query = { establishmentId: shop.id };
    const dashboard = await r.dashboard(client.token, query);
    const funnel = await r.funnel(client.token, query);
    // Ten days ago (4 sends, 2 posts, 34 received) and today (1, 0, 2).
    expect(dashboard.periods.last30Days.figures).toMatchObject({ notificationsSent: 5, posts: 2, reach: 36 });
    expect(funnel.total).toMatchObject({ views: 17, visitors: 13, followers: 4 });

    await t.ctx.jobs.send(housekeepingJob, {});
    await expect.poll(rows, { timeout: 15_000 }).toEqual([
      { day: fortyDaysAgo, shards: 1 },
      { day: tenDaysAgo, shards: 2 },
      { day: today, shards: 1 },
    ]);
    expect(await r.dashboard(client.token, query)).toEqual(dashboard);
    expect(await r.funnel(client.token, query)).toEqual(funnel);
  });
});
