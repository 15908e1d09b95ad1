import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { type FakeApi, fakeApi, type SentRequest } from '../../../../../tests/support/web/fake-api';
import { PLATFORM_LIMITS } from '../../../../../tests/support/web/notification-limits';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { ComposeCard } from './compose-card';

const establishment: Establishment = {
  audience: 'operator',
  id: 'e1',
  publicId: 'bakery',
  name: 'Corner Bakery',
  subheader: '',
  email: 'bakery@example.com',
  phone: '',
  website: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  businessId: '',
  taxId: '',
  vatNumber: '',
  timeZone: 'Europe/Helsinki',
  logo: null,
  cover: null,
  active: true,
  commentsEnabled: true,
  welcomeText: '',
  welcomeTranslations: {},
  notificationLimits: PLATFORM_LIMITS,
  blocked: false,
  status: 'active',
  registeredById: null,
  followerCount: 3,
  waitingCount: 0,
  guestCount: 0,
  clientCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const SEND = '/api/establishments/e1/notifications';
const sent = (message = 'Notification has been sent!') => ({
  status: 202,
  body: { notification: {}, message },
});

const renderCompose = () => {
  const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  return {
    ...view,
    card,
    text: within(card).getByRole('textbox', { name: 'Message' }),
    send: within(card).getByRole('button', { name: 'Send' }),
    sendAndPost: within(card).getByRole('button', { name: 'Send and post' }),
  };
};

/** The room left as the field's help text says it ("Characters left in the push message: 3,712"). */
/** The room the form says is left, in characters (bytes mean nothing to an operator). */
const charactersLeft = (field: HTMLElement) => {
  const description = document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
  const match = /^Characters left in the push message: ([\d,]+)$/.exec(description ?? '');
  if (!match) throw new Error(`no characters-left text beside the field: ${description}`);
  return Number(match[1]!.replace(/,/g, ''));
};

describe('compose card', () => {
  let server: FakeApi;
  beforeEach(() => {
    // No preference exists yet: compose offers no targeting, only the reach of a send to everyone.
    server = fakeApi()
      .on('GET', '/api/preferences', { body: { items: [] } })
      .on('GET', '/api/preference-groups', { body: { items: [] } })
      .on('GET', '/api/establishments/e1/audience', {
        body: { followers: 3, reachable: 3, byPhone: 3, byEmail: 0, devices: 4, emails: 0 },
      });
  });

  describe('byte budget', () => {
    it("says the room left in characters of the text's kind, and fills the room meter", async () => {
      const { text, user, card } = renderCompose();
      const meter = within(card).getByRole('progressbar', { name: 'Room used in the push message' });
      // Empty, a character is counted as one byte: the room is the bytes left.
      const empty = charactersLeft(text);
      expect(empty).toBeGreaterThan(3000);
      const roomAtStart = Number(meter.getAttribute('aria-valuenow'));

      await enterText(user, text, 'Hello');
      expect(charactersLeft(text)).toBe(empty - 5);
      // Text in a script of 3 bytes a character (€): the room left is a third as many characters.
      await user.clear(text);
      await user.click(text);
      await user.paste('€'.repeat(100));
      expect(charactersLeft(text)).toBe(Math.trunc((empty - 300) / 3));
      expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(roomAtStart);
      await user.clear(text);
      await user.type(text, 'Hello é€😀');
      expect(within(card).getByRole('img', { name: /Corner Bakery\. Hello é€😀/ })).toBeInTheDocument();
    });

    it('refuses a message too large for a push, saying so beside the field, and sends nothing', async () => {
      const { text, user, send, sendAndPost, card } = renderCompose();
      await user.click(text);
      await user.paste('€'.repeat(1400)); // 1,400 characters (under the text limit), 4,200 bytes
      expect(text).toHaveAccessibleDescription(
        'The notification is too long for a push message. Shorten the text.',
      );
      expect(text).toBeInvalid();
      expect(
        within(card).getByRole('progressbar', { name: 'Room used in the push message' }),
      ).toHaveAttribute('aria-valuenow', '100');
      expect(send).toBeDisabled();
      expect(sendAndPost).toBeDisabled();
      expect(server.sent('POST', SEND)).toEqual([]);

      // Shortened to fit, it may be sent again.
      await user.clear(text);
      await user.paste('Fresh bread at 7');
      expect(text).toBeValid();
      expect(send).toBeEnabled();
    });
  });

  describe('errors', () => {
    it('asks for a text before sending anything', async () => {
      const { send, text, user } = renderCompose();
      await user.click(send);
      expect(text).toBeInvalid();
      expect(text).toHaveAccessibleDescription('text is required');
      expect(server.sent('POST', SEND)).toEqual([]);
    });

    it("puts the server's field message beside the text field, not in a general alert, and names it beside Send", async () => {
      server.on('POST', SEND, {
        status: 400,
        body: {
          code: 'VALIDATION',
          error: 'Please check the highlighted fields.',
          fields: { text: 'The notification is too long for a push message. Shorten the text.' },
        },
      });
      const { text, sendAndPost, user, card } = renderCompose();
      await user.click(text);
      await user.paste('Almost too long');
      await user.click(sendAndPost);
      await waitFor(() =>
        expect(text).toHaveAccessibleDescription(
          'The notification is too long for a push message. Shorten the text.',
        ),
      );
      expect(text).toBeInvalid();
      expect(text).toHaveFocus();
      // No general alert: beside Send, only the summary naming the field.
      expect(within(card).getByRole('alert')).toHaveTextContent(
        /^Nothing was sent yetPut right what is marked in red:Message$/,
      );
      expect(text).toHaveValue('Almost too long');
    });

    it("puts the server's picture message beside the picture", async () => {
      server.on('POST', SEND, {
        status: 400,
        body: {
          code: 'VALIDATION',
          error: 'Please check the highlighted fields.',
          fields: { mediaId: 'Upload the picture again.' },
        },
      });
      const { text, send, user, card } = renderCompose();
      await user.click(text);
      await user.paste('With a picture');
      await user.click(send);
      // The picture's own message (the picker announces it), and no general alert.
      await waitFor(() =>
        expect(
          within(card)
            .getAllByRole('alert')
            .map((alert) => alert.textContent),
        ).toEqual(['Upload the picture again.']),
      );
      expect(text).toBeValid();
    });

    it('says why in an alert when the failure is about no field', async () => {
      server.on('POST', SEND, { status: 403, body: { code: 'FORBIDDEN', error: 'Forbidden' } });
      const { text, send, user, card } = renderCompose();
      await user.click(text);
      await user.paste('Hello');
      await user.click(send);
      expect(await within(card).findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
      expect(text).toBeValid();
    });
  });

  describe('idempotency key', () => {
    const keyOf = (request: SentRequest | undefined) => request?.headers.get('idempotency-key');

    it('keeps one key per compose across a retry, and takes a new one after a success', async () => {
      let answer: 'lost' | 'sent' = 'lost';
      server.on('POST', SEND, () => {
        if (answer === 'lost') throw new TypeError('fetch failed');
        return sent();
      });
      const { text, send, user } = renderCompose();

      await user.click(text);
      await user.paste('Doors open at 9');
      await user.click(send);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The server cannot be reached. Check your connection and try again.',
      );
      expect(text).toHaveValue('Doors open at 9');

      answer = 'sent';
      await user.click(send);
      expect(await screen.findByText('Notification has been sent!')).toBeInTheDocument();
      await waitFor(() => expect(text).toHaveValue(''));

      await user.click(text);
      await user.paste('And closed on Sunday');
      await user.click(send);
      await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(3));

      const [first, retry, next] = server.sent('POST', SEND);
      expect(keyOf(first)).toMatch(/^[0-9a-f]{32}$/);
      expect(keyOf(retry)).toBe(keyOf(first));
      expect(keyOf(next)).toMatch(/^[0-9a-f]{32}$/);
      expect(keyOf(next)).not.toBe(keyOf(first));
      expect(first?.body).toEqual({ text: 'Doors open at 9', mediaId: null, post: false });
      expect(next?.body).toEqual({ text: 'And closed on Sunday', mediaId: null, post: false });
    });

    it('sends "send and post" as a post, and says so', async () => {
      server.on('POST', SEND, sent('Notification and post has been sent!'));
      const { text, sendAndPost, user } = renderCompose();
      await user.click(text);
      await user.paste('New croissants');
      await user.click(sendAndPost);
      expect(await screen.findByText('Notification and post has been sent!')).toBeInTheDocument();
      expect(server.sent('POST', SEND)[0]?.body).toEqual({
        text: 'New croissants',
        mediaId: null,
        post: true,
      });
    });

    it('a second compose card has its own key', async () => {
      server.on('POST', SEND, sent());
      const first = renderCompose();
      await first.user.click(first.text);
      await first.user.paste('One');
      await first.user.click(first.send);
      await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
      first.unmount();
      const second = renderCompose();
      await second.user.click(second.text);
      await second.user.paste('One');
      await second.user.click(second.send);
      await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(2));
      const [a, b] = server.sent('POST', SEND);
      expect(keyOf(a)).not.toBe(keyOf(b));
    });
  });
});
