/**
 * "Stop notifications from X" on the post page a push opens. An account keeps following with feed
 * only (PUT notify 'feed') and can undo it; a guest unfollows (DELETE follow), and on its last follow
 * this device signs out, drops its push subscription and the business's public page says nothing is kept.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { User } from '../../../../shared/schemas/account.schema';
import type { NotifyChoice } from '../../../../shared/schemas/channels';
import type { Post } from '../../../../shared/schemas/notification.schema';
import type { FollowNotify } from '../../../../shared/schemas/notify.schema';
import { ACCESS_TOKEN_KEY } from '../../../lib/storage-keys';
import { PublicEstablishmentPage } from '../../public/establishment/public-establishment-page';
import { PostPage } from './post-page';

const business = { id: 'e1', publicId: 'bakery', name: 'Corner Bakery', logo: null, blocked: false };

const post: Post = {
  id: 'p1',
  establishment: business,
  text: 'Fresh croissants at seven',
  media: null,
  inFeed: false,
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
  comments: { count: 0, enabled: true },
};

const follower = (overrides: Partial<User> = {}) =>
  makeUser({ establishments: [{ establishmentId: 'e1', kind: 'customer' }], ...overrides });

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/notifications/p1', { body: { post } });
  api.on('GET', '/api/preferences', { body: { items: [] } });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function renderPage(user: User, at = '/app/establishment/e1/notification/p1') {
  api.on('GET', '/api/account/me', { body: { user } });
  return renderRoutes(
    [
      { path: '/app/establishment/:establishmentId/notification/:postId', element: <PostPage /> },
      { path: '/:establishmentId', element: <PublicEstablishmentPage /> },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    { at },
  );
}

describe('an account that follows the business', () => {
  /** The follows list, as the server keeps it: each PUT changes the choice it answers. */
  function follows(notify: NotifyChoice) {
    const follow = (): FollowNotify => ({ establishment: business, notify, pausedUntil: null });
    api.on('GET', '/api/account/follows', () => ({
      body: { items: [follow()], marketingConsent: true, emailBounced: false, hasDevice: true },
    }));
    api.on('PUT', '/api/establishments/e1/notify', (request) => {
      notify = (request.body as { notify: NotifyChoice }).notify;
      return { body: { follow: follow(), message: 'Saved' } };
    });
  }

  it('stops the notifications with feed only, says the posts stay, and Undo brings the choice back', async () => {
    follows('both');
    const { user } = renderPage(follower());
    const stop = await screen.findByRole('button', { name: 'Stop notifications from Corner Bakery' });
    expect(stop).toHaveClass('MuiButton-outlined');
    await user.click(stop);

    await waitFor(() => expect(api.sent('PUT', '/api/establishments/e1/notify')).toHaveLength(1));
    expect(api.sent('PUT', '/api/establishments/e1/notify')[0]?.body).toEqual({ notify: 'feed' });
    const snackbar = await screen.findByText(
      'You get no notifications from Corner Bakery now. Its posts stay in your feed.',
    );
    expect(
      screen.getByText('No notifications from Corner Bakery: its posts stay in your feed.'),
    ).toBeVisible();
    // Keyboard: the focus stays on the button, which now turns them back on.
    const again = screen.getByRole('button', { name: 'Turn notifications back on' });
    expect(again).toHaveFocus();

    const bar = snackbar.closest('.notistack-MuiContent') as HTMLElement;
    await user.click(within(bar).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.sent('PUT', '/api/establishments/e1/notify')).toHaveLength(2));
    expect(api.sent('PUT', '/api/establishments/e1/notify')[1]?.body).toEqual({ notify: 'both' });
    expect(
      await screen.findByRole('button', { name: 'Stop notifications from Corner Bakery' }),
    ).toBeVisible();
    expect(screen.queryByText(/its posts stay in your feed/)).toBeNull();
    // Nothing was unfollowed, nobody signed out.
    expect(api.sent('DELETE', '/api/establishments/e1/follow')).toHaveLength(0);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  });

  it('with feed only already: says so, and turns them back on with Enter', async () => {
    follows('feed');
    const { user } = renderPage(follower());
    const again = await screen.findByRole('button', { name: 'Turn notifications back on' });
    expect(
      screen.getByText('No notifications from Corner Bakery: its posts stay in your feed.'),
    ).toBeVisible();
    again.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.sent('PUT', '/api/establishments/e1/notify')).toHaveLength(1));
    expect(api.sent('PUT', '/api/establishments/e1/notify')[0]?.body).toEqual({ notify: 'auto' });
  });

  it("opened by a notification's Stop button (?stop=1): the button is focused, nothing changed yet", async () => {
    follows('both');
    renderPage(follower(), '/app/establishment/e1/notification/p1?stop=1');
    const stop = await screen.findByRole('button', { name: 'Stop notifications from Corner Bakery' });
    await waitFor(() => expect(stop).toHaveFocus());
    expect(api.sent('PUT', '/api/establishments/e1/notify')).toHaveLength(0);
  });

  it('is not offered to whoever does not follow the business (its operator)', async () => {
    renderPage(
      makeUser({ id: 'u3', role: 'client', establishments: [{ establishmentId: 'e1', kind: 'client' }] }),
    );
    expect(await screen.findByText('Fresh croissants at seven')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Stop notifications/ })).toBeNull();
  });
});

