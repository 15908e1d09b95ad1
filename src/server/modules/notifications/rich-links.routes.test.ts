/**
 * A notification's link and buttons over HTTP, read as a browser reads them (WHATWG URL): a user
 * name or password in any spelling is refused on the field (`https:\\www.bank.example@evil.example/`
 * opens evil.example), and what is stored, pushed and shown is the parsed URL, not what was typed.
 * Shared setup: tests/support/notifications-api.ts.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  business,
  device,
  finished,
  messagesTo,
  postsOf,
  send,
  sendOk,
  setupNotificationsApp,
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
