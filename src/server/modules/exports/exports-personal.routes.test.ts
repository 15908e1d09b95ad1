import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { parseCsv } from '../../../../tests/support/csv';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import type { PersonalData } from '../../../shared/schemas/export.schema';
import {
  deliveries,
  notifications,
  preferenceGroups,
  preferences,
  pushSubscriptions,
  userPreferences,
  users,
} from '../../db/schema';

/** "Download my data" and an admin's copy of one user's data: theirs, all of it, and nothing else. */

let t: TestApp;
let act: ReturnType<typeof actors>;
let admin: Session;
let me: Session;
let someoneElse: Session;
let venueId: string;
const P256DH = 'BPublicKeyOfTheBrowserThatMustNeverLeave';
const AUTH = 'authSecretMustNeverLeave';

/** SETUP: a browser subscribed to push, and a notification delivered to it. */
async function deviceWithNotification(user: Session, text: string) {
  const [device] = await t.ctx.db
    .insert(pushSubscriptions)
    .values({
      userId: user.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/${user.id}`,
      p256dh: P256DH,
      auth: AUTH,
      userAgent: 'Mozilla/5.0 (Android) Chrome',
    })
    .returning();
  const [sent] = await t.ctx.db
    .insert(notifications)
    .values({ establishmentId: venueId, text, inFeed: true, status: 'done' })
    .returning();
  await t.ctx.db.insert(deliveries).values({
    notificationId: sent!.id,
    targetId: device!.id,
    userId: user.id,
    outcome: 'sent',
    httpStatus: 201,
    receivedAt: new Date(),
  });
  return { device: device!, notification: sent! };
}

const fixture = setupRouteFixture();
beforeAll(async () => {
  ({ t, a: act, admin } = fixture);
  venueId = (await act.establishment(admin, 'Portable Pub')).id;
  me = await act.followerOf(venueId, 'me');
  someoneElse = await act.followerOf(venueId, 'someone-else');
  const [group] = await t.ctx.db.insert(preferenceGroups).values({ name: 'Drinks' }).returning();
  const [pref] = await t.ctx.db
    .insert(preferences)
    .values({ groupId: group!.id, name: 'Craft beer' })
    .returning();
  await t.ctx.db.insert(userPreferences).values({ userId: me.id, preferenceId: pref!.id });
  const { notification } = await deviceWithNotification(me, 'Happy hour at six');
  await deviceWithNotification(someoneElse, 'A message for someone else');
  // My quiet hours, a reaction, a comment kept and one I removed; someone else's comment.
  const ok = async (res: Promise<{ statusCode: number; body: string }>, status: number) =>
    expect((await res).statusCode, (await res).body).toBe(status);
  await ok(
    t.request({
      method: 'PUT',
      url: '/api/account/quiet-hours',
      token: me.token,
      payload: { enabled: true, start: '22:00', end: '07:30', timeZone: 'Europe/Vienna' },
    }),
    200,
  );
  await ok(
    t.request({
      method: 'PUT',
      url: '/api/account/time-zone',
      token: me.token,
      payload: { timeZone: 'Europe/Vienna' },
    }),
    200,
  );
  const post = `/api/notifications/${notification.id}`;
  await ok(
    t.request({ method: 'PUT', url: `${post}/reaction`, token: me.token, payload: { kind: 'love' } }),
    200,
  );
  await ok(
    t.request({
      method: 'POST',
      url: `${post}/comments`,
      token: me.token,
      payload: { text: 'See you at six' },
    }),
    201,
  );
  const removed = await t.request({
    method: 'POST',
    url: `${post}/comments`,
    token: me.token,
    payload: { text: 'Posted too soon' },
  });
  await ok(
    t.request({ method: 'DELETE', url: `/api/comments/${removed.json().comment.id}`, token: me.token }),
    200,
  );
  await ok(
    t.request({
      method: 'POST',
      url: `${post}/comments`,
      token: someoneElse.token,
      payload: { text: 'Not mine' },
    }),
    201,
  );
});

describe('download my data', () => {
  it('answers one JSON document of everything stored about me', async () => {
    const res = await t.request({ method: 'GET', url: '/api/account/export', token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-[\d-]+\.json"$/);
    const data = res.json<PersonalData>();
    expect(data.profile).toMatchObject({ id: me.id, email: me.email, role: 'customer', emailVerified: true });
    expect(data.memberships).toEqual([
      expect.objectContaining({
        establishmentId: venueId,
        establishmentName: 'Portable Pub',
        kind: 'customer',
      }),
    ]);
    expect(data.preferences).toEqual([expect.objectContaining({ name: 'Craft beer', group: 'Drinks' })]);
    expect(data.devices).toEqual([
      expect.objectContaining({
        pushService: 'https://fcm.googleapis.com',
        userAgent: 'Mozilla/5.0 (Android) Chrome',
      }),
    ]);
    expect(data.notifications).toEqual([
      expect.objectContaining({
        text: 'Happy hour at six',
        establishmentName: 'Portable Pub',
        outcome: 'sent',
      }),
    ]);
    expect(data.quietHours).toEqual({ start: '22:00', end: '07:30', timeZone: 'Europe/Vienna' });
    expect(data.timeZone).toEqual({ timeZone: 'Europe/Vienna', chosen: true });
    expect(data.reactions).toEqual([
      expect.objectContaining({ kind: 'love', establishmentName: 'Portable Pub' }),
    ]);
    expect(data.comments.map((c) => [c.text, c.removedAt === null])).toEqual([
      ['See you at six', true],
      ['Posted too soon', false],
    ]);
    expect(res.body).not.toContain('Not mine');

    // Nothing of anyone else, and no secret of mine.
    expect(res.body).not.toContain(someoneElse.email);
    expect(res.body).not.toContain('A message for someone else');
    const [row] = await t.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    expect(res.body).not.toContain(row!.hash.slice(0, 20));
    for (const secret of [P256DH, AUTH, '/fcm/send/', 'passwordHash', 'tokenVersion'])
      expect(res.body).not.toContain(secret);
  });

  it('answers a sectioned CSV on request', async () => {
    const res = await t.request({ method: 'GET', url: '/api/account/export?format=csv', token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="my-data-[\d-]+\.csv"/);
    const rows = parseCsv(res.body);
    const titles = rows.filter((row) => row.length === 1 && row[0]).map((row) => row[0]);
    expect(titles).toEqual([
      'Profile',
      'Memberships',
      'Preferences',
      'Devices',
      'Quiet hours',
      'Time zone',
      'Reactions',
      'Comments',
      'Messages',
      'Notifications',
    ]);
    expect(res.body).toContain('Europe/Vienna');
    expect(res.body).toContain('See you at six');
    const profileHeader = rows[1]!;
    const profile = Object.fromEntries(profileHeader.map((name, i) => [name, rows[2]![i]]));
    expect(profile).toMatchObject({ id: me.id, email: me.email });
    expect(res.body).toContain('Happy hour at six');
    expect(res.body).not.toContain(someoneElse.email);
    expect(res.body).not.toContain(P256DH);
  });
});

describe("an admin's copy of one user's data", () => {
  it('holds that user’s data and is recorded in the audit log', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/management/users/${someoneElse.id}/export?format=json`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="user-${someoneElse.id}-`);
    const data = res.json<PersonalData>();
    expect(data.profile.email).toBe(someoneElse.email);
    expect(data.notifications.map((n) => n.text)).toEqual(['A message for someone else']);
    expect(res.body).not.toContain(me.email);

    const log = await t.request({
      method: 'GET',
      url: `/api/management/audit-log?targetUserId=${someoneElse.id}`,
      token: admin.token,
    });
    expect(log.json<{ items: { action: string; actorId: string }[] }>().items).toEqual([
      expect.objectContaining({ action: 'data.export', actorId: admin.id }),
    ]);
  });
});
