/**
 * A guest follower (no account) leaves as the post page's stop does, from two more places: the
 * business's public page (Following > Unfollow on its last follow) and the user menu ("Stop all
 * notifications on this device", which replaces Logout for a guest). Both ask first, unfollow, drop
 * this device's push subscription, sign out locally and land on a public page that says nothing is kept.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/account.schema';
import type { PublicEstablishment } from '../../../../shared/schemas/establishment.schema';
import { UserMenu } from '../../../components/user-menu';
import { ACCESS_TOKEN_KEY } from '../../../lib/storage-keys';
import { PublicEstablishmentPage } from './public-establishment-page';

const bakery = { id: 'e1', publicId: 'bakery', name: 'Corner Bakery', logo: null, blocked: false };
const florist = { id: 'e2', publicId: 'florist', name: 'Rose Florist', logo: null, blocked: false };

const guest = (ids: string[]): User =>
  makeUser({
    id: 'g1',
    guest: true,
    email: '',
    firstName: '',
    lastName: '',
    establishments: ids.map((establishmentId) => ({ establishmentId, kind: 'customer' as const })),
  });

/** The public page as the server answers it: following only while the guest's session is sent. */
const publicPage = (business: typeof bakery, request: { headers: Headers }): PublicEstablishment => ({
  ...business,
  subheader: '',
  email: '',
  phone: '',
  website: '',
  address1: '',
  address2: '',
  city: '',
  zip: '',
  country: '',
  cover: null,
  followerCount: 1,
  status: 'active',
  gallery: [],
  viewer: request.headers.has('authorization') ? { following: true, operating: false } : null,
});

/** This browser's push subscription, which leaving drops. */
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

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  for (const business of [bakery, florist]) {
    api.on('GET', `/api/public/establishments/${business.publicId}`, (request) => ({
      body: { establishment: publicPage(business, request) },
    }));
    api.on('DELETE', `/api/establishments/${business.id}/follow`, {
      body: { establishmentId: business.id, following: false, message: Msg.unfollowed },
    });
  }
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const routes = [
  { path: '/app/feed', element: <UserMenu /> },
  { path: '/:establishmentId', element: <PublicEstablishmentPage /> },
  { path: '/login', element: <p>sign-in page</p> },
];

describe("the public page's Unfollow", () => {
  it("on a guest's last follow: asks first, unfollows, drops the subscription, signs out and says nothing is kept", async () => {
    const push = browserPush();
    api.on('GET', '/api/account/me', { body: { user: guest(['e1']) } });
    const { user, router } = renderRoutes(routes, { at: '/bakery' });
    await user.click(await screen.findByRole('button', { name: 'Following' }));
    await user.click(screen.getByRole('menuitem', { name: 'Unfollow' }));

    const dialog = await screen.findByRole('dialog', { name: 'Stop notifications from Corner Bakery?' });
    expect(dialog).toHaveAccessibleDescription(/nothing about this device is kept/);
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
    expect(await screen.findByRole('button', { name: 'Get notifications' })).toBeVisible();
    // No Undo to follow again with a guest that no longer exists.
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('following another business too: unfollows at once, with Undo, and stays signed in', async () => {
    const push = browserPush();
    api.on('GET', '/api/account/me', { body: { user: guest(['e1', 'e2']) } });
    const { user } = renderRoutes(routes, { at: '/bakery' });
    await user.click(await screen.findByRole('button', { name: 'Following' }));
    api.on('GET', '/api/account/me', { body: { user: guest(['e2']) } });
    await user.click(screen.getByRole('menuitem', { name: 'Unfollow' }));

    expect(await screen.findByText('You no longer follow this business.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('DELETE', '/api/establishments/e1/follow')).toHaveLength(1);
    expect(push.unsubscribe).not.toHaveBeenCalled();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  });
});

describe("a guest's user menu", () => {
  const follows = (items: (typeof bakery)[]) =>
    api.on('GET', '/api/account/follows', {
      body: {
        items: items.map((establishment) => ({ establishment, notify: 'auto', pausedUntil: null })),
        marketingConsent: false,
        emailBounced: false,
        hasDevice: true,
      },
    });

  it('offers "Stop all notifications on this device" instead of Logout, which leaves every business after asking', async () => {
    const push = browserPush();
    api.on('GET', '/api/account/me', { body: { user: guest(['e1', 'e2']) } });
    follows([bakery, florist]);
    const { user, router } = renderRoutes(routes, { at: '/app/feed' });
    await user.click(await screen.findByRole('button', { name: /Open account menu/ }));
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Stop all notifications on this device' }));

    const dialog = await screen.findByRole('dialog', { name: 'Stop all notifications on this device?' });
    expect(dialog).toHaveAccessibleDescription(
      'You stop following every business this device follows, their notifications stop, and nothing about this device is kept.',
    );
    expect(api.sent('DELETE', '/api/establishments/e1/follow')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Stop and delete' }));

    expect(
      await screen.findByText(
        'You no longer follow any business. Nothing about this device is kept: its notifications have stopped and its data is deleted.',
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/bakery');
    expect(api.sent('DELETE', '/api/establishments/e1/follow')).toHaveLength(1);
    expect(api.sent('DELETE', '/api/establishments/e2/follow')).toHaveLength(1);
    expect(push.unsubscribe).toHaveBeenCalledOnce();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Get notifications' })).toBeVisible();
  });

  it('a failure stays in the dialog, signed in; Cancel keeps everything', async () => {
    browserPush();
    api.on('GET', '/api/account/me', { body: { user: guest(['e1']) } });
    follows([bakery]);
    api.on('DELETE', '/api/establishments/e1/follow', { status: 503, body: { error: 'Unavailable' } });
    const { user, router } = renderRoutes(routes, { at: '/app/feed' });
    await user.click(await screen.findByRole('button', { name: /Open account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Stop all notifications on this device' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Stop and delete' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/app/feed');
  });

  it('an account keeps Logout', async () => {
    api.on('GET', '/api/account/me', { body: { user: makeUser() } });
    const { user } = renderRoutes(routes, { at: '/app/feed' });
    await user.click(await screen.findByRole('button', { name: /Open account menu/ }));
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: /Stop all notifications/ })).toBeNull();
  });
});
