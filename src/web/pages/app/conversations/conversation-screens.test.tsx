import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type {
  Conversation,
  ConversationMessage,
  ConversationSummary,
} from '../../../../shared/schemas/conversation.schema';
import { ConversationPage } from './conversation-page';
import { InboxPage } from './inbox-page';

/** The business's inbox list and a conversation's thread, against the API's answers. */

const PLACE = 'e1e2e3e4-2b62-4e5f-8a1c-9f4d4f2a1b03';
const ID = 'c1c2c3c4-2b62-4e5f-8a1c-9f4d4f2a1b04';
const PICTURE = 'f1f2f3f4-2b62-4e5f-8a1c-9f4d4f2a1b05';

const summary = (overrides: Partial<ConversationSummary>): ConversationSummary => ({
  id: ID,
  establishment: { id: PLACE, name: 'Blue Bar', logo: null },
  follower: { id: 'u2', name: 'Ada Lovelace' },
  postId: null,
  lastMessage: 'A table for four?',
  lastMessageAt: '2026-06-01T18:00:00.000Z',
  answered: false,
  unread: false,
  closed: false,
  ...overrides,
});

const message = (overrides: Partial<ConversationMessage>): ConversationMessage => ({
  id: crypto.randomUUID(),
  text: 'A table for four?',
  fromBusiness: false,
  writtenBy: null,
  mine: true,
  picture: null,
  createdAt: '2026-06-01T18:00:00.000Z',
  ...overrides,
});

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  ...summary({}),
  messages: [
    message({}),
    message({
      text: '',
      picture: PICTURE,
      fromBusiness: true,
      mine: false,
      createdAt: '2026-06-01T18:05:00.000Z',
    }),
  ],
  canWrite: true,
  canManage: false,
  followerBlocked: false,
  ...overrides,
});

