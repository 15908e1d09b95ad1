import type { APIRequestContext } from '@playwright/test';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Post } from '../../src/shared/schemas/notification.schema';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import {
  deliverUntilShown,
  pushesTo,
  pushServiceSubscription,
  serviceWorkerRegistrationId,
  shownNotifications,
  waitForPush,
} from './support/push';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

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
          // No "Stop notifications" button: this device was subscribed without the app, which
          // stores the button's label on the device when it registers one.
          actions: [],
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
        const all = await pushesTo(subscription.endpoint);
        nextBody = all.find((m) => (m.json as PushMessage).id === nextId)?.body ?? '';
        return nextBody.length;
      })
      .toBeGreaterThan(0);
    await deliverUntilShown(page, { cdp, registrationId, origin }, nextBody, `notification-${nextId}`);
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
