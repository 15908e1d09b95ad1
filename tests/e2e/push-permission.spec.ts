import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A verified customer following a new business; returns their token. */
async function follower(request: APIRequestContext) {
  const { establishment } = await clientWithEstablishment(request, 'Bell Bakery');
  const customer = await registerCustomer(request, { tag: 'bell', verified: true });
  const token = (await apiLogin(request, customer)).accessToken;
  const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
    headers: bearer(token),
  });
  expect(follow.status(), await follow.text()).toBe(200);
  return { token, establishment };
}

/** Counts the page's calls of the browser's permission question (the browser's API, not our code). */
async function countPermissionQuestions(page: Page) {
  await page.addInitScript(() => {
    const w = window as Window & { permissionQuestions?: number };
    w.permissionQuestions = 0;
    if (!('Notification' in window)) return;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof ask>) => {
      w.permissionQuestions = (w.permissionQuestions ?? 0) + 1;
      return ask(...args);
    };
  });
  return () => page.evaluate(() => (window as Window & { permissionQuestions?: number }).permissionQuestions);
}

/** What the browser answers for notifications on this origin, set as a person would in site settings. */
async function setNotificationPermission(context: BrowserContext, page: Page, setting: 'denied' | 'prompt') {
  const cdp = await context.newCDPSession(page);
  // Playwright's context is a browser context of its own: the setting must name it.
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting,
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
}

/** A following customer signed in on their feed, the browser's permission questions counted. */
async function onTheFeed(page: Page, request: APIRequestContext) {
  const { token } = await follower(request);
  const questions = await countPermissionQuestions(page);
  await startSignedIn(page, token);
  await page.goto('/app/social/feed');
  const prompt = page.getByRole('region', { name: 'Get their news the moment it is sent' });
  await expect(prompt).toBeVisible();
  return { questions, prompt };
}

test.describe('push permission at the right moment', () => {
  test('the feed explains and offers a button; nothing asks on load; the bell shows the state and blocked says how to undo it', async ({
    page,
    context,
    request,
  }) => {
    const { questions, prompt } = await onTheFeed(page, request);
    await expect(prompt).toContainText('announcements, menus and discounts');
    const bell = page.getByRole('button', { name: 'Notifications on this device: Off' });
    await expect(bell).toBeVisible();
    // Signed in, on the feed: the browser has not been asked anything.
    expect(await questions()).toBe(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'push-prompt-feed');

    // The bell says the same, with the same button.
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications on this device: Off' });
    await expect(panel).toContainText('This device gets no notifications.');
    await expect(panel.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // The person blocks notifications in the browser: the prompt and the bell say how to allow them again.
    await setNotificationPermission(context, page, 'denied');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications on this device: Blocked' })).toBeVisible();
    await expect(prompt).toContainText('open the site settings');
    await expect(prompt.getByRole('button', { name: 'Turn on notifications' })).toHaveCount(0);
    expect(await questions()).toBe(0);

    // "Not now" puts the offer away for good on this device; the bell stays.
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications on this device: Blocked' })).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });

  test('only the button asks the browser', async ({ page, context, request }) => {
    const { questions, prompt } = await onTheFeed(page, request);
    await setNotificationPermission(context, page, 'prompt');
    expect(await questions()).toBe(0);
    await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect.poll(questions).toBe(1);
  });
});
