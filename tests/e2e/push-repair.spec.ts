/**
 * Push that repairs itself and can be taken back, in Chromium's real service worker:
 * the worker moves a subscription the browser replaced (pushsubscriptionchange) to the server with
 * its device secret; the app registers a fresh subscription at start when the server had lost this
 * device's; a withdrawal closes the shown notification.
 *
 * The stand-in is the browser's connection to its push service, as in first-minute.spec.ts:
 * PushManager hands out subscriptions of the local push service (support/push.ts); DevTools delivers
 * the messages the server really sent there to the real service worker.
 */
import type { APIRequestContext, BrowserContext, Page, Worker } from '@playwright/test';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Post } from '../../src/shared/schemas/notification.schema';
import type { TestSubscription } from '../support/push-service';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import {
  deliverUntilShown,
  expireAtPushService,
  failAtPushService,
  pushesTo,
  pushServiceOfTheBrowser,
  pushServiceSubscription,
  serviceWorkerRegistrationId,
  shownNotifications,
  waitForPush,
} from './support/push';
import { screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A business, its client's token, and a verified customer following it with their token. */
async function followedBusiness(request: APIRequestContext, name: string) {
  const { client, establishment } = await clientWithEstablishment(request, name);
  const customer = await registerCustomer(request, { tag: 'repair', verified: true });
  const token = (await apiLogin(request, customer)).accessToken;
  const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
    headers: bearer(token),
  });
  expect(follow.status(), await follow.text()).toBe(200);
  const clientToken = (await apiLogin(request, client)).accessToken;
  return { establishment, token, clientToken };
}

async function send(request: APIRequestContext, clientToken: string, establishmentId: string, text: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(clientToken),
    data: { text, post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { notification: Post }).notification;
}

/** The endpoint the app registered and keeps for its service worker (IndexedDB), or null. */
const storedEndpoint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('broadcast-push', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('device');
        open.onsuccess = () => {
          const get = open.result.transaction('device').objectStore('device').get('current');
          get.onsuccess = () => resolve((get.result as { endpoint: string } | undefined)?.endpoint ?? null);
          get.onerror = () => resolve(null);
        };
      }),
  );

/** The app signed in on the feed, notifications allowed, its browser handing out `subscriptions`. */
async function appWithPush(
  page: Page,
  context: BrowserContext,
  origin: string,
  token: string,
  subscriptions: TestSubscription[],
) {
  await pushServiceOfTheBrowser(page, subscriptions);
  await context.grantPermissions(['notifications'], { origin });
  await startSignedIn(page, token);
  await page.goto('/app/social/feed');
  await expect(page.getByRole('button', { name: 'Notifications on this device: On' })).toBeVisible();
}

async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

