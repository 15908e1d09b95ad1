/**
 * Rich and weekly sends over HTTP: a notification's title, link and buttons reaching a real
 * local push service, the refusals of each, and weekly sends ("every Friday at 17:00 until ...")
 * released by the real scheduler on the business's clock, one occurrence after another. The clock
 * the rules go by (ctx.now) is the test's. Shared setup: tests/support/notifications-api.ts.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
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
import {
  clockAt,
  release,
  resetClockAfterEach,
  scheduledOf,
} from '../../../../tests/support/scheduled-sends';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Post } from '../../../shared/schemas/notification.schema';
import { translationKeyMsg } from '../../../shared/schemas/post-translations';
import { NOTIFICATION_TITLE_MAX } from '../../../shared/schemas/rich-notification';
import { instantToZoned, zonedToInstant } from '../../../shared/zoned-time';

setupNotificationsApp();

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

resetClockAfterEach();

const BOOK = { label: 'Book a table', url: 'https://book.example.com/table?from=push' };
const MENU = { label: 'See the menu', url: 'https://example.com/menu' };

describe('a rich notification', () => {
  it('reaches the phone with its title, link and two buttons, and the post shows them', async () => {
    const { establishment, client } = await business('Rich Bar');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);

    const sent = await sendOk(client, establishment.id, {
      text: 'Happy hour from 17:00',
      post: true,
      title: '  Friday happy hour ',
      link: 'https://richbar.example.com/happy-hour',
      actions: [BOOK, MENU],
    });
    expect(sent).toMatchObject({
      title: 'Friday happy hour',
      link: 'https://richbar.example.com/happy-hour',
      actions: [BOOK, MENU],
    });
    await finished(client, sent.id);
    const [message] = messagesTo(phone);
    expect(message).toMatchObject({
      title: 'Friday happy hour',
      body: 'Happy hour from 17:00',
      url: 'https://richbar.example.com/happy-hour',
      actions: [
        { action: 'a0', title: BOOK.label, url: BOOK.url },
        { action: 'a1', title: MENU.label, url: MENU.url },
      ],
    });
    // The follower's feed shows the same, for the buttons to be links there.
    const [post] = await postsOf(establishment.id, follower);
    expect(post).toMatchObject({ title: 'Friday happy hour', actions: [BOOK, MENU] });
  });

  it("without them is the business's name opening the post, no buttons (an empty title is none)", async () => {
    const { establishment, client } = await business('Plain Pub');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const sent = await sendOk(client, establishment.id, { text: 'Open today', post: true, title: '' });
    expect(sent).toMatchObject({ title: null, link: null, actions: [] });
    await finished(client, sent.id);
    const [message] = messagesTo(phone);
    expect(message?.title).toBe('Plain Pub');
    expect(message?.url).toBe(`/app/establishment/${establishment.id}/notification/${sent.id}`);
    expect(message).not.toHaveProperty('actions');
  });

  it('refuses a title too long, a link or button that is not https, a third button, an empty label', async () => {
    const { establishment, client } = await business('Strict Bistro');
    const refused = async (body: Record<string, unknown>, fields: Record<string, string>) => {
      const res = await send(client, establishment.id, { text: 'Hello', post: true, ...body });
      expectError(res, 400, ErrorCode.VALIDATION, fields);
    };
    await refused(
      { title: 'x'.repeat(NOTIFICATION_TITLE_MAX + 1) },
      { title: `Title must be at most ${NOTIFICATION_TITLE_MAX} characters` },
    );
    await refused({ link: 'http://example.com/menu' }, { link: 'Link must be an https:// address' });
    await refused({ link: 'https://user:pw@example.com/' }, { link: Msg.linkCredentials });
    await refused({ link: 'javascript:alert(1)' }, { link: 'Link must be an https:// address' });
    await refused(
      { link: 'https://example.com/'.padEnd(501, 'x') },
      { link: 'Link must be at most 500 characters' },
    );
    await refused({ actions: [BOOK, MENU, BOOK] }, { actions: 'At most 2 buttons' });
    await refused(
      { actions: [{ label: ' ', url: BOOK.url }] },
      { 'actions.0.label': 'button label is required' },
    );
    await refused(
      { actions: [BOOK, { label: 'Call us', url: 'tel:900 000 000' }] },
      { 'actions.1.url': Msg.buttonPhoneInvalid },
    );
    await refused({ actions: 'Book' }, { actions: 'actions must be a list of buttons' });
    // Nothing was stored.
    expect(await postsOf(establishment.id, client, true)).toEqual([]);
  });

  it('counts the title and buttons in the 4 KB of a push message', async () => {
    const { establishment, client } = await business('Long Lounge');
    // Text that fits alone, pushed over the limit by long button links.
    const text = 'é'.repeat(1500);
    expect((await send(client, establishment.id, { text, post: false })).statusCode).toBe(202);
    const longLink = (n: number) => ({ label: `Link ${n}`, url: `https://example.com/${'a'.repeat(480)}` });
    const res = await send(client, establishment.id, {
      text,
      post: false,
      actions: [longLink(1), longLink(2)],
    });
    expectError(res, 400, ErrorCode.PAYLOAD_TOO_LARGE, { text: Msg.pushTooLarge });
  });
});

describe('a weekly send', () => {
  /** The next `weekday` (1 Monday ... 7 Sunday) at `time` on the zone's clock, at least a day after `from`. */
  function nextWall(from: number, timeZone: string, weekday: number, time: string): number {
    for (let day = 1; day <= 8; day++) {
      const date = instantToZoned(from + day * DAY, timeZone).date;
      const isoWeekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
      if (isoWeekday === weekday) return zonedToInstant({ date, time }, timeZone)!.getTime();
    }
    throw new Error('no such day');
  }

  it('goes out every week at the same time on the business clock until its last date, then stops', async () => {
    const { establishment, client } = await business('Weekly Tavern');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const now = clockAt(Date.now() + 10 * DAY);
    const zone = establishment.timeZone;
    const first = nextWall(now, zone, 5, '17:00');
    const lastDate = instantToZoned(first + 14 * DAY + DAY, zone).date; // three Fridays

    const res = await send(client, establishment.id, {
      text: 'Happy hour from 17:00',
      post: true,
      title: 'Friday happy hour',
      actions: [BOOK],
      scheduledFor: iso(first),
      repeat: { until: lastDate },
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<{ notification: Post; message: string }>();
    expect(body.message).toBe(Msg.weeklySendScheduled);
    expect(body.notification.recurrence).toMatchObject({
      weekday: 5,
      time: '17:00',
      until: lastDate,
      timeZone: zone,
      ended: false,
    });
    // Followers are not told of the rule.
    const sentIds: string[] = [];
    let occurrence = body.notification;
    for (let week = 0; week < 3; week++) {
      const listed = await scheduledOf(establishment.id, client.token);
      expect(listed.map((p) => p.id)).toEqual([occurrence.id]);
      const due = new Date(listed[0]!.scheduledFor!).getTime();
      // Every week at 17:00 on the business's wall clock, whatever the offset that day.
      expect(instantToZoned(due, zone)).toEqual({
        date: instantToZoned(first + week * 7 * DAY, zone).date,
        time: '17:00',
      });
      clockAt(due);
      expect(await release(occurrence.id)).toEqual([occurrence.id]);
      await finished(client, occurrence.id);
      sentIds.push(occurrence.id);
      const next = await scheduledOf(establishment.id, client.token);
      if (week < 2) {
        expect(next).toHaveLength(1);
        expect(next[0]).toMatchObject({
          text: 'Happy hour from 17:00',
          title: 'Friday happy hour',
          actions: [BOOK],
        });
        occurrence = next[0]!;
      } else {
        expect(next).toEqual([]);
      }
    }
    expect(messagesTo(phone).map((m) => [m.title, m.body, m.actions?.[0]?.title])).toEqual([
      ['Friday happy hour', 'Happy hour from 17:00', 'Book a table'],
      ['Friday happy hour', 'Happy hour from 17:00', 'Book a table'],
      ['Friday happy hour', 'Happy hour from 17:00', 'Book a table'],
    ]);
    expect((await postsOf(establishment.id, follower)).map((p) => p.id)).toEqual(sentIds.reverse());
    const detail = await call('GET', `/api/notifications/${sentIds[0]}`, undefined, client.token);
    expect(detail.json<{ post: Post }>().post.recurrence).toMatchObject({ ended: true });
    const seen = await call('GET', `/api/notifications/${sentIds[0]}`, undefined, follower.token);
    expect(seen.json<{ post: Post }>().post.recurrence).toBeNull();
  });

  it('takes an edit of its next occurrence into the ones after it, and stops when that one is cancelled', async () => {
    const { establishment, client } = await business('Edited Inn');
    const now = clockAt(Date.now() + 10 * DAY);
    const first = now + DAY;
    const until = instantToZoned(first + 60 * DAY, establishment.timeZone).date;
    const sent = await sendOk(client, establishment.id, {
      text: 'Quiz night',
      post: true,
      scheduledFor: iso(first),
      repeat: { until },
    });
    const edit = await call(
      'PATCH',
      `/api/notifications/${sent.id}`,
      { text: 'Quiz night, new host' },
      client.token,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    clockAt(first);
    expect(await release(sent.id)).toEqual([sent.id]);
    const [next] = await scheduledOf(establishment.id, client.token);
    expect(next).toMatchObject({ text: 'Quiz night, new host' });
    expect(new Date(next!.scheduledFor!).getTime() - first).toBeGreaterThanOrEqual(7 * DAY - 3600_000);

    const cancelled = await call('DELETE', `/api/notifications/${next!.id}`, undefined, client.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ message: Msg.weeklySendCancelled });
    expect(await scheduledOf(establishment.id, client.token)).toEqual([]);
    clockAt(first + 8 * DAY);
    expect(await release(next!.id)).toEqual([]);
    const detail = await call('GET', `/api/notifications/${sent.id}`, undefined, client.token);
    expect(detail.json<{ post: Post }>().post.recurrence).toMatchObject({ ended: true });
  });

  it('refuses a rule that never fires, fires in the past, has no first time or no weekday', async () => {
    const { establishment, client } = await business('Refused Rathskeller');
    const now = clockAt(Date.now() + 10 * DAY);
    const zone = establishment.timeZone;
    const first = now + 2 * DAY;
    const refused = async (body: Record<string, unknown>, fields: Record<string, string>) => {
      const res = await send(client, establishment.id, { text: 'Weekly', post: true, ...body });
      expectError(res, 400, ErrorCode.VALIDATION, fields);
    };
    const day = (ms: number) => instantToZoned(ms, zone).date;
    await refused({ repeat: { until: day(first + 30 * DAY) } }, { scheduledFor: Msg.repeatNeedsFirst });
    await refused(
      { scheduledFor: iso(first), repeat: { until: day(first - DAY) } },
      { 'repeat.until': Msg.repeatNeverFires },
    );
    await refused(
      { scheduledFor: iso(now - MINUTE), repeat: { until: day(first + 30 * DAY) } },
      { scheduledFor: Msg.scheduleTooSoon },
    );
    await refused(
      { scheduledFor: iso(first), repeat: { weekdays: [] } },
      { 'repeat.weekdays': Msg.repeatWeekdaysRequired },
    );
    await refused(
      { scheduledFor: iso(first), repeat: { weekdays: [0, 8] } },
      { 'repeat.weekdays.0': Msg.repeatWeekdaysInvalid },
    );
    await refused(
      { scheduledFor: iso(first), repeat: { until: 'next friday' } },
      { 'repeat.until': Msg.repeatUntilInvalid },
    );
    await refused(
      { scheduledFor: iso(first), repeat: { until: '2027-02-30' } },
      { 'repeat.until': Msg.repeatUntilInvalid },
    );
    expect(await scheduledOf(establishment.id, client.token)).toEqual([]);
  });
});

