/**
 * Automations over HTTP and through the real daily run, job queue and local push service: who may
 * read and set them, bad input refused by field with nothing saved, and each kind reaching the
 * followers its rule picks on the business's day (ctx.now is the test's clock), once per occurrence.
 */
import { describe, expect, it } from 'vitest';
import {
  arrives,
  automated,
  automationsOf,
  listOk,
  runDay,
  runTimeIn,
  save,
  sendsDone,
  turnOn,
  ZONE,
} from '../../../../tests/support/automations-api';
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
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import { clockAt, resetClockAfterEach } from '../../../../tests/support/scheduled-sends';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Dashboard } from '../../../shared/schemas/report.schema';
import { instantToZoned, zonedToInstant } from '../../../shared/zoned-time';
import { runDueAutomations } from './automation-run';

setupNotificationsApp();
resetClockAfterEach();

describe('who may read and set automations', () => {
  it('its senders and an admin; a follower, another business and nobody signed in are refused', async () => {
    const { establishment, client } = await business('Rule Room');
    const other = await business('Other Room');
    const follower = await a.followerOf(establishment.id);
    const list = await listOk(establishment.id, client.token);
    expect(list.map((x) => [x.kind, x.enabled, x.days, x.text])).toEqual([
      ['followUp', false, 3, ''],
      ['winBack', false, 30, ''],
      ['anniversary', false, null, ''],
      ['birthday', false, 7, ''],
    ]);
    expect(list[0]!.weeks).toHaveLength(8);
    expect((await automationsOf(establishment.id)).statusCode).toBe(401);
    expectError(await automationsOf(establishment.id, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(await automationsOf(establishment.id, other.client.token), 403, ErrorCode.FORBIDDEN);
    expectError(
      await save(establishment.id, 'winBack', { enabled: true, text: 'x' }, other.client.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(
      await automationsOf('00000000-0000-4000-8000-000000000000', admin.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect(
      (await save(establishment.id, 'someday', { enabled: true, text: 'x' }, client.token)).statusCode,
    ).toBe(400);
    await turnOn(establishment.id, 'anniversary', admin.token);
    // An admin acts for the business: the audit log says which automation, not its text.
    const log = await call('GET', '/api/management/audit-log?limit=1', undefined, admin.token);
    expect(log.json<{ items: unknown[] }>().items[0]).toMatchObject({
      action: 'establishment.update',
      targetEstablishmentId: establishment.id,
      detail: { changed: ['automation.anniversary'], enabled: true },
    });
    expect((await listOk(establishment.id, client.token))[2]).toMatchObject({
      enabled: true,
      text: 'anniversary from us',
    });
  });

  it('refuses days out of bounds, a fraction, empty and huge text by field, and keeps what was saved', async () => {
    const { establishment, client } = await business('Bounds Bar');
    await turnOn(establishment.id, 'followUp', client.token, { days: 5 });
    const refused: [string, unknown, string, string][] = [
      ['followUp', { enabled: true, text: 'hi', days: 0 }, 'days', Msg.automationFollowUpDays],
      ['followUp', { enabled: true, text: 'hi', days: 61 }, 'days', Msg.automationFollowUpDays],
      ['winBack', { enabled: true, text: 'hi', days: 13 }, 'days', Msg.automationWinBackDays],
      ['winBack', { enabled: true, text: 'hi', days: 2.5 }, 'days', Msg.automationDaysNumber],
      ['winBack', { enabled: true, text: 'hi', days: '30' }, 'days', Msg.automationDaysNumber],
      ['followUp', { enabled: true, text: '   ', days: 5 }, 'text', 'message is required'],
      [
        'followUp',
        { enabled: true, text: 'x'.repeat(301) },
        'text',
        'Message must be at most 300 characters',
      ],
    ];
    for (const [kind, body, field, message] of refused) {
      const res = await save(establishment.id, kind, body, client.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    }
    const [followUp, winBack] = await listOk(establishment.id, client.token);
    expect(followUp).toMatchObject({ enabled: true, days: 5, text: 'followUp from us' });
    expect(winBack).toMatchObject({ enabled: false, text: '' });
  });
});

describe('the daily run', () => {
  it('sends the follow-up N days after the follow, once, to the follower alone and in no feed', async () => {
    const { establishment, client } = await business('Follow Up Café');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    await turnOn(establishment.id, 'followUp', client.token, { days: 3, translations: { de: 'Hallo' } });

    clockAt(runTimeIn(2));
    expect((await listOk(establishment.id, client.token))[0]!.reachToday).toBe(0);
    expect(await runDay(establishment.id)).toEqual({});

    clockAt(runTimeIn(3));
    expect((await listOk(establishment.id, client.token))[0]!.reachToday).toBe(1);
    expect(await runDay(establishment.id)).toEqual({ followUp: 1 });
    const [message] = await arrives(phone);
    expect(message).toMatchObject({
      kind: 'automation',
      body: 'followUp from us',
      url: `/app/establishment/${establishment.id}`,
    });
    // The day is run: a second run (another worker, a restart) sends nothing.
    expect(await runDay(establishment.id)).toBeNull();
    await sendsDone();
    // Once ever: the next day picks nobody.
    clockAt(runTimeIn(4));
    expect(await runDay(establishment.id)).toEqual({});
    expect(automated(phone)).toHaveLength(1);
    const [followUp] = await listOk(establishment.id, client.token);
    expect(followUp!.reachToday).toBe(0);
    expect(followUp!.weeks.reduce((sum, w) => sum + w.sent, 0)).toBe(1);
    // Personal: not in the business's feed, for its follower or its operators.
    expect(await postsOf(establishment.id, follower)).toEqual([]);
    expect(await postsOf(establishment.id, client, true)).toEqual([]);
    // Opened; the reports count it apart from the business's own sends (today, at the wall clock).
    const click = await call('POST', `/api/notifications/${message!.id}/events`, {
      type: 'clicked',
      receipt: message!.receipt,
    });
    expect(click.statusCode, click.body).toBe(204);
    clockAt(Date.now());
    const report = await call(
      'GET',
      `/api/reports/dashboard?establishmentId=${establishment.id}`,
      undefined,
      client.token,
    );
    expect(report.json<Dashboard>().periods.today.figures).toMatchObject({
      automated: 1,
      automatedClicks: 1,
      notificationsSent: 0,
      devices: 0,
      clicks: 0,
    });
  });

  it('wins back a quiet follower, not one who clicked or came back, and not again within 90 days', async () => {
    const { establishment, client } = await business('Win Back Wine Bar');
    const quiet = await a.followerOf(establishment.id, 'quiet');
    const visitor = await a.followerOf(establishment.id, 'visitor');
    const clicker = await a.followerOf(establishment.id, 'clicker');
    const quietPhone = await device(quiet);
    const visitorPhone = await device(visitor);
    const clickerPhone = await device(clicker);
    // They followed 40 days ago.
    await t.ctx.database.sql.executeSql(
      `UPDATE memberships SET created_at = now() - interval '40 days' WHERE establishment_id = $1`,
      [establishment.id],
    );
    await turnOn(establishment.id, 'winBack', client.token, { days: 30 });
    // Today the clicker clicks the business's send and the visitor opens its page.
    const post = await sendOk(client, establishment.id, { text: 'Quiz tonight', post: false });
    await finished(client, post.id);
    const [sent] = messagesTo(clickerPhone);
    const click = await call('POST', `/api/notifications/${post.id}/events`, {
      type: 'clicked',
      receipt: sent!.receipt,
    });
    expect(click.statusCode, click.body).toBe(204);
    await postsOf(establishment.id, visitor);

    clockAt(runTimeIn(0));
    expect((await listOk(establishment.id, client.token))[1]!.reachToday).toBe(1);
    expect(await runDay(establishment.id)).toEqual({ winBack: 1 });
    const [message] = await arrives(quietPhone);
    expect(message).toMatchObject({ kind: 'automation', body: 'winBack from us' });
    await sendsDone();
    expect([automated(visitorPhone), automated(clickerPhone)]).toEqual([[], []]);

    // Sixty days on the other two have been quiet for 30 days; the first had one 60 days ago.
    clockAt(runTimeIn(60));
    expect(await runDay(establishment.id)).toEqual({ winBack: 2 });
    // 91 days on, the first is due again; the other two got theirs 31 days ago.
    clockAt(runTimeIn(91));
    expect(await runDay(establishment.id)).toEqual({ winBack: 1 });
    await sendsDone();
    expect([quietPhone, visitorPhone, clickerPhone].map((p) => automated(p).length)).toEqual([2, 1, 1]);
  });

  it('sends the anniversary on the day a year on, by the run of every due business', async () => {
    const { establishment, client } = await business('Anniversary Arms');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    await turnOn(establishment.id, 'anniversary', client.token);
    const aYearOn = instantToZoned(Date.now(), ZONE).date.replace(/^\d{4}/, (y) => String(Number(y) + 1));
    const at = zonedToInstant({ date: aYearOn, time: '09:30' }, ZONE)!.getTime();
    clockAt(at);
    // Before the run hour nothing is due.
    expect((await runDueAutomations(t.ctx, new Date(at))).has(establishment.id)).toBe(false);
    clockAt(at + 3600_000);
    const ran = await runDueAutomations(t.ctx, new Date(at + 3600_000));
    expect(ran.get(establishment.id)).toEqual({ anniversary: 1 });
    expect((await arrives(phone))[0]!.body).toBe('anniversary from us');
  });

  it('two runs of one day at once send once', async () => {
    const { establishment, client } = await business('Twice Tavern');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    await turnOn(establishment.id, 'followUp', client.token, { days: 1 });
    clockAt(runTimeIn(1));
    const results = await Promise.all([runDay(establishment.id), runDay(establishment.id)]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    await sendsDone();
    expect(automated(phone)).toHaveLength(1);
  });

  it("phones only emails nobody; the followers' choice emails those who take email", async () => {
    const phonesOnly = await business('Phones Only Pub');
    const choice = await business('Choice Café');
    const lena = await a.followerOf(phonesOnly.establishment.id, 'lena');
    await a.follow(lena, choice.establishment.id);
    for (const { establishment } of [phonesOnly, choice]) {
      const chose = await call(
        'PUT',
        `/api/establishments/${establishment.id}/notify`,
        { notify: 'email', marketingConsent: true },
        lena.token,
      );
      expect(chose.statusCode, chose.body).toBe(200);
    }
    await turnOn(phonesOnly.establishment.id, 'followUp', phonesOnly.client.token, {
      days: 1,
      channels: 'push',
    });
    await turnOn(choice.establishment.id, 'followUp', choice.client.token, { days: 1, text: 'By email too' });
    expect((await listOk(phonesOnly.establishment.id, phonesOnly.client.token))[0]!.channels).toBe('push');
    clockAt(runTimeIn(1));
    await runDay(phonesOnly.establishment.id);
    await runDay(choice.establishment.id);
    expect((await t.mail.waitFor(lena.email)).text).toContain('By email too');
    await sendsDone();
    expect(t.mail.received.filter((m) => m.to.includes(lena.email))).toHaveLength(1);
  });
});