test.describe('push that repairs itself', () => {
  test('the service worker moves a subscription the browser replaced to the server, on its own', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { establishment, token, clientToken } = await followedBusiness(request, 'Renewal Rooftop');
    const [first, renewed] = [await pushServiceSubscription(), await pushServiceSubscription()];
    await appWithPush(page, context, origin, token, [first]);
    await expect
      .poll(() => storedEndpoint(page), { message: 'the registered endpoint' })
      .toBe(first.endpoint);

    // The browser replaces the subscription (its push service rotated it) and tells the worker. The
    // worker's PushManager is the browser's too: it hands out `renewed`.
    const worker = await serviceWorkerOf(context);
    await worker.evaluate((given) => {
      const scope = globalThis as unknown as { dispatchEvent(event: Event): boolean };
      PushManager.prototype.subscribe = async () =>
        ({
          endpoint: given.endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
        }) as unknown as PushSubscription;
      const ExtendableEventOf = (globalThis as unknown as { ExtendableEvent: typeof Event }).ExtendableEvent;
      scope.dispatchEvent(new ExtendableEventOf('pushsubscriptionchange'));
    }, renewed);
    await expect
      .poll(() => storedEndpoint(page), { message: 'the worker kept the new subscription' })
      .toBe(renewed.endpoint);

    // The business's next notification goes to the new endpoint, not to the old one.
    const post = await send(request, clientToken, establishment.id, 'Still reaching your phone');
    await waitForPush(renewed.endpoint, (m) => (m.json as PushMessage).id === post.id);
    expect((await pushesTo(first.endpoint)).map((m) => (m.json as PushMessage).id)).not.toContain(post.id);
  });

  test('the app registers a fresh subscription at start when the server lost this device’s', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { establishment, token, clientToken } = await followedBusiness(request, 'Lost Lounge');
    const [first, fresh] = [await pushServiceSubscription(), await pushServiceSubscription()];
    await appWithPush(page, context, origin, token, [first, fresh]);
    await expect.poll(() => storedEndpoint(page)).toBe(first.endpoint);

    // The push service says the subscription is gone (410): the server deletes it at the next send.
    await expireAtPushService(first.endpoint);
    const lost = await send(request, clientToken, establishment.id, 'Nobody home');
    await expect
      .poll(async () => {
        const response = await request.get(`/api/notifications/${lost.id}`, { headers: bearer(clientToken) });
        return ((await response.json()) as { post: Post }).post.delivery?.gone;
      })
      .toBe(1);

    // The person opens the app again: it finds the server without this device and subscribes anew,
    // asking nothing.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications on this device: On' })).toBeVisible();
    await expect.poll(() => storedEndpoint(page), { message: 'a fresh subscription' }).toBe(fresh.endpoint);
    const post = await send(request, clientToken, establishment.id, 'Back on your phone');
    await waitForPush(fresh.endpoint, (m) => (m.json as PushMessage).id === post.id);
  });

  test('a withdrawal closes the shown notification; with the app closed, a quiet line takes its place', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { establishment, token, clientToken } = await followedBusiness(request, 'Withdrawn Wine Bar');
    const subscription = await pushServiceSubscription();
    await appWithPush(page, context, origin, token, [subscription]);
    await expect.poll(() => storedEndpoint(page)).toBe(subscription.endpoint);
    const { cdp, registrationId } = await serviceWorkerRegistrationId(context, page, origin);
    const worker = { cdp, registrationId, origin };

    const withdrawn = async (text: string) => {
      const post = await send(request, clientToken, establishment.id, text);
      const pushed = await waitForPush(subscription.endpoint, (m) => (m.json as PushMessage).id === post.id);
      await deliverUntilShown(page, worker, pushed.body, `notification-${post.id}`);
      const removed = await request.delete(`/api/notifications/${post.id}?withdraw=true`, {
        headers: bearer(clientToken),
      });
      expect(removed.status(), await removed.text()).toBe(200);
      const withdrawal = await waitForPush(
        subscription.endpoint,
        (m) => (m.json as PushMessage).kind === 'withdrawn' && (m.json as PushMessage).id === post.id,
      );
      expect(withdrawal.topic).toBe(pushed.topic);
      return { post, withdrawal };
    };

    // The app is on screen: the notification is closed, nothing takes its place.
    const open = await withdrawn('Free wine at nine');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: open.withdrawal.body,
    });
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.tag), {
        message: 'the shown notifications',
      })
      .toEqual([]);

    // The app is closed: the browser wants something shown, so the withdrawal's quiet line replaces it.
    const closed = await withdrawn('Two for one at ten');
    const sw = await serviceWorkerOf(context);
    await page.goto('about:blank');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: closed.withdrawal.body,
    });
    await expect
      .poll(
        () =>
          sw.evaluate(async () => {
            const registration = (globalThis as unknown as { registration: ServiceWorkerRegistration })
              .registration;
            return (await registration.getNotifications()).map((n) => ({
              tag: n.tag,
              body: n.body,
              title: n.title,
            }));
          }),
        { message: 'what the service worker shows' },
      )
      .toEqual([
        {
          tag: `notification-${closed.post.id}`,
          body: 'This message was withdrawn.',
          title: establishment.name,
        },
      ]);
  });
});

/** A snackbar (notistack) with this text. */
const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