describe('a guest follower (no account)', () => {
  const guest = (establishments: User['establishments']) =>
    makeUser({ id: 'g1', guest: true, email: '', firstName: '', lastName: '', establishments });

  /** This browser's push subscription, which the last unfollow drops. */
  function browserPush() {
    const unsubscribe = vi.fn(async () => true);
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    const registration = {
      pushManager: { getSubscription: async () => ({ endpoint: 'https://push.example/1', unsubscribe }) },
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
    });
    return { unsubscribe };
  }

  it('on its last follow: asks first, unfollows, signs this device out and the public page says nothing is kept', async () => {
    const push = browserPush();
    api.on('DELETE', '/api/establishments/e1/follow', {
      body: { establishmentId: 'e1', following: false, message: 'Unfollowed' },
    });
    // Answered with or without the (deleted) guest's token: the sign-out is the page's own doing.
    api.on('GET', '/api/public/establishments/bakery', { body: { establishment: publicBakery } });
    const { user, router } = renderPage(guest([{ establishmentId: 'e1', kind: 'customer' }]));
    await user.click(await screen.findByRole('button', { name: 'Stop notifications from Corner Bakery' }));

    // Nothing is deleted before the person agrees.
    const dialog = await screen.findByRole('dialog', { name: 'Stop notifications from Corner Bakery?' });
    expect(dialog).toHaveAccessibleDescription(
      'This device follows no other business. You stop following Corner Bakery, its notifications stop, and nothing about this device is kept.',
    );
    expect(api.sent('DELETE', '/api/establishments/e1/follow')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Stop and delete' }));

    expect(
      await screen.findByText(
        'You no longer follow Corner Bakery. Nothing about this device is kept: its notifications have stopped and its data is deleted.',
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/bakery');
    expect(api.sent('DELETE', '/api/establishments/e1/follow')).toHaveLength(1);
    expect(push.unsubscribe).toHaveBeenCalledOnce();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    // The page is the public one again: following starts with one tap.
    expect(await screen.findByRole('button', { name: 'Get notifications' })).toBeVisible();
  });

  it("opened by a notification's Stop button (?stop=1) on its last follow: the confirmation at once", async () => {
    browserPush();
    renderPage(
      guest([{ establishmentId: 'e1', kind: 'customer' }]),
      '/app/establishment/e1/notification/p1?stop=1',
    );
    expect(
      await screen.findByRole('dialog', { name: 'Stop notifications from Corner Bakery?' }),
    ).toBeVisible();
    expect(api.sent('DELETE', '/api/establishments/e1/follow')).toHaveLength(0);
  });

  it('Cancel keeps the follow', async () => {
    browserPush();
    const { user } = renderPage(guest([{ establishmentId: 'e1', kind: 'customer' }]));
    await user.click(await screen.findByRole('button', { name: 'Stop notifications from Corner Bakery' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('DELETE', '/api/establishments/e1/follow')).toHaveLength(0);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  });

  it('following another business too: unfollows at once and stays signed in, the device kept', async () => {
    const push = browserPush();
    const others = [{ establishmentId: 'e2', kind: 'customer' as const }];
    api.on('DELETE', '/api/establishments/e1/follow', {
      body: { establishmentId: 'e1', following: false, message: 'Unfollowed' },
    });
    api.on('GET', '/api/public/establishments/bakery', { body: { establishment: publicBakery } });
    const { user, router } = renderPage(guest([{ establishmentId: 'e1', kind: 'customer' }, ...others]));
    const stop = await screen.findByRole('button', { name: 'Stop notifications from Corner Bakery' });
    api.on('GET', '/api/account/me', { body: { user: guest(others) } });
    await user.click(stop);

    expect(
      await screen.findByText('You no longer follow Corner Bakery. Its notifications have stopped.'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bakery'));
    expect(api.sent('DELETE', '/api/establishments/e1/follow')).toHaveLength(1);
    expect(push.unsubscribe).not.toHaveBeenCalled();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
    expect(screen.queryByText(/Nothing about this device is kept/)).toBeNull();
  });
});

const publicBakery = {
  id: 'e1',
  publicId: 'bakery',
  name: 'Corner Bakery',
  subheader: '',
  email: '',
  phone: '',
  website: '',
  address1: '',
  address2: '',
  city: '',
  zip: '',
  country: '',
  logo: null,
  cover: null,
  followerCount: 0,
  status: 'active' as const,
  gallery: [],
  viewer: null,
};
