/**
 * A guest follower (a phone that followed with "Get notifications", no account) later: it adds an
 * email by registering on that phone, which turns the guest into the account (the follow and the
 * device move, nothing followed twice), and the business's next send still rings on the phone; or
 * it stops the business's notifications from the post page a push opens, and as that was its last
 * follow, nothing about the phone is kept and a later send does not reach it.
 *
 * As in first-minute.spec.ts, the browser's push service is the local one (Chromium here has no
 * route to a vendor's): the server's real encrypted messages arrive there, and DevTools delivers
 * them to the page's real service worker, which shows them.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { PushMessage } from '../../src/shared/push/payload';
import { postPath } from '../../src/shared/push/payload';
import type { Post } from '../../src/shared/schemas/notification.schema';
import { CONSENT_COOKIE } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import {
  deliverUntilShown,
  pushesTo,
  pushServiceOfTheBrowser,
  pushServiceSubscription,
  serviceWorkerRegistrationId,
  shownNotifications,
  waitForPush,
} from './support/push';
import { screenshotBoth } from './support/screenshots';
import { apiLogin, uniqueEmail } from './support/users';

const PHONE = { width: 390, height: 844 };
const OFFER = 'Add your email to get news by email and to comment';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A business and its operator's token, for sending as the operator does (through the API). */
async function business(request: APIRequestContext, name: string) {
  const { client, establishment } = await clientWithEstablishment(request, name);
  return { establishment, token: (await apiLogin(request, client)).accessToken };
}

/** The operator sends (and posts) a notification; its post as the answer gives it. */
async function send(request: APIRequestContext, token: string, establishmentId: string, text: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(token),
    data: { text, post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { notification: Post }).notification;
}

/** A phone, its push service played by the local one; the person has allowed notifications. */
async function phone(browser: Browser, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL }]);
  await context.grantPermissions(['notifications'], { origin });
  const page = await context.newPage();
  const subscription = await pushServiceSubscription();
  await pushServiceOfTheBrowser(page, [subscription]);
  return { context, page, origin, endpoint: subscription.endpoint };
}

/** "Get notifications" on the business's page (one tap; allowed): following as a guest, no account. */
async function followAsGuest(page: Page, publicId: string) {
  await page.goto(`/${publicId}?src=qr`);
  await page.getByRole('button', { name: 'Get notifications' }).click();
  await expect(page.getByRole('link', { name: OFFER })).toBeVisible({ timeout: 30_000 });
}

/** The push of this notification, delivered to the phone's real service worker until shown. */
async function shownOnThePhone(page: Page, origin: string, endpoint: string, notificationId: string) {
  const pushed = await waitForPush(endpoint, (m) => (m.json as PushMessage).id === notificationId);
  const { cdp, registrationId } = await serviceWorkerRegistrationId(page.context(), page, origin);
  const tag = `notification-${notificationId}`;
  await deliverUntilShown(page, { cdp, registrationId, origin }, pushed.body, tag);
  return (await shownNotifications(page)).find((shown) => shown.tag === tag);
}

