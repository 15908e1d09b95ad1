/**
 * "Get notifications" on a business's page for someone not signed in: the browser's question, the
 * device subscribed, the guest follow, and each way it can end (on, denied, 409, 429, no push here).
 * The browser's push (Notification, the service worker, PushManager) is stubbed; the API is the fake.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, tokenExpiringIn } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { PublicEstablishment } from '../../../../shared/schemas/establishment.schema';
import { ACCESS_TOKEN_KEY } from '../../../lib/storage-keys';
import { PublicEstablishmentPage } from './public-establishment-page';

const ID = 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const GUEST_TOKEN = tokenExpiringIn(3600);

const establishment = (following: boolean): PublicEstablishment => ({
  id: ID,
  publicId: 'cafe-roma',
  name: 'Café Roma',
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
  followerCount: following ? 1 : 0,
  status: 'active',
  gallery: [],
  viewer: following ? { following, operating: false } : null,
});

/** This browser's push, answering the permission question with `answer` once `answerNow()` runs. */
function browserPush(answer: NotificationPermission) {
  let permission: NotificationPermission = 'default';
  let answerNow = () => {};
  const requestPermission = vi.fn(
    () =>
      new Promise<NotificationPermission>((resolve) => {
        answerNow = () => {
          permission = answer;
          resolve(answer);
        };
      }),
  );
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', class {});
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => ({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
    }),
    unsubscribe: async () => true,
  };
  let subscribed: typeof subscription | null = null;
  const registration = {
    pushManager: {
      getSubscription: async () => subscribed,
      subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
        subscription.options.applicationServerKey = options.applicationServerKey.slice().buffer;
        subscribed = subscription;
        return subscription;
      }),
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      register: vi.fn(),
      ready: Promise.resolve(registration),
    },
  });
  return { requestPermission, answer: () => answerNow(), registration };
}

let api: FakeApi;
let following: boolean;
beforeEach(() => {
  api = fakeApi();
  following = false;
  sessionStorage.setItem('visitSource:cafe-roma', 'qr');
  api.on('GET', '/api/public/establishments/cafe-roma', () => ({
    body: { establishment: establishment(following) },
  }));
  api.on('GET', '/api/push/public-key', { body: { publicKey: 'BKey-_base64url' } });
  api.on('POST', '/notifications/subscribe', {
    body: { id: 's1', created: false, stale: false, deviceSecret: 'secret' },
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  sessionStorage.clear();
});

const renderPage = () =>
  renderRoutes(
    [
      { path: '/:establishmentId', element: <PublicEstablishmentPage /> },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    { at: '/cafe-roma' },
  );

const guestAnswer = () => {
  following = true;
  return {
    status: 201,
    body: {
      user: makeUser({ id: 'g1', guest: true, email: '', firstName: '', lastName: '' }),
      accessToken: GUEST_TOKEN,
      establishmentId: ID,
      subscriptionId: 's1',
      deviceSecret: 'device-secret',
    },
  };
};

describe('Get notifications', () => {
  it('is the primary action, with following by email and signing in beside it', async () => {
    browserPush('granted');
    renderPage();
    const button = await screen.findByRole('button', { name: 'Get notifications' });
    expect(button).toHaveClass('MuiButton-contained');
    expect(screen.getByRole('link', { name: 'Follow with email' })).toHaveAttribute(
      'href',
      '/cafe-roma/register',
    );
    expect(screen.getByRole('link', { name: 'I already have an account' })).toHaveAttribute('href', '/login');
  });

  it('asks the browser, follows as a guest, keeps the session and offers an email', async () => {
    const push = browserPush('granted');
    api.on('POST', '/api/account/guest', guestAnswer);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Get notifications' }));

    // Asking: the browser's question is on screen; the button waits.
    expect(await screen.findByText("Answer the browser's question to turn notifications on.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Get notifications' })).toBeDisabled();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    push.answer();

    expect(await screen.findByText('Notifications are on for this device.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Following' })).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Add your email to get news by email and to comment' }),
    ).toHaveAttribute('href', '/cafe-roma/register');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(GUEST_TOKEN);
    const [sent] = api.sent('POST', '/api/account/guest');
    expect(sent?.body).toEqual({
      establishmentId: 'cafe-roma',
      source: 'qr',
      language: 'en',
      subscription: {
        endpoint: ENDPOINT,
        expirationTime: null,
        keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
      },
    });
    expect(sent?.headers.get('authorization')).toBeNull();
    expect(push.registration.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('denied in the browser: says how to allow them, and following by email stays', async () => {
    const push = browserPush('denied');
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Get notifications' }));
    push.answer();
    expect(await screen.findByText(/Notifications are blocked for this site in this browser/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Get notifications' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Follow with email' })).toBeVisible();
    expect(api.sent('POST', '/api/account/guest')).toHaveLength(0);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("a device of an account (409): the server's message and a way to sign in", async () => {
    const push = browserPush('granted');
    api.on('POST', '/api/account/guest', {
      status: 409,
      body: {
        code: 'CONFLICT',
        error: Msg.deviceHasAccount,
        fields: { 'subscription.endpoint': Msg.deviceHasAccount },
      },
    });
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Get notifications' }));
    push.answer();
    expect(await screen.findByText(Msg.deviceHasAccount)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("too many follows (429): the server's message", async () => {
    const push = browserPush('granted');
    api.on('POST', '/api/account/guest', {
      status: 429,
      body: { code: 'RATE_LIMITED', error: Msg.guestFollowsLimited },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Get notifications' }));
    push.answer();
    expect(await screen.findByText(Msg.guestFollowsLimited)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Get notifications' })).toBeEnabled();
  });

  it('a browser without web push: says so, and following by email stays', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Get notifications' }));
    expect(await screen.findByText(/This browser cannot show notifications from a website/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Follow with email' })).toBeVisible();
  });
});
