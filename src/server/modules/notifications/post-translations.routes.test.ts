/**
 * One post in several languages, title and buttons included, through HTTP and the real pipeline:
 * each follower gets their language's text, title and button labels, piece by piece (a piece not
 * translated is the main one), on the phone (a local push service), in the feed and by email (a real
 * SMTP sink); English is a translation like any other, for a post written in another language; what
 * translates nothing the send has, or is too long, is refused on its field.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
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
import { instantToZoned } from '../../../shared/zoned-time';

setupNotificationsApp();
resetClockAfterEach();

const DAY = 24 * 3600_000;

const BOOK = { label: 'Rezervovať stôl', url: 'https://piano.example.com/book' };
const MENU = { label: 'Menu', url: 'https://piano.example.com/menu' };

async function speaks(user: Session, language: string) {
  await t.ctx.database.sql.executeSql('UPDATE users SET language = $1 WHERE id = $2', [language, user.id]);
}

/** This follower takes the business's news by email (with their consent), and by phone too when `both`. */
async function byEmail(user: Session, establishmentId: string, notify: 'email' | 'both') {
  const res = await call(
    'PUT',
    `/api/establishments/${establishmentId}/notify`,
    { notify, marketingConsent: true },
    user.token,
  );
  expect(res.statusCode, res.body).toBe(200);
}

const mailsTo = (user: Session) => t.mail.received.filter((m) => m.to.includes(user.email.toLowerCase()));

describe('a post with its title and buttons translated', () => {
  it('reaches each follower in their language, piece by piece: push, feed and email', async () => {
    const { establishment, client } = await business('Piano Bar');
    // The post is written in Slovak; English is one of its translations.
    const karol = await a.followerOf(establishment.id, 'karol');
    const anna = await a.followerOf(establishment.id, 'anna');
    const bernd = await a.followerOf(establishment.id, 'bernd');
    const eva = await a.followerOf(establishment.id, 'eva');
    await speaks(karol, 'sk');
    await speaks(bernd, 'de');
    await speaks(eva, 'hu');
    await byEmail(bernd, establishment.id, 'both');
    await byEmail(eva, establishment.id, 'email');
    const [karolPhone, annaPhone, berndPhone] = [
      await device(karol),
      await device(anna),
      await device(bernd),
    ];

    const sent = await sendOk(client, establishment.id, {
      text: 'Happy hour od 17:00',
      post: true,
      title: 'Piatok',
      actions: [BOOK, MENU],
      translations: { en: 'Happy hour from 17:00', de: 'Happy Hour ab 17 Uhr' },
      richTranslations: {
        en: { title: 'Friday', actions: ['Book a table', ''] },
        de: { title: ' Freitag ', actions: ['Tisch buchen', 'Speisekarte'] },
        hu: { title: '', actions: ['', 'Étlap'] },
        no: { title: '  ', actions: ['', ''] },
      },
    });
    // Stored as sent, less what is empty: an empty label keeps its place before a filled one.
    expect(sent.richTranslations).toEqual({
      en: { title: 'Friday', actions: ['Book a table'] },
      de: { title: 'Freitag', actions: ['Tisch buchen', 'Speisekarte'] },
      hu: { actions: ['', 'Étlap'] },
    });
    await finished(client, sent.id);

    const pushed = (phone: Parameters<typeof messagesTo>[0]) =>
      messagesTo(phone).map((m) => [m.title, m.body, m.actions?.map((action) => [action.title, action.url])]);
    expect(pushed(karolPhone)).toEqual([
      [
        'Piatok',
        'Happy hour od 17:00',
        [
          [BOOK.label, BOOK.url],
          [MENU.label, MENU.url],
        ],
      ],
    ]);
    expect(pushed(annaPhone)).toEqual([
      [
        'Friday',
        'Happy hour from 17:00',
        [
          ['Book a table', BOOK.url],
          [MENU.label, MENU.url],
        ],
      ],
    ]);
    expect(pushed(berndPhone)).toEqual([
      [
        'Freitag',
        'Happy Hour ab 17 Uhr',
        [
          ['Tisch buchen', BOOK.url],
          ['Speisekarte', MENU.url],
        ],
      ],
    ]);

    // The emails: the German follower's all in German, the Hungarian's with the one label translated.
    await expect.poll(() => mailsTo(bernd).length + mailsTo(eva).length, { timeout: 10_000 }).toBe(2);
    const [toBernd] = mailsTo(bernd);
    expect(toBernd!.subject).toBe('Freitag');
    expect(toBernd!.text).toContain('Happy Hour ab 17 Uhr');
    expect(toBernd!.text).toMatch(/^Tisch buchen: /m);
    expect(toBernd!.text).toMatch(/^Speisekarte: /m);
    expect(toBernd!.html).toContain('>Tisch buchen</a>');
    const [toEva] = mailsTo(eva);
    expect(toEva!.subject).toBe('Piatok');
    expect(toEva!.text).toContain('Happy hour od 17:00');
    expect(toEva!.text).toMatch(/^Rezervovať stôl: /m);
    expect(toEva!.text).toMatch(/^Étlap: /m);
    expect(toEva!.text).not.toMatch(/^Menu: /m);

    // The feed carries every language; the app shows the reader's.
    const [post] = await postsOf(establishment.id, eva);
    expect(post).toMatchObject({
      title: 'Piatok',
      actions: [BOOK, MENU],
      translations: { en: 'Happy hour from 17:00', de: 'Happy Hour ab 17 Uhr' },
      richTranslations: sent.richTranslations,
    });
    const social = await call('GET', '/api/feed', undefined, bernd.token);
    expect(social.json<{ items: Post[] }>().items[0]?.richTranslations).toEqual(sent.richTranslations);

    // "Update on phones" keeps each device's language, title and buttons included.
    const edit = await call(
      'PATCH',
      `/api/notifications/${sent.id}`,
      { text: 'Happy hour od 18:00', updatePhones: true },
      client.token,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await expect.poll(() => messagesTo(berndPhone).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => messagesTo(karolPhone).length, { timeout: 10_000 }).toBe(2);
    expect(messagesTo(berndPhone)[1]).toMatchObject({ title: 'Freitag', body: 'Happy Hour ab 17 Uhr' });
    expect(messagesTo(karolPhone)[1]).toMatchObject({ title: 'Piatok', body: 'Happy hour od 18:00' });
  });

  it('keeps its translations in a draft, and in each occurrence of a weekly send', async () => {
    const { establishment, client } = await business('Draft Piano');
    const content = {
      text: 'Kvíz',
      title: 'Utorok',
      actions: [BOOK],
      translations: { en: 'Quiz' },
      richTranslations: { en: { title: 'Tuesday', actions: ['Book'] } },
    };
    const draft = await call(
      'POST',
      `/api/establishments/${establishment.id}/drafts`,
      { kind: 'template', name: 'Quiz', content },
      client.token,
    );
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json<{ draft: { content: unknown } }>().draft.content).toMatchObject(content);

    const now = clockAt(Date.now() + 10 * DAY);
    const first = now + DAY;
    const weekly = await sendOk(client, establishment.id, {
      ...content,
      post: true,
      scheduledFor: new Date(first).toISOString(),
      repeat: { until: instantToZoned(first + 30 * DAY, establishment.timeZone).date },
    });
    clockAt(first);
    expect(await release(weekly.id)).toEqual([weekly.id]);
    const [next] = await scheduledOf(establishment.id, client.token);
    expect(next).toMatchObject({
      translations: content.translations,
      richTranslations: content.richTranslations,
    });
  });
});

