/**
 * The post page never says "Sent to every follower" over an audience of 0. What
 * the line over the delivery figures says stays true of the send: sent, to be sent, or reached nobody.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { DeliveryFigures, Post } from '../../../../shared/schemas/notification.schema';
import { PostPage } from './post-page';

const delivery = (overrides: Partial<DeliveryFigures> = {}): DeliveryFigures => ({
  status: 'done',
  audience: 4,
  sent: 4,
  received: 3,
  clicked: 1,
  failed: 0,
  gone: 0,
  pending: 0,
  deferred: 0,
  held: 0,
  error: null,
  channels: {
    push: { sent: 4, received: 3, clicked: 1, failed: 0, gone: 0, pending: 0 },
    email: { sent: 0, received: 0, clicked: 0, failed: 0, gone: 0, pending: 0 },
  },
  startedAt: '2026-03-10T10:00:00.000Z',
  completedAt: '2026-03-10T10:00:05.000Z',
  ...overrides,
});

/** Nothing to send to: done at once with no delivery by phone or email. */
const REACHED_NOBODY = delivery({
  audience: 0,
  sent: 0,
  received: 0,
  clicked: 0,
  channels: {
    push: { sent: 0, received: 0, clicked: 0, failed: 0, gone: 0, pending: 0 },
    email: { sent: 0, received: 0, clicked: 0, failed: 0, gone: 0, pending: 0 },
  },
});

const post = (overrides: Partial<Post>): Post => ({
  id: 'p1',
  establishment: { id: 'e1', publicId: 'bakery', name: 'Corner Bakery', logo: null },
  text: 'Fresh croissants at seven',
  media: null,
  // Push only: the page has no conversation to load.
  inFeed: false,
  ownerId: 'u3',
  authorName: 'Karol Klient',
  createdAt: '2026-03-10T10:00:00.000Z',
  editedAt: null,
  delivery: delivery(),
  targets: [],
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
  comments: { count: 0, enabled: true },
  ...overrides,
});

const operator = makeUser({
  id: 'u3',
  role: 'client',
  establishments: [{ establishmentId: 'e1', kind: 'client' }],
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: operator } });
  api.on('GET', '/api/preferences', { body: { items: [] } });
});

function renderPage(shown: Post) {
  api.on('GET', '/api/notifications/p1', { body: { post: shown } });
  return renderRoutes(
    [{ path: '/app/establishment/:establishmentId/notification/:postId', element: <PostPage /> }],
    {
      at: '/app/establishment/e1/notification/p1',
    },
  );
}

/** One delivery tile, e.g. "Audience", described by its figure. */
const tile = (name: string) => screen.getByRole('group', { name });

describe('the post page says whom a send reached, truly', () => {
  it('audience 0: nobody was reached, and not "Sent to every follower"', async () => {
    renderPage(post({ delivery: REACHED_NOBODY }));
    expect(
      await screen.findByText(
        'Nobody was reached: when it was sent, no follower could get it by phone or email',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Sent to every follower')).toBeNull();
    expect(tile('Audience')).toHaveAccessibleDescription('0');
    expect(screen.getByText('Nobody reached')).toBeVisible();
  });

  it('a targeted send that reached nobody names whom it was for', async () => {
    renderPage(post({ delivery: REACHED_NOBODY, targets: [{ preferenceId: 'x1', name: 'Wine' }] }));
    expect(
      await screen.findByText(
        'Nobody was reached: when it was sent, no follower interested in Wine could get it by phone or email',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/^Sent to followers interested in/)).toBeNull();
  });

  it('a send that had an audience: "Sent to every follower" over its figures', async () => {
    renderPage(post({}));
    expect(await screen.findByText('Sent to every follower')).toBeVisible();
    expect(tile('Audience')).toHaveAccessibleDescription('4');
    expect(screen.queryByText(/Nobody was reached/)).toBeNull();
  });

  it('a scheduled send is "to be sent", not sent', async () => {
    renderPage(
      post({
        scheduledFor: '2099-03-10T10:00:00.000Z',
        delivery: delivery({
          status: 'scheduled',
          audience: 0,
          sent: 0,
          received: 0,
          clicked: 0,
          completedAt: null,
        }),
      }),
    );
    expect(await screen.findByText('To be sent to every follower')).toBeVisible();
    expect(screen.queryByText('Sent to every follower')).toBeNull();
    expect(screen.queryByText(/Nobody was reached/)).toBeNull();
  });
});