describe('one post in several languages', () => {
  it("reaches each follower's phone in their language, else in the main text, and the feed carries both", async () => {
    const { establishment, client } = await business('Polyglot Pub');
    const bernd = await a.followerOf(establishment.id, 'bernd');
    const anna = await a.followerOf(establishment.id, 'anna');
    const eva = await a.followerOf(establishment.id, 'eva');
    await t.ctx.database.sql.executeSql('UPDATE users SET language = $1 WHERE id = $2', ['de', bernd.id]);
    await t.ctx.database.sql.executeSql('UPDATE users SET language = $1 WHERE id = $2', ['hu', eva.id]);
    const [berndPhone, annaPhone, evaPhone] = [await device(bernd), await device(anna), await device(eva)];

    const sent = await sendOk(client, establishment.id, {
      text: 'Happy hour from 17:00',
      post: true,
      title: 'Friday',
      translations: { de: 'Happy Hour ab 17 Uhr', sk: '  ', hu: '' },
    });
    // Empty ones are no translation: those readers get the main text.
    expect(sent.translations).toEqual({ de: 'Happy Hour ab 17 Uhr' });
    await finished(client, sent.id);
    expect(messagesTo(berndPhone).map((m) => [m.title, m.body])).toEqual([
      ['Friday', 'Happy Hour ab 17 Uhr'],
    ]);
    expect(messagesTo(annaPhone).map((m) => m.body)).toEqual(['Happy hour from 17:00']);
    expect(messagesTo(evaPhone).map((m) => m.body)).toEqual(['Happy hour from 17:00']);
    const [post] = await postsOf(establishment.id, bernd);
    expect(post).toMatchObject({
      text: 'Happy hour from 17:00',
      translations: { de: 'Happy Hour ab 17 Uhr' },
    });

    // "Update on phones" keeps each device's language.
    const edit = await call(
      'PATCH',
      `/api/notifications/${sent.id}`,
      { text: 'Happy hour from 18:00', updatePhones: true },
      client.token,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await expect.poll(() => messagesTo(annaPhone).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => messagesTo(berndPhone).length, { timeout: 10_000 }).toBe(2);
    expect(messagesTo(annaPhone)[1]).toMatchObject({ body: 'Happy hour from 18:00', updated: true });
    expect(messagesTo(berndPhone)[1]).toMatchObject({ body: 'Happy Hour ab 17 Uhr', updated: true });
  });

  it('refuses an unknown language, a translation too long or too big for a push', async () => {
    const { establishment, client } = await business('Babel Bar');
    const refused = async (
      translations: unknown,
      fields: Record<string, string>,
      code: string = ErrorCode.VALIDATION,
    ) => {
      const res = await send(client, establishment.id, { text: 'Hello', post: true, translations });
      expectError(res, 400, code, fields);
    };
    await refused({ xx: 'Hallo' }, { 'translations.xx': translationKeyMsg });
    await refused({ de: 'x'.repeat(2001) }, { 'translations.de': 'Text must be at most 2000 characters' });
    await refused({ de: 7 }, { 'translations.de': 'A translation must be text' });
    await refused(
      { cz: '€'.repeat(1400) },
      { 'translations.cz': Msg.pushTooLarge },
      ErrorCode.PAYLOAD_TOO_LARGE,
    );
    expect(await postsOf(establishment.id, client, true)).toEqual([]);
  });
});