describe('translations refused', () => {
  it('of a title the send has not, of a button it has not, too long, or in no interface language', async () => {
    const { establishment, client } = await business('Strict Piano');
    const refused = async (
      body: Record<string, unknown>,
      fields: Record<string, string>,
      code: string = ErrorCode.VALIDATION,
    ) => {
      const res = await send(client, establishment.id, { text: 'Ahoj', post: true, ...body });
      expectError(res, 400, code, fields);
    };
    await refused(
      { richTranslations: { de: { title: 'Hallo' } } },
      { 'richTranslations.de.title': Msg.noTitleToTranslate },
    );
    await refused(
      { actions: [BOOK], richTranslations: { de: { actions: ['Buchen', 'Speisekarte'] } } },
      { 'richTranslations.de.actions.1': Msg.noButtonToTranslate },
    );
    await refused(
      { actions: [BOOK], richTranslations: { en: { actions: ['', '', 'x'] } } },
      { 'richTranslations.en.actions': 'At most 2 buttons' },
    );
    await refused(
      { actions: [BOOK], richTranslations: { en: { actions: ['', 'Menu'] } } },
      { 'richTranslations.en.actions.1': Msg.noButtonToTranslate },
    );
    await refused(
      { title: 'Piatok', richTranslations: { de: { title: 'x'.repeat(61) } } },
      { 'richTranslations.de.title': 'Title must be at most 60 characters' },
    );
    await refused(
      { actions: [BOOK], richTranslations: { de: { actions: ['x'.repeat(26)] } } },
      { 'richTranslations.de.actions.0': 'Button label must be at most 25 characters' },
    );
    await refused(
      { richTranslations: { xx: { title: 'Hi' } } },
      { 'richTranslations.xx': translationKeyMsg },
    );
    const notObject = 'A translation of the title and buttons must be an object with title and actions';
    await refused(
      { richTranslations: { en: 'Hi', de: { subtitle: 'x' } } },
      { 'richTranslations.en': notObject, 'richTranslations.de': notObject },
    );
    await refused(
      { actions: [BOOK], richTranslations: { de: { actions: 'Buchen' } } },
      { 'richTranslations.de.actions': 'actions must be a list of button labels' },
    );
    await refused(
      { richTranslations: ['de'] },
      {
        richTranslations: 'richTranslations must be an object of titles and button labels by language',
      },
    );
    await refused(
      { title: 'Piatok', actions: [BOOK], richTranslations: { de: { title: 7 } } },
      { 'richTranslations.de.title': 'A translation must be text' },
    );
    // A translation that makes its language's push too big is refused on it, as the main text would be.
    await refused(
      {
        title: 'T',
        translations: { cz: '€'.repeat(1300) },
        richTranslations: { cz: { title: '€'.repeat(60) } },
      },
      { 'translations.cz': Msg.pushTooLarge },
      ErrorCode.PAYLOAD_TOO_LARGE,
    );
    expect(await postsOf(establishment.id, client, true)).toEqual([]);
  });

  it('takes English and every other interface language', async () => {
    const { establishment, client } = await business('Open Piano');
    const languages = ['en', 'de', 'at', 'sk', 'cz', 'hu', 'se', 'no'];
    const sent = await sendOk(client, establishment.id, {
      text: 'Ahoj',
      post: false,
      title: 'Ahoj',
      translations: Object.fromEntries(languages.map((code) => [code, `Hello ${code}`])),
      richTranslations: Object.fromEntries(languages.map((code) => [code, { title: `Title ${code}` }])),
    });
    expect(Object.keys(sent.translations).sort()).toEqual([...languages].sort());
    expect(Object.keys(sent.richTranslations).sort()).toEqual([...languages].sort());
  });
});
