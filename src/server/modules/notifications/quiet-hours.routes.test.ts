/**
 * GET and PUT /api/account/quiet-hours over HTTP: who may, what is refused and
 * why (400 with the field), and what is stored. Delivery under quiet hours:
 * quiet-hours-delivery.routes.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type actors, PASSWORD, type Session, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type QuietHours, QuietMsg } from '../../../shared/schemas/quiet-hours.schema';
import { hashPassword } from '../../lib/passwords';
import { insertUser } from '../account';

const URL = '/api/account/quiet-hours';
const NIGHT = { enabled: true, start: '22:00', end: '08:00', timeZone: 'Europe/Bratislava' };

let t: TestApp;
let a: ReturnType<typeof actors>;
let customer: Session;

const fixture = setupRouteFixture({ admin: false });
beforeAll(async () => {
  ({ t, a } = fixture);
  customer = await a.userWithRole('customer');
});

const get = (token?: string) => t.request({ method: 'GET', url: URL, token });
const put = (payload: unknown, token?: string) =>
  t.request({ method: 'PUT', url: URL, token, payload: payload as object });

async function stored(userId: string) {
  const { rows } = await t.ctx.database.sql.executeSql(
    'SELECT quiet_start, quiet_end, quiet_time_zone FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

describe('quiet hours: who may', () => {
  it('answers 401 to a guest and to a bad token, whatever the body', async () => {
    expectError(await get(), 401, ErrorCode.UNAUTHORIZED);
    expectError(await put(NIGHT), 401, ErrorCode.UNAUTHORIZED);
    expectError(await put({ enabled: 'nonsense' }), 401, ErrorCode.UNAUTHORIZED);
    expectError(await get('not-a-token'), 401, ErrorCode.UNAUTHORIZED);
  });

  it('lets a user whose email is not confirmed yet set them: how to be notified comes before the link', async () => {
    const email = uniqueEmail('unverified');
    await insertUser(t.ctx.db, {
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Una',
      lastName: 'Verified',
      role: 'customer',
      emailVerified: false,
    });
    const token = await a.signIn(email);
    expect((await get(token)).statusCode).toBe(200);
    const saved = await put(NIGHT, token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(token)).json()).toMatchObject({ enabled: true });
  });

  it('lets every role set its own, and only its own (a follower of another business included)', async () => {
    const establishment = await a.establishment(await a.userWithRole('admin'), 'Quiet Corner');
    const follower = await a.followerOf(establishment.id);
    const roles = [
      follower,
      await a.userWithRole('client'),
      await a.userWithRole('representant'),
      await a.userWithRole('admin', 'quiet-admin'),
    ];
    for (const [i, user] of roles.entries()) {
      const start = `0${i}:00`;
      const res = await put({ ...NIGHT, start }, user.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<QuietHours>().start).toBe(start);
    }
    for (const [i, user] of roles.entries()) {
      expect((await get(user.token)).json<QuietHours>().start).toBe(`0${i}:00`);
    }
    // Someone else's setting is untouched by all of this.
    expect((await get(customer.token)).json<QuietHours>()).toEqual({
      enabled: false,
      start: null,
      end: null,
      timeZone: null,
    });
  });
});

describe('quiet hours: bad input (400 with the field)', () => {
  const cases: [string, unknown, Record<string, string>][] = [
    ['an hour past 23', { ...NIGHT, start: '24:00' }, { start: QuietMsg.time }],
    ['minutes past 59', { ...NIGHT, end: '07:60' }, { end: QuietMsg.time }],
    ['a time without its leading zero', { ...NIGHT, start: '9:00' }, { start: QuietMsg.time }],
    ['a time with seconds', { ...NIGHT, end: '07:00:00' }, { end: QuietMsg.time }],
    ['a time as a number', { ...NIGHT, start: 1320 }, { start: QuietMsg.time }],
    ['the same start and end', { ...NIGHT, start: '08:00' }, { end: QuietMsg.sameStartEnd }],
    ['an unknown zone', { ...NIGHT, timeZone: 'Mars/Olympus_Mons' }, { timeZone: Msg.chooseTimeZone }],
    ['a bare offset', { ...NIGHT, timeZone: '+01:00' }, { timeZone: Msg.chooseTimeZone }],
    ['an empty zone', { ...NIGHT, timeZone: '' }, { timeZone: Msg.chooseTimeZone }],
    ['a zone as a number', { ...NIGHT, timeZone: 1 }, { timeZone: Msg.chooseTimeZone }],
    ['enabled as text', { ...NIGHT, enabled: 'yes' }, { enabled: QuietMsg.enabled }],
    ['enabled missing', { start: '22:00', end: '08:00' }, { enabled: QuietMsg.enabled }],
    [
      'on, with nothing else',
      { enabled: true },
      { start: QuietMsg.time, end: QuietMsg.time, timeZone: Msg.chooseTimeZone },
    ],
  ];

  it.each(cases)('refuses %s', async (_name, body, fields) => {
    expectError(await put(body, customer.token), 400, ErrorCode.VALIDATION, fields);
  });

  it('refuses a body that is no object, and changes nothing on any refusal', async () => {
    expect((await put(NIGHT, customer.token)).statusCode).toBe(200);
    expect((await put([NIGHT], customer.token)).statusCode).toBe(400);
    const text = await t.request({
      method: 'PUT',
      url: URL,
      token: customer.token,
      headers: { 'content-type': 'application/json' },
      payload: '"22:00"',
    });
    expect(text.statusCode, text.body).toBe(400);
    expectError(
      await put({ ...NIGHT, start: '25:00', end: '01:00' }, customer.token),
      400,
      ErrorCode.VALIDATION,
    );
    expect((await get(customer.token)).json<QuietHours>()).toEqual(NIGHT);
  });
});

describe('quiet hours: saving', () => {
  it('saves them, answers them, reads them back, and stores minutes in the zone', async () => {
    const user = await a.userWithRole('customer', 'night-owl');
    expect((await get(user.token)).json<QuietHours>()).toEqual({
      enabled: false,
      start: null,
      end: null,
      timeZone: null,
    });
    const res = await put(
      { enabled: true, start: '22:30', end: '07:15', timeZone: 'Pacific/Auckland' },
      user.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = { enabled: true, start: '22:30', end: '07:15', timeZone: 'Pacific/Auckland' };
    expect(res.json()).toEqual(saved);
    expect((await get(user.token)).json()).toEqual(saved);
    expect(await stored(user.id)).toEqual({
      quiet_start: 1350,
      quiet_end: 435,
      quiet_time_zone: 'Pacific/Auckland',
    });

    // A same-day window and a zone written in another case, as Intl names it.
    const lunch = await put(
      { enabled: true, start: '13:00', end: '14:00', timeZone: 'europe/vienna' },
      user.token,
    );
    expect(lunch.json()).toEqual({ enabled: true, start: '13:00', end: '14:00', timeZone: 'Europe/Vienna' });
  });

  it('turns them off: everything cleared, whatever else was sent', async () => {
    const user = await a.userWithRole('customer', 'early-bird');
    expect((await put(NIGHT, user.token)).statusCode).toBe(200);
    const off = await put({ enabled: false }, user.token);
    expect(off.statusCode, off.body).toBe(200);
    const none = { enabled: false, start: null, end: null, timeZone: null };
    expect(off.json()).toEqual(none);
    expect((await get(user.token)).json()).toEqual(none);
    expect(await stored(user.id)).toEqual({ quiet_start: null, quiet_end: null, quiet_time_zone: null });
    // Off with the old times still in the form: they are not kept.
    expect((await put({ ...NIGHT, enabled: false }, user.token)).json()).toEqual(none);
    expect(await stored(user.id)).toEqual({ quiet_start: null, quiet_end: null, quiet_time_zone: null });
  });
});
