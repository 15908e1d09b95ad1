import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { ReceivedMessage, TestSubscription } from '../../support/push-service';
import { expect } from './fixtures';
import { CONTROL_URL } from './ports';

export { CONTROL_URL };

/** A new subscription of the local push service, as a browser's PushSubscription.toJSON() would give. */
export async function pushServiceSubscription(): Promise<TestSubscription> {
  const response = await fetch(`${CONTROL_URL}/push/subscriptions`, { method: 'POST' });
  expect(response.status).toBe(201);
  return (await response.json()) as TestSubscription;
}

/**
 * The browser's push service, played by the local one, in the page: Chromium here has no route to a
 * vendor's push service (FCM). Each PushManager.subscribe() hands out the next of `subscriptions`
 * (the last one again when they run out), unsubscribe() drops the current one, as a browser does.
 */
export async function pushServiceOfTheBrowser(page: Page, subscriptions: TestSubscription[]) {
  await page.addInitScript((given) => {
    if (!('PushManager' in window)) return;
    const bytes = (base64url: string) =>
      Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    let store: Storage;
    try {
      store = window.sessionStorage;
      store.getItem('e2e-push');
    } catch {
      return; // about:blank and other opaque origins: no app here.
    }
    // Kept across reloads of the page, as the browser keeps its subscription.
    const state = () => JSON.parse(store.getItem('e2e-push') ?? '{"next":0,"current":null}');
    const save = (value: { next: number; current: number | null }) =>
      store.setItem('e2e-push', JSON.stringify(value));
    const subscriptionOf = (index: number, key: ArrayBuffer | null) => {
      const one = given[index]!;
      return {
        endpoint: one.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key },
        getKey: (name: 'p256dh' | 'auth') => bytes(one.keys[name]),
        toJSON: () => ({ endpoint: one.endpoint, expirationTime: null, keys: one.keys }),
        unsubscribe: async () => {
          save({ ...state(), current: null });
          return true;
        },
      } as unknown as PushSubscription;
    };
    let key: ArrayBuffer | null = null;
    PushManager.prototype.getSubscription = async () => {
      const { current } = state();
      return current === null ? null : subscriptionOf(current, key ?? (await serverKey()));
    };
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      if (Notification.permission !== 'granted')
        throw new DOMException('Permission denied', 'NotAllowedError');
      key = (options!.applicationServerKey as Uint8Array).slice().buffer;
      const { next } = state();
      const index = Math.min(next, given.length - 1);
      save({ next: next + 1, current: index });
      return subscriptionOf(index, key);
    };
    /** The key a subscription kept across a reload was made with: the server's. */
    async function serverKey() {
      const { publicKey } = (await (await fetch('/api/push/public-key')).json()) as { publicKey: string };
      return bytes(publicKey);
    }
  }, subscriptions);
}

/** The push service answers 410 for this endpoint from now on: the browser dropped it. */
export async function expireAtPushService(endpoint: string) {
  const response = await fetch(`${CONTROL_URL}/push/expire?endpoint=${encodeURIComponent(endpoint)}`, {
    method: 'POST',
  });
  expect(response.status).toBe(204);
}

/** The push service answers 500 for this endpoint from now on: a device that stopped receiving. */
export async function failAtPushService(endpoint: string) {
  const response = await fetch(`${CONTROL_URL}/push/fail?endpoint=${encodeURIComponent(endpoint)}`, {
    method: 'POST',
  });
  expect(response.status).toBe(204);
}

/** The messages the push service accepted for this endpoint so far, decrypted, oldest first. */
export async function pushesTo(endpoint: string): Promise<ReceivedMessage[]> {
  const response = await fetch(`${CONTROL_URL}/push/messages?endpoint=${encodeURIComponent(endpoint)}`);
  return (await response.json()) as ReceivedMessage[];
}

/** Wait until the push service accepted a message for this endpoint (the first one `matches`). */
export async function waitForPush(
  endpoint: string,
  matches: (message: ReceivedMessage) => boolean = () => true,
): Promise<ReceivedMessage> {
  let found: ReceivedMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await pushesTo(endpoint)).find(matches);
        return found !== undefined;
      },
      { message: `a push message for ${endpoint}`, timeout: 30_000, intervals: [100, 200, 300, 500] },
    )
    .toBe(true);
  return found!;
}

/** The registration id Chrome gave the page's service worker (what DevTools needs to deliver a push). */
export async function serviceWorkerRegistrationId(context: BrowserContext, page: Page, origin: string) {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) {
      if (registration.isDeleted) registrations.delete(registration.scopeURL);
      else registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.get(scope), { message: `service worker registration of ${scope}` })
    .toBeTruthy();
  expect(new URL(scope).origin).toBe(origin);
  return { cdp, registrationId: registrations.get(scope)! };
}

/** The notifications the page's service worker registration shows. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      // Chromium's buttons (absent from TypeScript's Notification), what they say and do.
      actions: ((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map(
        ({ action, title }) => ({ action, title }),
      ),
      data: n.data as {
        url: string;
        id?: string;
        receipt?: string;
        actionUrls?: Record<string, string>;
      },
    }));
  });

/**
 * Hand a push message to the page's service worker through DevTools, again until a notification
 * with `tag` is shown: a push handed over while the worker is still starting up can be dropped
 * (seen in CI). A repeat replaces the first by its tag, and its receipt is counted once.
 */
export async function deliverUntilShown(
  page: Page,
  worker: { cdp: CDPSession; registrationId: string; origin: string },
  body: string,
  tag: string,
) {
  await expect
    .poll(
      async () => {
        await worker.cdp.send('ServiceWorker.deliverPushMessage', {
          origin: worker.origin,
          registrationId: worker.registrationId,
          data: body,
        });
        await page.waitForTimeout(300);
        return (await shownNotifications(page)).some((shown) => shown.tag === tag);
      },
      { message: `the service worker shows ${tag}`, timeout: 30_000, intervals: [700] },
    )
    .toBe(true);
}
