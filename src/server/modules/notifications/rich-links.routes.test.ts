/**
 * A notification's link and buttons over HTTP, read as a browser reads them (WHATWG URL): a user
 * name or password in any spelling is refused on the field (`https:\\www.bank.example@evil.example/`
 * opens evil.example), and what is stored, pushed and shown is the parsed URL, not what was typed.
 * A button may also call (`tel:`, a number in international form) or write an email (`mailto:`, one
 * address, a subject at most): stored in one form, pushed, shown, and mailed as the link itself.
 * Shared setup: tests/support/notifications-api.ts.
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
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

setupNotificationsApp();

const SPELLINGS = [
  'https://user:pw@example.com/',
  'https:/user:s3cret@example.com/menu',
  'https:\\\\user:pass@example.com/menu',
  'https:\\\\www.bank.example@evil.example/',
  'https:www.bank.example@evil.example/',
  'https://:pass@example.com/',
];

describe("a notification's link and buttons", () => {
  it('with a user name or password in any spelling are refused on the field, and nothing is sent', async () => {
    const { establishment, client } = await business('Careful Cafe');
    for (const url of SPELLINGS) {
      const link = await send(client, establishment.id, { text: 'Hello', post: true, link: url });
      expectError(link, 400, ErrorCode.VALIDATION, { link: Msg.linkCredentials });
      const button = await send(client, establishment.id, {
        text: 'Hello',
        post: true,
        actions: [
          { label: 'Menu', url: 'https://example.com/menu' },
          { label: 'Bank', url },
        ],
      });
      expectError(button, 400, ErrorCode.VALIDATION, { 'actions.1.url': Msg.buttonLinkCredentials });
    }
    expect(await postsOf(establishment.id, client, true)).toEqual([]);
  });

  it('are stored, pushed and shown as parsed', async () => {
    const { establishment, client } = await business('Tidy Tavern');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const sent = await sendOk(client, establishment.id, {
      text: 'Quiz night',
      post: true,
      link: 'https:\\\\tavern.example.com\\quiz',
      actions: [{ label: 'Book', url: 'HTTPS://Book.Example.COM:443/a/../table?x=1' }],
    });
    const link = 'https://tavern.example.com/quiz';
    const actions = [{ label: 'Book', url: 'https://book.example.com/table?x=1' }];
    expect(sent).toMatchObject({ link, actions });
    await finished(client, sent.id);
    expect(messagesTo(phone)[0]).toMatchObject({
      url: link,
      actions: [{ action: 'a0', url: actions[0]!.url }],
    });
    const [post] = await postsOf(establishment.id, follower);
    expect(post).toMatchObject({ link, actions });
  });
});

describe('call and email buttons', () => {
  it('are stored in one form, pushed, shown in the feed, and mailed as themselves, not through the click redirect', async () => {
    const { establishment, client } = await business('Calling Cafe');
    const follower = await a.followerOf(establishment.id, 'caller');
    const phone = await device(follower);
    const reader = await a.followerOf(establishment.id, 'mailed');
    const chose = await call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'email', marketingConsent: true },
      reader.token,
    );
    expect(chose.statusCode, chose.body).toBe(200);
    const sent = await sendOk(client, establishment.id, {
      text: 'Table for tonight?',
      post: true,
      actions: [
        { label: 'Call us', url: 'TEL:+421 (900) 123-456' },
        { label: 'Write us', url: 'mailto:Table@Cafe.example?subject=Table%20for%202' },
      ],
    });
    const actions = [
      { label: 'Call us', url: 'tel:+421900123456' },
      { label: 'Write us', url: 'mailto:Table@Cafe.example?subject=Table%20for%202' },
    ];
    expect(sent.actions).toEqual(actions);
    await finished(client, sent.id);
    expect(messagesTo(phone)[0]).toMatchObject({
      actions: [
        { action: 'a0', title: 'Call us', url: actions[0]!.url },
        { action: 'a1', title: 'Write us', url: actions[1]!.url },
      ],
    });
    expect((await postsOf(establishment.id, follower))[0]).toMatchObject({ actions });

    // Click tracking is on, yet the buttons are the tel: and mailto: links: a web redirect to them
    // would leave a blank tab. Open still goes through the redirect.
    const mail = await t.mail.waitFor(reader.email);
    expect(mail.html).toContain(`href="${actions[0]!.url}"`);
    expect(mail.html).toContain(`href="${actions[1]!.url}"`);
    expect(mail.text).toContain(`Call us: ${actions[0]!.url}`);
    expect(mail.text).toContain(`Write us: ${actions[1]!.url}`);
    expect(mail.links.filter((link) => link.includes('/api/email/open/'))).toHaveLength(1);
  });

  it('with a number or an address that does not work are refused on the field, and nothing is sent', async () => {
    const { establishment, client } = await business('Wrong Number Bar');
    const cases: [string, string][] = [
      ['tel:0900 123 456', Msg.buttonPhoneInvalid],
      ['tel:+0421900123456', Msg.buttonPhoneInvalid],
      ['tel:+421 900 CALL', Msg.buttonPhoneInvalid],
      ['tel:+4219001234567890', Msg.buttonPhoneInvalid],
      ['tel:', Msg.buttonPhoneInvalid],
      ['mailto:not-an-address', Msg.buttonEmailInvalid],
      ['mailto:a@cafe.example,b@cafe.example', Msg.buttonEmailInvalid],
      ['mailto:a@cafe.example?cc=b@cafe.example', Msg.buttonEmailInvalid],
      ['mailto:a@cafe.example?subject=Hi&body=Send%20me%20your%20password', Msg.buttonEmailInvalid],
      ['mailto:%E0%A4%A@cafe.example', Msg.buttonEmailInvalid],
      ['javascript:alert(1)', Msg.buttonLinkInvalid],
      ['sms:+421900123456', Msg.buttonLinkInvalid],
      ['http://cafe.example/menu', Msg.buttonLinkInvalid],
    ];
    for (const [url, message] of cases) {
      const res = await send(client, establishment.id, {
        text: 'Hello',
        post: true,
        actions: [
          { label: 'Menu', url: 'https://cafe.example/menu' },
          { label: 'Contact', url },
        ],
      });
      expectError(res, 400, ErrorCode.VALIDATION, { 'actions.1.url': message });
    }
    expect(await postsOf(establishment.id, client, true)).toEqual([]);
  });
});
