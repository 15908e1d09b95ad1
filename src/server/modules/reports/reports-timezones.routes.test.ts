/**
 * Days are local days of each establishment's time zone: an event one second before local midnight
 * is yesterday's, one at midnight today's, and the same instant can be today in one zone and
 * yesterday in another. Read through GET /api/reports/dashboard.
 *
 * Why SQL: the API records every event at the moment it happens, so it cannot send, deliver or
 * follow at "yesterday 23:59:59" in a given zone. These rows (notifications, their deliveries with
 * received_at, memberships with created_at) are inserted with SQL through the test's own database
 * handle, as the app would have written them at that moment; the database's triggers bucket them
 * exactly as they bucket the API's own writes (tests/support/reports-api.ts).
 */
import { describe, expect, it } from 'vitest';
import { a, admin, setupNotificationsApp, t } from '../../../../tests/support/notifications-api';
import { dateIn, figures, reportsApi, shift } from '../../../../tests/support/reports-api';
import type { ReportFigures } from '../../../shared/schemas/report.schema';

setupNotificationsApp();
const r = reportsApi(() => t);

// UTC+1/+2, UTC-5/-4 and UTC+14: local midnights hours apart, and calendar days apart.
const ZONES = ['Europe/Bratislava', 'America/New_York', 'Pacific/Kiritimati'];

describe('local days', () => {
  it('count one second before local midnight as yesterday and midnight as today, in each zone', async () => {
    for (const zone of ZONES) {
      const shop = await a.establishment(admin, `Midnight ${zone}`, { timeZone: zone });
      const client = await a.clientOf(admin, shop.id);
      const today = dateIn(zone);
      const yesterday = shift(today, -1);

      const late = await r.sentAt(shop.id, `${yesterday} 23:59:59`, zone, true);
      await r.deliveredTo(late, 2, 1);
      const early = await r.sentAt(shop.id, `${today} 00:00:00`, zone);
      await r.deliveredTo(early, 3, 2, 1);
      const [night, morning] = [
        await a.userWithRole('customer', 'night'),
        await a.userWithRole('customer', 'morning'),
      ];
      await r.followedAt(night.id, shop.id, `${yesterday} 23:59:59`, zone);
      await r.followedAt(morning.id, shop.id, `${today} 00:00:00`, zone);
      // Engagement counts on the local day it was made, not the post's: a reaction to yesterday's
      // post before midnight, a comment on it at midnight.
      await r.reactedAt(late, night.id, `${yesterday} 23:59:59`, zone);
      await r.commentedAt(late, morning.id, `${today} 00:00:00`, zone);
      // The late notification's second device shows it after midnight: reach counts on the day it was sent.
      await r.sql(
        `UPDATE deliveries SET received_at = now() WHERE notification_id = $1 AND received_at IS NULL`,
        [late],
      );

      const before = figures({
        notificationsSent: 1,
        posts: 1,
        devices: 2,
        reach: 2,
        follows: 1,
        users: 1,
        reactions: 1,
      });
      const after = figures({
        notificationsSent: 1,
        devices: 3,
        reach: 2,
        clicks: 1,
        follows: 1,
        users: 2,
        comments: 1,
      });
      const seen = await r.dashboard(client.token, { establishmentId: shop.id });
      expect(seen.scope, zone).toMatchObject({ timeZone: zone, today });
      expect(seen.periods.yesterday, zone).toMatchObject({ from: yesterday, to: yesterday, figures: before });
      expect(seen.periods.today, zone).toMatchObject({
        from: today,
        to: today,
        figures: after,
        previous: before,
      });
      expect(seen.periods.last30Days.figures, zone).toEqual(
        figures({
          notificationsSent: 2,
          posts: 1,
          devices: 5,
          reach: 4,
          clicks: 1,
          follows: 2,
          users: 2,
          reactions: 1,
          comments: 1,
        }),
      );
      expect(seen.series.points.slice(-2), zone).toEqual([
        { date: yesterday, ...before },
        { date: today, ...after },
      ]);
    }
  });

  it('counts one instant on the local date of each establishment', async () => {
    // Midnight in Bratislava: today there, still the evening before in New York, noon in Kiritimati.
    const instantZone = 'Europe/Bratislava';
    const local = `${dateIn(instantZone)} 00:00:00`;
    const [row] = await r.sql<{ epoch: number }>(
      `SELECT extract(epoch FROM ($1::timestamp AT TIME ZONE $2))::float8 AS epoch`,
      [local, instantZone],
    );
    const instant = new Date(Number(row!.epoch) * 1000);
    expect(dateIn('America/New_York', instant)).toBe(shift(dateIn(instantZone, instant), -1));

    for (const zone of ZONES) {
      const shop = await a.establishment(admin, `Instant ${zone}`, { timeZone: zone });
      await r.sentAt(shop.id, local, instantZone);
      const day = dateIn(zone, instant);
      const seen = await r.dashboard(admin.token, { establishmentId: shop.id });
      const one = figures({ notificationsSent: 1 });
      const none: ReportFigures = figures({});
      const expected = day === seen.scope.today ? ['today', one, none] : ['yesterday', none, one];
      expect(day === seen.scope.today || day === shift(seen.scope.today, -1), `${zone}: ${day}`).toBe(true);
      expect(seen.periods.today.figures, `${zone} ${expected[0]}`).toEqual(expected[1]);
      expect(seen.periods.yesterday.figures, `${zone} ${expected[0]}`).toEqual(expected[2]);
      expect(seen.series.points.find((p) => p.date === day)?.notificationsSent, zone).toBe(1);
    }
  });
});