const inboxUrl = (filter: string) => `/api/establishments/${PLACE}/conversations?filter=${filter}&limit=50`;

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/api/account/me', { body: { user: makeUser() } });
  signIn();
  // jsdom has no object URLs: the picture's blob is shown through one.
  let made = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:picture-${++made}`, revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the inbox', () => {
  const showInbox = () =>
    renderRoutes([{ path: '/app/establishment/:establishmentId/inbox', element: <InboxPage /> }], {
      at: `/app/establishment/${PLACE}/inbox`,
    });

  it('lists conversations newest first, marks the unread, says a picture came, and filters', async () => {
    api.on('GET', inboxUrl('all'), {
      body: {
        items: [
          summary({ unread: true }),
          summary({
            id: 'c2',
            follower: { id: 'u3', name: 'Grace Hopper' },
            lastMessage: '',
            answered: true,
          }),
        ],
        nextCursor: null,
        unread: 1,
      },
    });
    api.on('GET', inboxUrl('answered'), { body: { items: [], nextCursor: null, unread: 1 } });
    api.on('GET', inboxUrl('open'), {
      body: { items: [summary({ unread: true })], nextCursor: null, unread: 1 },
    });
    const { user } = showInbox();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(/Ada Lovelace.*Unread.*Open.*A table for four\?/);
    expect(second).toHaveTextContent(/Grace Hopper.*Answered.*Picture/);
    expect(second).not.toHaveTextContent('Unread');
    expect(screen.getByText('Unread: 1')).toBeVisible();
    expect(within(first!).getByRole('link')).toHaveAttribute('href', `/app/messages/${ID}`);

    await user.click(screen.getByRole('button', { name: 'Answered' }));
    expect(await screen.findByText('No conversations')).toBeVisible();
    expect(screen.getByText('When a follower asks the business something, it shows here.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Answered' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toHaveTextContent('Ada Lovelace');
    const asked = api.sent('GET', `/api/establishments/${PLACE}/conversations`).map((r) => r.path);
    expect([...new Set(asked)]).toEqual([inboxUrl('all'), inboxUrl('answered'), inboxUrl('open')]);
  });
});

describe('a conversation', () => {
  const showThread = () =>
    renderRoutes([{ path: '/app/messages/:conversationId', element: <ConversationPage /> }], {
      at: `/app/messages/${ID}`,
    });

  it('shows a picture as a thumbnail that opens larger', async () => {
    api.on('GET', `/api/conversations/${ID}`, { body: { conversation: conversation() } });
    api.on('GET', `/api/conversations/${ID}/pictures/${PICTURE}`, { body: 'jpeg' });
    const { user } = showThread();
    const open = await screen.findByRole(
      'button',
      { name: 'Open the picture from Blue Bar larger' },
      { timeout: 5000 },
    );
    expect(within(open).getByRole('img', { name: 'Picture from Blue Bar' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(open);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'Picture from Blue Bar' })).toBeVisible(),
    );
    expect(api.sent('GET', `/api/conversations/${ID}/pictures/${PICTURE}`).map((r) => r.path)).toEqual([
      `/api/conversations/${ID}/pictures/${PICTURE}?size=thumb`,
      `/api/conversations/${ID}/pictures/${PICTURE}?size=full`,
    ]);
    // The bearer token goes with each picture: an <img> address alone would be refused.
    for (const request of api.sent('GET', `/api/conversations/${ID}/pictures/${PICTURE}`))
      expect(request.headers.get('authorization')).toMatch(/^Bearer /);
    await user.click(within(dialog).getByRole('button', { name: 'Close the picture' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends words, then a picture alone', async () => {
    const current = conversation({ messages: [message({})] });
    api.on('GET', `/api/conversations/${ID}`, { body: { conversation: current } });
    api.on('POST', `/api/conversations/${ID}/messages`, (request) => ({
      status: 201,
      body: {
        conversation: {
          ...current,
          messages: [...current.messages, message({ ...(request.body as object) })],
        },
        message: 'Message sent',
      },
    }));
    api.on('POST', `/api/conversations/${ID}/pictures`, { status: 201, body: { picture: { id: PICTURE } } });
    api.on('GET', `/api/conversations/${ID}/pictures/${PICTURE}`, { body: 'jpeg' });
    const { user, container } = showThread();

    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message first.')).toBeVisible();
    await enterText(user, screen.getByRole('textbox', { name: 'Your message' }), 'Eight o’clock?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sent('POST', `/api/conversations/${ID}/messages`)).toHaveLength(1));
    expect(api.sent('POST', `/api/conversations/${ID}/messages`)[0]!.body).toEqual({
      text: 'Eight o’clock?',
    });

    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['jpeg'], 'dish.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'The picture to send' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(api.sent('POST', `/api/conversations/${ID}/pictures`)[0]!.body).toBeInstanceOf(FormData);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sent('POST', `/api/conversations/${ID}/messages`)).toHaveLength(2));
    expect(api.sent('POST', `/api/conversations/${ID}/messages`)[1]!.body).toEqual({
      text: '',
      picture: PICTURE,
    });
    await waitFor(() => expect(screen.queryByRole('img', { name: 'The picture to send' })).toBeNull());
  });

  it('a refused picture says why beside the button', async () => {
    api.on('GET', `/api/conversations/${ID}`, { body: { conversation: conversation({ messages: [] }) } });
    api.on('POST', `/api/conversations/${ID}/pictures`, {
      status: 415,
      body: {
        code: 'UNSUPPORTED_MEDIA',
        error: 'This file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).',
        fields: { file: 'This file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).' },
      },
    });
    const { user, container } = showThread();
    await screen.findByRole('button', { name: 'Send' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'], 'odd.heic', { type: 'image/heic' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not an image we can read');
    expect(screen.queryByRole('img', { name: 'The picture to send' })).toBeNull();
  });

  it('a blocked follower reads the conversation but has no box to write in', async () => {
    api.on('GET', `/api/conversations/${ID}`, { body: { conversation: conversation({ canWrite: false }) } });
    api.on('GET', `/api/conversations/${ID}/pictures/${PICTURE}`, { body: 'jpeg' });
    showThread();
    expect(await screen.findByText('You cannot write to this business.')).toBeVisible();
    expect(screen.getByText('A table for four?')).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Attach a picture' })).toBeNull();
  });
});