test.describe('a guest follower later', () => {
  test('adds an email: the guest becomes the account, follows once, and the next send rings on the same phone', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const { establishment, token } = await business(request, 'Merge Bar');
    const { context, page, origin, endpoint } = await phone(browser, baseURL!);
    await followAsGuest(page, establishment.publicId);

    // The one line that offers more, then the form.
    await page.getByRole('link', { name: OFFER }).click();
    const email = uniqueEmail('guest-merge');
    await page.getByRole('textbox', { name: 'First name' }).fill('Mia');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Table');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone' }).fill('+421 907 333 555');
    await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
    await page.getByRole('button', { name: 'Register and follow' }).click();
    await expect(page.getByRole('heading', { name: 'Successfully Registered!' })).toBeVisible();

    // The account: the person's email, and the business followed once.
    await page.goto('/app/account');
    await expect(page.getByText(email).first()).toBeVisible();
    const businesses = page.getByRole('region', { name: 'Your businesses' });
    await expect(businesses.getByText(establishment.name, { exact: true })).toHaveCount(1);
    const stored = await page.evaluate(() => localStorage.getItem('accessToken'));
    const follows = await request.get('/api/account/follows', { headers: bearer(stored!) });
    expect(follows.status()).toBe(200);
    const { items } = (await follows.json()) as { items: { establishment: { id: string } }[] };
    expect(items.map((item) => item.establishment.id)).toEqual([establishment.id]);
    await expect(page.getByRole('link', { name: OFFER })).toHaveCount(0);

    // The business sends: the same phone rings, shown by its service worker.
    const post = await send(request, token, establishment.id, 'Happy hour from six');
    const shown = await shownOnThePhone(page, origin, endpoint, post.id);
    expect(shown).toMatchObject({ title: establishment.name, body: 'Happy hour from six' });
    // Its "Stop notifications" button (in the app's language, kept by the app on the device) opens the
    // post page at its stop control: the way to stop when the push's tap opens a business's own link.
    expect(shown?.actions).toEqual([{ action: 'stop', title: 'Stop notifications' }]);
    const stopUrl = `${postPath(establishment.id, post.id)}?stop=1`;
    expect(shown?.data.actionUrls).toEqual({ stop: stopUrl });

    // The post page the button opens: the account may stop the notifications and keep the posts.
    await page.goto(stopUrl);
    const stop = page.getByRole('button', { name: `Stop notifications from ${establishment.name}` });
    await expect(stop).toBeFocused();
    await expectAccessible(page);
    await screenshotBoth(page, 'post-page-stop-account');
    await stop.click();
    await expect(
      page.getByText(`You get no notifications from ${establishment.name} now. Its posts stay in your feed.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn notifications back on' })).toBeFocused();
    await screenshotBoth(page, 'post-page-stopped-account');
    await context.close();
  });

  test('stops the notifications from the post page: nothing of the phone is kept, and a later send does not reach it', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const { establishment, token } = await business(request, 'Stop Bar');
    const { context, page, origin, endpoint } = await phone(browser, baseURL!);
    await followAsGuest(page, establishment.publicId);

    const first = await send(request, token, establishment.id, 'Quiz night on Thursday');
    expect(await shownOnThePhone(page, origin, endpoint, first.id)).toMatchObject({
      body: 'Quiz night on Thursday',
    });

    // The push opens its post; the guest stops, and is told first that nothing is kept.
    await page.goto(postPath(establishment.id, first.id));
    await expect(page.getByText('Quiz night on Thursday')).toBeVisible();
    const stop = page.getByRole('button', { name: `Stop notifications from ${establishment.name}` });
    await expect(stop).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'post-page-stop-guest');
    // Keyboard: the action and the dialog's buttons are reached and pressed without a pointer.
    await stop.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Stop notifications from ${establishment.name}?` });
    await expect(dialog.getByText('nothing about this device is kept')).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'post-page-stop-guest-confirm');
    await dialog.getByRole('button', { name: 'Stop and delete' }).focus();
    await page.keyboard.press('Enter');

    // The public page says so; the phone is signed out and its subscription dropped.
    await expect(page).toHaveURL(new RegExp(`/${establishment.publicId}$`));
    await expect(page.getByText('Nothing about this device is kept', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get notifications' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(
      await page.evaluate(
        async () =>
          (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? null,
      ),
    ).toBeNull();
    await expectAccessible(page);
    await screenshotBoth(page, 'public-page-guest-left');
    // Still there once everything settled: the ended session sends nobody to the sign-in page.
    await expect(page).toHaveURL(new RegExp(`/${establishment.publicId}$`));
    await expect(page.getByRole('heading', { name: establishment.name, level: 1 })).toBeVisible();

    // A later send is done, and nothing of it went to the phone.
    const later = await send(request, token, establishment.id, 'Quiz night moved to Friday');
    await expect
      .poll(
        async () => {
          const answer = await request.get(`/api/notifications/${later.id}`, { headers: bearer(token) });
          return ((await answer.json()) as { post: Post }).post.delivery?.status;
        },
        { message: 'the later send is done', timeout: 30_000 },
      )
      .toBe('done');
    const received = (await pushesTo(endpoint)).map((m) => (m.json as PushMessage).id);
    expect(received).toContain(first.id);
    expect(received).not.toContain(later.id);
    await context.close();
  });
});
