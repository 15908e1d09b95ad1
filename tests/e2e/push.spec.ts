import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Post } from '../../src/shared/schemas/notification.schema';
import type { ReceivedMessage, TestSubscription } from '../support/push-service';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

/** The e2e server's side door (port + 1): push service subscriptions and the messages it accepted. */
const CONTROL_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new subscription of the local push service, as a browser's PushSubscription.toJSON() would give. */
async function pushServiceSubscription(): Promise<TestSubscription> {
  const response = await fetch(`${CONTROL_URL}/push/subscriptions`, { method: 'POST' });
  expect(response.status).toBe(201);
  return (await response.json()) as TestSubscription;
}

/** Wait until the push service accepted a message for this endpoint; returns it decrypted. */
async function waitForPush(endpoint: string): Promise<ReceivedMessage> {
  let messages: ReceivedMessage[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${CONTROL_URL}/push/messages?endpoint=${encodeURIComponent(endpoint)}`);
        messages = (await response.json()) as ReceivedMessage[];
        return messages.length;
      },
      { message: `a push message for ${endpoint}`, timeout: 20_000, intervals: [100, 200, 300, 500] },
    )
    .toBeGreaterThan(0);
  return messages[0]!;
}

/** The registration id Chrome gave the page's service worker (what DevTools needs to deliver a push). */
async function serviceWorkerRegistrationId(context: BrowserContext, page: Page, origin: string) {
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
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as { url: string; id: string; receipt?: string },
    }));
  });

async function postAsSeenBy(request: APIRequestContext, token: string, id: string): Promise<Post> {
  const response = await request.get(`/api/notifications/${id}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { post: Post }).post;
}

test.describe('web push', () => {
  test('a business sends a notification; the follower’s device shows it and its receipt is counted', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { client, establishment } = await clientWithEstablishment(request, 'Push Bistro');

    // A customer follows the business and their browser subscribes to push (the subscription is the
    // local push service's: the test holds its private key and reads what arrives there).
    const customer = await registerCustomer(request, { tag: 'push-follower', verified: true });
    const customerToken = (await apiLogin(request, customer)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(customerToken),
    });
    expect(follow.status(), await follow.text()).toBe(200);
    const subscription = await pushServiceSubscription();
    const subscribe = await request.post('/notifications/subscribe', {
      headers: bearer(customerToken),
      data: { ...subscription, expirationTime: null },
    });
    expect(subscribe.status(), await subscribe.text()).toBe(201);
    expect(await subscribe.json()).toMatchObject({ created: true });

    // The business's client sends "send and post".
    const clientToken = (await apiLogin(request, client)).accessToken;
    const text = 'Fresh croissants are out of the oven — first ten get a free espresso ☕';
    const send = await request.post(`/api/establishments/${establishment.id}/notifications`, {
      headers: bearer(clientToken),
      data: { text, post: true },
    });
    expect(send.status(), await send.text()).toBe(202);
    const sent = (await send.json()) as { notification: Post; message: string };
    expect(sent.message).toBe('Notification and post has been sent!');
    const id = sent.notification.id;

    // The push service received it: encrypted for this subscription, signed with VAPID for its origin.
    const pushed = await waitForPush(subscription.endpoint);
    const message = pushed.json as PushMessage;
    expect(message).toMatchObject({
      v: 1,
      id,
      establishmentId: establishment.id,
      title: establishment.name,
      body: text,
      url: `/app/establishment/${establishment.id}/notification/${id}`,
      tag: `notification-${id}`,
    });
    expect(message.receipt).toEqual(expect.any(String));
    expect(pushed.ttl).toBeGreaterThan(0);
    expect(new URL(subscription.endpoint).origin).toBe(pushed.vapid.aud);

    // The customer's browser: the app with its service worker, notifications allowed.
    await context.grantPermissions(['notifications'], { origin });
    await startSignedIn(page, customerToken);
    await page.goto('/redirect');
    await expect(page).toHaveURL(/\/app\//);
    const { cdp, registrationId } = await serviceWorkerRegistrationId(context, page, origin);
    expect(await shownNotifications(page)).toEqual([]);

    // Chrome delivers the very payload the push service decrypted to the real service worker.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: pushed.body });

    await expect
      .poll(() => shownNotifications(page), { message: 'the notification the service worker shows' })
      .toEqual([
        {
          title: establishment.name,
          body: text,
          tag: `notification-${id}`,
          icon: `${origin}/icons/icon-192.png`,
          data: { url: message.url, id, receipt: message.receipt },
        },
      ]);

    // The service worker reported the receipt: the business sees it reached one device.
    await expect
      .poll(async () => (await postAsSeenBy(request, clientToken, id)).delivery, {
        message: 'delivery figures after the receipt',
      })
      .toMatchObject({ status: 'done', audience: 1, sent: 1, received: 1, failed: 0, gone: 0, pending: 0 });

    // After a crash, a request that was in flight may reach the device twice: shown once (its tag
    // replaces the first), counted once. A second notification, delivered after the repeat, shows
    // that the repeat was handled.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: pushed.body });
    const next = await request.post(`/api/establishments/${establishment.id}/notifications`, {
      headers: bearer(clientToken),
      data: { text: 'Second batch of croissants', post: true },
    });
    expect(next.status(), await next.text()).toBe(202);
    const nextId = ((await next.json()) as { notification: Post }).notification.id;
    let nextBody = '';
    await expect
      .poll(async () => {
        const response = await fetch(
          `${CONTROL_URL}/push/messages?endpoint=${encodeURIComponent(subscription.endpoint)}`,
        );
        const all = (await response.json()) as ReceivedMessage[];
        nextBody = all.find((m) => (m.json as PushMessage).id === nextId)?.body ?? '';
        return nextBody.length;
      })
      .toBeGreaterThan(0);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: nextBody });
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.tag).sort(), {
        message: 'each notification shown once',
      })
      .toEqual([`notification-${id}`, `notification-${nextId}`].sort());
    await expect
      .poll(async () => (await postAsSeenBy(request, clientToken, nextId)).delivery?.received)
      .toBe(1);
    expect((await postAsSeenBy(request, clientToken, id)).delivery).toMatchObject({ sent: 1, received: 1 });
  });
});