/** A device of this signed-in user: a subscription of the local push service, registered by the API. */
async function registeredDevice(request: APIRequestContext, token: string, userAgent: string) {
  const subscription = await pushServiceSubscription();
  const response = await request.post('/notifications/subscribe', {
    headers: { ...bearer(token), 'user-agent': userAgent },
    data: { ...subscription, expirationTime: null },
  });
  expect(response.status(), await response.text()).toBe(201);
  return subscription;
}

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test.describe('what the business sends, taken back', () => {
  test('an offer that ends, updated on phones, then withdrawn from phones', async ({ page, request }) => {
    const { establishment, token, clientToken } = await followedBusiness(request, 'Offer Oyster Bar');
    const phone = await registeredDevice(request, token, ANDROID_CHROME);
    await startSignedIn(page, clientToken);
    await page.goto(`/app/establishment/${establishment.id}`);

    // Compose an offer that ends: the switch offers an end on the business's clock.
    await page.getByRole('textbox', { name: 'Message' }).fill('Oysters two for one');
    await page.getByRole('switch', { name: 'Offer ends' }).check();
    await expect(page.getByText('The notification stops being delivered at that time')).toBeVisible();
    await screenshotBoth(page, 'push-offer-compose');
    await page.getByRole('button', { name: 'Send and post' }).click();
    await expect(snackbar(page, 'Notification and post has been sent!')).toBeVisible();
    const first = await waitForPush(phone.endpoint);
    const id = (first.json as PushMessage).id;
    // The push lives until the offer ends (suggested about an hour or two ahead), not a whole day.
    expect(first.ttl).toBeLessThanOrEqual(3 * 3600);
    const card = page.getByRole('article').filter({ hasText: 'Oysters two for one' });
    await expect(card.getByText(/^Valid until /)).toBeVisible();

    // Edit it and update it on the phones that got it.
    await card.getByRole('button', { name: 'Post actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the post' });
    await edit.getByRole('textbox', { name: 'Message' }).fill('Oysters two for one, until nine');
    await edit.getByRole('checkbox', { name: 'Update on phones' }).check();
    await expectAccessible(page);
    await screenshotBoth(page, 'push-update-on-phones');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Post updated. The phones that got it show the new text.')).toBeVisible();
    const update = await waitForPush(phone.endpoint, (m) => (m.json as PushMessage).updated === true);
    expect(update.json).toMatchObject({
      id,
      body: 'Oysters two for one, until nine',
      tag: `notification-${id}`,
    });
    expect(update.topic).toBe(first.topic);

    // Delete it and withdraw it from the phones.
    await card.getByRole('button', { name: 'Post actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete this post?' });
    await remove.getByRole('checkbox', { name: 'Withdraw from phones' }).check();
    await screenshotBoth(page, 'push-withdraw-from-phones');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(snackbar(page, 'Post deleted and withdrawn from phones.')).toBeVisible();
    const withdrawal = await waitForPush(phone.endpoint, (m) => (m.json as PushMessage).kind === 'withdrawn');
    expect(withdrawal.json).toMatchObject({
      id,
      tag: `notification-${id}`,
      body: 'This message was withdrawn.',
    });
    await expect(card).toHaveCount(0);
  });

  test('the account page lists my devices and says which stopped receiving', async ({ page, request }) => {
    const { establishment, token, clientToken } = await followedBusiness(request, 'Device Deli');
    await registeredDevice(request, token, ANDROID_CHROME);
    const broken = await registeredDevice(request, token, IPHONE_SAFARI);
    // The iPhone's push service fails a send (twice, PUSH_MAX_ATTEMPTS=2 here): it is skipped from now on.
    await failAtPushService(broken.endpoint);
    const post = await send(request, clientToken, establishment.id, 'Soup of the day');
    await expect
      .poll(async () => {
        const response = await request.get(`/api/notifications/${post.id}`, { headers: bearer(clientToken) });
        return ((await response.json()) as { post: Post }).post.delivery?.failed;
      })
      .toBe(1);

    await startSignedIn(page, token);
    await page.goto('/app/account');
    const devices = page.getByRole('region', { name: 'Your devices' });
    await expect(devices.getByText('Chrome on Android')).toBeVisible();
    await expect(devices.getByText('Safari on iOS')).toBeVisible();
    await expect(devices.getByText('This phone stopped receiving: turn notifications on again')).toHaveCount(
      1,
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'account-devices');

    await devices.getByRole('button', { name: /^Remove Safari on iOS/ }).click();
    await expect(snackbar(page, 'Device removed')).toBeVisible();
    await expect(devices.getByText('Safari on iOS')).toHaveCount(0);
    await expect(devices.getByText('This phone stopped receiving')).toHaveCount(0);
  });
});
