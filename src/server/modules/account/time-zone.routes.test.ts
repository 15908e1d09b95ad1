/**
 * A follower's own time zone: what their device reports (X-Time-Zone) at sign-in, follow and push
 * subscribe, or what they choose in their account (GET/PUT /api/account/time-zone), kept then
 * whatever the device says until they let it follow the device again.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  business,
  call,
  push,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import { ErrorCode } from '../../../shared/error-codes';
import { Msg } from '../../../shared/messages';
import type { AccountTimeZone } from '../../../shared/schemas/time-zone.schema';

setupNotificationsApp();

const PATH = '/api/account/time-zone';

/** A call as the web app makes it: its device's zone in the header. */
const fromDevice = (
  zone: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token?: string,
  payload?: object,
) =>
  t.request({
    method,
    url,
    headers: { 'x-time-zone': zone },
    ...(token ? { token } : {}),
    ...(payload ? { payload } : {}),
  });

async function zoneOf(token: string): Promise<AccountTimeZone> {
  const res = await call('GET', PATH, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ timeZone: AccountTimeZone }>().timeZone;
}

describe("a follower's time zone", () => {
  it('follows the device at sign-in, follow and subscribe; nobody signed in is refused', async () => {
    const { establishment } = await business('Zone Diner');
    const other = await business('Zone Bakery');
    const follower = await a.followerOf(establishment.id, 'zoned');
    expect((await call('GET', PATH)).statusCode).toBe(401);
    expect(await zoneOf(follower.token)).toEqual({ timeZone: null, chosen: false });

    const signedIn = await fromDevice('Asia/Tokyo', 'POST', '/api/account/login', undefined, {
      email: follower.email,
      password: PASSWORD,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await zoneOf(follower.token)).toEqual({ timeZone: 'Asia/Tokyo', chosen: false });

    const followed = await fromDevice(
      'Europe/Lisbon',
      'POST',
      `/api/establishments/${other.establishment.id}/follow`,
      follower.token,
    );
    expect(followed.statusCode, followed.body).toBe(200);
    expect(await zoneOf(follower.token)).toEqual({ timeZone: 'Europe/Lisbon', chosen: false });

    const subscribed = await fromDevice(
      'America/Denver',
      'POST',
      '/notifications/subscribe',
      follower.token,
      push.subscribe(),
    );
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    expect(await zoneOf(follower.token)).toEqual({ timeZone: 'America/Denver', chosen: false });

    // A header that names no zone (or a bare offset) is a hint ignored: the call itself succeeds.
    const odd = await fromDevice(
      '+02:00',
      'POST',
      `/api/establishments/${establishment.id}/follow`,
      follower.token,
    );
    expect(odd.statusCode, odd.body).toBe(200);
    expect(await zoneOf(follower.token)).toEqual({ timeZone: 'America/Denver', chosen: false });
  });

  it('follows the device of a one-tap guest follow', async () => {
    const { establishment } = await business('Zone Tap Bar');
    const res = await t.request({
      method: 'POST',
      url: '/api/account/guest',
      headers: { 'x-time-zone': 'America/Sao_Paulo' },
      payload: {
        establishmentId: establishment.publicId,
        subscription: push.subscribe(),
        source: 'qr',
        language: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const guest = res.json<{ accessToken: string }>();
    expect(await zoneOf(guest.accessToken)).toEqual({ timeZone: 'America/Sao_Paulo', chosen: false });
  });

  it('is chosen in the account and kept whatever the device says, until it follows the device again', async () => {
    const { establishment } = await business('Zone Pub');
    const follower = await a.followerOf(establishment.id, 'chooser');
    const chosen = await fromDevice('Europe/Paris', 'PUT', PATH, follower.token, {
      timeZone: 'america/new_york',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({
      timeZone: { timeZone: 'America/New_York', chosen: true },
      message: Msg.timeZoneSaved,
    });
    await fromDevice(
      'Europe/Paris',
      'POST',
      `/api/establishments/${establishment.id}/follow`,
      follower.token,
    );
    expect(await zoneOf(follower.token)).toEqual({ timeZone: 'America/New_York', chosen: true });

    const device = await fromDevice('Europe/Vienna', 'PUT', PATH, follower.token, { timeZone: null });
    expect(device.json()).toEqual({
      timeZone: { timeZone: 'Europe/Vienna', chosen: false },
      message: Msg.timeZoneFollowsDevice,
    });
  });

  it('refuses a zone that is none, beside the field, and keeps what was saved', async () => {
    const { establishment } = await business('Zone Cafe');
    const follower = await a.followerOf(establishment.id, 'wrong-zone');
    await call('PUT', PATH, { timeZone: 'Europe/Bratislava' }, follower.token);
    for (const timeZone of ['Mars/Olympus_Mons', '+01:00', '', 'x'.repeat(5000), 42, ['UTC']]) {
      const res = await call('PUT', PATH, { timeZone }, follower.token);
      expectError(res, 400, ErrorCode.VALIDATION, { timeZone: Msg.chooseTimeZone });
    }
    expectError(await call('PUT', PATH, {}, follower.token), 400, ErrorCode.VALIDATION, {
      timeZone: Msg.chooseTimeZone,
    });
    expect(await zoneOf(follower.token)).toEqual({ timeZone: 'Europe/Bratislava', chosen: true });
  });
});
