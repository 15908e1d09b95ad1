/**
 * The moderators' comments switch says the state it is in, "Comments off" when off; while the
 * comments load, the section says so as a status.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { CommentMsg, type CommentPage } from '../../../../shared/schemas/comment.schema';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { CommentsSection } from './comments-section';

const post: Post = {
  id: 'p1',
  establishment: { id: 'e1', publicId: 'bakery', name: 'Corner Bakery', logo: null },
  text: 'Fresh croissants at seven',
  media: null,
  inFeed: true,
  ownerId: 'u3',
  authorName: 'Karol Klient',
  createdAt: '2026-03-10T10:00:00.000Z',
  editedAt: null,
  delivery: null,
  targets: null,
  scheduledFor: null,
  localTime: false,
  validUntil: null,
  title: null,
  link: null,
  actions: [],
  translations: {},
  richTranslations: {},
  recurrence: null,
  reactions: { counts: [], mine: null },
  comments: { count: 0, enabled: false },
};

const operator = makeUser({
  id: 'u3',
  role: 'client',
  establishments: [{ establishmentId: 'e1', kind: 'client' }],
});

const page = (postEnabled: boolean, establishmentEnabled = true): CommentPage => ({
  items: [],
  nextCursor: null,
  enabled: postEnabled && establishmentEnabled,
  postEnabled,
  establishmentEnabled,
  canModerate: true,
  muted: false,
  canCommentAsBusiness: true,
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: operator } });
});

/** The post page's comments, with the server's switch as a variable the PATCH turns. */
function renderSection(initially: boolean, establishmentEnabled = true) {
  let on = initially;
  api.on('GET', '/api/notifications/p1/comments', () => ({ body: page(on, establishmentEnabled) }));
  api.on('PATCH', '/api/notifications/p1/comment-settings', ({ body }) => {
    on = (body as { enabled: boolean }).enabled;
    return {
      body: {
        post: { ...post, comments: { count: 0, enabled: on } },
        message: on ? CommentMsg.turnedOn : CommentMsg.turnedOff,
      },
    };
  });
  return renderRoutes([{ path: '/', element: <CommentsSection post={post} /> }]);
}

describe('the comments switch', () => {
  it('reads "Comments off" while off, and "Comments on" once turned on', async () => {
    const { user } = renderSection(false);
    const off = await screen.findByRole('switch', { name: 'Comments off' });
    expect(off).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Comments on' })).toBeNull();

    await user.click(off);
    const on = await screen.findByRole('switch', { name: 'Comments on' });
    expect(on).toBeChecked();
    expect(screen.getByText('Comments are on for this post')).toBeVisible();

    await user.click(on);
    expect(await screen.findByRole('switch', { name: 'Comments off' })).not.toBeChecked();
  });

  it('reads "Comments off" when the business turned comments off, whatever the post says', async () => {
    renderSection(true, false);
    const off = await screen.findByRole('switch', { name: 'Comments off' });
    expect(off).not.toBeChecked();
    expect(off).toBeDisabled();
    expect(off).toHaveAccessibleDescription('Turned off for the whole business in its settings');
  });
});

describe('the comments while they load', () => {
  it('are a status named "Loading comments", not a labelled block with no role', async () => {
    let answer: (value: { body: CommentPage }) => void = () => {};
    api.on(
      'GET',
      '/api/notifications/p1/comments',
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    renderRoutes([{ path: '/', element: <CommentsSection post={post} /> }]);
    expect(await screen.findByRole('status', { name: 'Loading comments' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    answer({ body: page(true) });
    expect(await screen.findByRole('switch', { name: 'Comments on' })).toBeChecked();
    expect(screen.queryByRole('status', { name: 'Loading comments' })).toBeNull();
  });
});
