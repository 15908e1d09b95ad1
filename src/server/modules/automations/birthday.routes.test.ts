/**
 * Birthdays: a follower gives a day and month by choice (with consent), changes or deletes it
 * (PUT/DELETE /api/account/birthday), and the business's birthday automation reaches them N days
 * before it on the business's day, once a year; 29 February falls on the 28th in other years.
 */
import { describe, expect, it } from 'vitest';
import {
  arrives,
  automated,
  runDay,
  runTimeIn,
  sendsDone,
  turnOn,
  ZONE,
} from '../../../../tests/support/automations-api';
import {
  a,
  business,
  call,
  device,
  setupNotificationsApp,
} from '../../../../tests/support/notifications-api';
import { clockAt, resetClockAfterEach } from '../../../../tests/support/scheduled-sends';
import { Msg } from '../../../shared/messages';
import type { Birthday } from '../../../shared/schemas/birthday.schema';
import { instantToZoned, zonedToInstant } from '../../../shared/zoned-time';

setupNotificationsApp();
resetClockAfterEach();

const PATH = '/api/account/birthday';
const setBirthday = (token: string, body: unknown) => call('PUT', PATH, body, token);

async function gives(token: string, month: number, day: number) {
  const res = await setBirthday(token, { month, day, consent: true });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ message: string }>().message).toBe(Msg.birthdaySaved);
}

describe('a birthday in the account', () => {
  it('is given with consent, read back, changed and deleted; nobody signed in is refused', async () => {
    const { establishment } = await business('Cake Corner');
    const follower = await a.followerOf(establishment.id);
    expect((await call('GET', PATH)).statusCode).toBe(401);
    expect((await call('GET', PATH, undefined, follower.token)).json<Birthday>()).toEqual({ birthday: null });
    await gives(follower.token, 2, 29);
    const read = (await call('GET', PATH, undefined, follower.token)).json<Birthday>().birthday!;
    expect(read).toMatchObject({ month: 2, day: 29 });
    // Changed: the consent's moment stays the first one.
    await gives(follower.token, 7, 14);
    expect((await call('GET', PATH, undefined, follower.token)).json<Birthday>().birthday).toEqual({
      month: 7,
      day: 14,
      consentAt: read.consentAt,
    });
    const deleted = await call('DELETE', PATH, undefined, follower.token);
    expect(deleted.json()).toEqual({ birthday: null, message: Msg.birthdayDeleted });
    expect((await call('GET', PATH, undefined, follower.token)).json<Birthday>()).toEqual({ birthday: null });
  });

  it('refuses an impossible date and a missing consent by field, keeping what was saved', async () => {
    const { establishment } = await business('Bad Date Bakery');
    const follower = await a.followerOf(establishment.id);
    await gives(follower.token, 5, 1);
    const refused: [unknown, string, string][] = [
      [{ month: 2, day: 30, consent: true }, 'day', Msg.birthdayInvalid],
      [{ month: 4, day: 31, consent: true }, 'day', Msg.birthdayInvalid],
      [{ month: 13, day: 1, consent: true }, 'month', Msg.birthdayInvalid],
      [{ month: 0, day: 1, consent: true }, 'month', Msg.birthdayInvalid],
      [{ month: 6, day: '5', consent: true }, 'day', Msg.birthdayInvalid],
      [{ month: 6, day: 1.5, consent: true }, 'day', Msg.birthdayInvalid],
      [{ month: 6, day: 5 }, 'consent', Msg.birthdayConsentRequired],
      [{ month: 6, day: 5, consent: false }, 'consent', Msg.birthdayConsentRequired],
    ];
    for (const [body, field, message] of refused) {
      const res = await setBirthday(follower.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields[field], JSON.stringify(body)).toBe(
        message,
      );
    }
    expect((await call('GET', PATH, undefined, follower.token)).json<Birthday>().birthday).toMatchObject({
      month: 5,
      day: 1,
    });
  });
});

describe('the birthday automation', () => {
  it('reaches a follower who gave their birthday N days before it, once; not one who deleted it', async () => {
    const { establishment, client } = await business('Birthday Bistro');
    const [giver, deleter, silent] = [
      await a.followerOf(establishment.id, 'giver'),
      await a.followerOf(establishment.id, 'deleter'),
      await a.followerOf(establishment.id, 'silent'),
    ];
    const phones = [await device(giver), await device(deleter), await device(silent)];
    const birthday = instantToZoned(Date.now() + 10 * 24 * 3600_000, ZONE).date;
    const [, month, day] = birthday.split('-').map(Number);
    await gives(giver.token, month!, day!);
    await gives(deleter.token, month!, day!);
    expect((await call('DELETE', PATH, undefined, deleter.token)).statusCode).toBe(200);
    await turnOn(establishment.id, 'birthday', client.token, { days: 7 });

    clockAt(runTimeIn(2));
    expect(await runDay(establishment.id)).toEqual({});
    clockAt(runTimeIn(3));
    expect(await runDay(establishment.id)).toEqual({ birthday: 1 });
    expect((await arrives(phones[0]!))[0]!.body).toBe('birthday from us');
    clockAt(runTimeIn(4));
    expect(await runDay(establishment.id)).toEqual({});
    await sendsDone();
    expect(phones.map((p) => automated(p).length)).toEqual([1, 0, 0]);
  });

  it('wishes a 29 February birthday on the 28th in a year without the 29th, and on the 29th in a leap year', async () => {
    const { establishment, client } = await business('Leap Lounge');
    const follower = await a.followerOf(establishment.id);
    await gives(follower.token, 2, 29);
    await turnOn(establishment.id, 'birthday', client.token, { days: 0 });
    const at = (date: string) => clockAt(zonedToInstant({ date, time: '10:30' }, ZONE)!.getTime());
    const ranOn = async (date: string) => {
      at(date);
      return runDay(establishment.id);
    };
    expect(await ranOn('2027-02-27')).toEqual({});
    expect(await ranOn('2027-02-28')).toEqual({ birthday: 1 });
    expect(await ranOn('2028-02-28')).toEqual({});
    expect(await ranOn('2028-02-29')).toEqual({ birthday: 1 });
  });
});
