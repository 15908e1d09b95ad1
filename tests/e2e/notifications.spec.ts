import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Post } from '../../src/shared/schemas/notification.schema';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment, makePng } from './support/establishments';
import { expect, test } from './support/fixtures';
import { pushServiceSubscription } from './support/push';
import { DESKTOP, SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

test.use({ viewport: DESKTOP });

/** A phone as wide as an iPhone 12 to 15. */
const PHONE = { width: 390, height: 844 };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A snackbar (notistack) with this text. */
const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

/** A post's card in a feed, by a piece of its text. */
const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** Choose a file in the file chooser that a button opens, as a person would. */
async function chooseFile(page: Page, button: Locator, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/** Save the settled screen at desktop and phone width to test-results/screenshots/notifications-<name>-*.png. */
async function screenshots(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return page.setViewportSize(DESKTOP);
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
    await saveScreenshot(page, {
      path: `test-results/screenshots/notifications-${name}-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(DESKTOP);
}

/** A customer who follows the establishment and whose "device" is a subscription of the local push service. */
async function subscribedFollower(request: APIRequestContext, establishmentId: string) {
  const customer = await registerCustomer(request, { tag: 'compose-follower', verified: true });
  const token = (await apiLogin(request, customer)).accessToken;
  const follow = await request.post(`/api/establishments/${establishmentId}/follow`, {
    headers: bearer(token),
  });
  expect(follow.status(), await follow.text()).toBe(200);
  const subscription = await pushServiceSubscription();
  const subscribe = await request.post('/notifications/subscribe', {
    headers: bearer(token),
    data: { ...subscription, expirationTime: null },
  });
  expect(subscribe.status(), await subscribe.text()).toBe(201);
}

/** "Send and post" through the API, as the establishment's client. */
async function sendByApi(request: APIRequestContext, token: string, establishmentId: string, text: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(token),
    data: { text, post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { notification: Post }).notification;
}

test.describe('notifications', () => {
  test('a client composes with a picture, sends and posts; the post is in the feed and its page shows the delivery', async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Compose Bistro');
    await subscribedFollower(request, establishment.id);
    const token = (await apiLogin(request, client)).accessToken;
    await startSignedIn(page, token);
    await page.goto(`/app/establishment/${establishment.id}`);

    const compose = page.getByRole('region', { name: 'New notification' });
    await expect(compose).toBeVisible();
    const message = compose.getByRole('textbox', { name: /^Message/ });
    const send = compose.getByRole('button', { name: 'Send', exact: true });
    const sendAndPost = compose.getByRole('button', { name: 'Send and post' });
    const preview = compose.getByRole('img', { name: /^Preview of the push notification/ });
    await expect(compose.getByText(/^Characters left in the push message: [\d,.\s\u00a0]+$/)).toBeVisible();

    // Sending nothing says what is missing, beside the field.
    await sendAndPost.click();
    await expect(compose.getByText('text is required')).toBeVisible();

    // Too much for a 4 KB push message: said beside the field before anything is sent; both buttons wait.
    await message.fill('Ž'.repeat(1900));
    await expect(
      compose.getByText('The notification is too long for a push message. Shorten the text.'),
    ).toBeVisible();
    await expect(send).toBeDisabled();
    await expect(sendAndPost).toBeDisabled();

    // A file that is not a picture is refused beside the picture control.
    const notes = path.join(await mkdtemp(path.join(tmpdir(), 'e2e-notes-')), 'notes.txt');
    await writeFile(notes, 'not a picture');
    const addPicture = compose.getByRole('button', { name: 'Add a picture, PDF or video' });
    await chooseFile(page, addPicture, notes);
    await expect(compose.getByRole('alert')).toHaveText(
      'This file is not one a post can carry: a picture (JPEG, PNG, WebP, GIF or AVIF), a PDF, or an MP4 or WebM video.',
    );

    // The text and a real picture; the preview follows as they type.
    const text = 'Fresh croissants at 7:00!\nThe first ten get a free espresso.';
    await message.fill(text);
    await expect(preview).toContainText(establishment.name);
    await expect(preview).toContainText('Fresh croissants at 7:00!');
    const picture = await makePng('croissant.png', {
      width: 1200,
      height: 800,
      from: '#ff8f00',
      to: '#6d4c41',
      label: 'Croissants',
    });
    await chooseFile(page, addPicture, picture);
    const thumbnail = compose.getByRole('img', { name: 'The picture of the notification' });
    await expect(thumbnail).toBeVisible();
    await expect(compose.getByRole('button', { name: 'Remove the picture' })).toBeVisible();
    await expect(compose.getByRole('alert')).toHaveCount(0);
    await expect(sendAndPost).toBeEnabled();
    await expectAccessible(page);
    await screenshots(page, 'compose');

    const sendRequest = (text: string) =>
      page.waitForRequest(
        (r) =>
          r.method() === 'POST' &&
          r.url().endsWith('/notifications') &&
          r.postData()?.includes(text) === true,
      );
    const firstSend = sendRequest('croissants');
    await sendAndPost.click();
    await expect(snackbar(page, 'Notification and post has been sent!')).toBeVisible();
    await expect(message).toHaveValue('');
    // Each compose carries its own Idempotency-Key, so a repeat of the same request sends nothing twice.
    const firstKey = (await firstSend).headers()['idempotency-key'];
    expect(firstKey).toMatch(/^[0-9a-f]{32}$/);
    await expect(thumbnail).toHaveCount(0);

    // The post is in the establishment's feed, with its line breaks, picture and delivery line.
    const card = postCard(page, 'The first ten get a free espresso.');
    await expect(card).toBeVisible();
    await expect(card.getByText(text)).toBeVisible();
    await expect(card.getByRole('img', { name: `Picture posted by ${establishment.name}` })).toBeVisible();
    await expect(card.getByText('Push only')).toHaveCount(0);

    // "Send" alone: push only, still listed for the business, marked as such.
    await message.fill('Closed on Monday for a family celebration.');
    const secondSend = sendRequest('Closed on Monday');
    await send.click();
    expect((await secondSend).headers()['idempotency-key']).not.toBe(firstKey);
    await expect(snackbar(page, 'Notification has been sent!')).toBeVisible();
    const pushOnly = postCard(page, 'Closed on Monday for a family celebration.');
    await expect(pushOnly.getByText('Push only')).toBeVisible();
    // Newest first.
    await expect(page.getByRole('article').first()).toContainText('Closed on Monday');
    await expect(page.locator('#notistack-snackbar')).toHaveCount(0, { timeout: 10_000 });
    await screenshots(page, 'feed');

    // The post's page: the figures as the send ran (one follower, one device: sent).
    await card.getByRole('link', { name: /^Open/ }).click();
    await expect(page).toHaveURL(
      new RegExp(`/app/establishment/${establishment.id}/notification/[0-9a-f-]{36}$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: establishment.name })).toBeVisible();
    await expect(page.getByText('Push notification and post in the feed')).toBeVisible();
    const delivery = page.getByRole('region', { name: 'Delivery' });
    const tile = (label: string) => delivery.getByRole('group', { name: label, exact: true });
    for (const label of ['Audience', 'Sent', 'Received', 'Clicked', 'Failed', 'Gone'])
      await expect(tile(label)).toBeVisible();
    // It polls while the send runs and settles when done.
    await expect(delivery.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
    await expect(tile('Audience')).toHaveAccessibleDescription('1');
    await expect(tile('Sent')).toHaveAccessibleDescription('1');
    await expect(tile('Failed')).toHaveAccessibleDescription('0');
    await expect(tile('Gone')).toHaveAccessibleDescription('0');
    await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(page.getByText(text)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'post-page');

    // Back to the establishment.
    await page.getByRole('link', { name: `Back to ${establishment.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/app/establishment/${establishment.id}$`));
  });

  test('a customer following two establishments sees the posts of both on the social feed, newest first', async ({
    page,
    request,
  }) => {
    const first = await clientWithEstablishment(request, 'Feed Bakery');
    const second = await clientWithEstablishment(request, 'Feed Florist');
    const bakeryText = 'Sourdough loaves are back on Saturday.';
    const floristText = 'Tulips from Holland arrived this morning.';
    await sendByApi(
      request,
      (await apiLogin(request, first.client)).accessToken,
      first.establishment.id,
      bakeryText,
    );
    await sendByApi(
      request,
      (await apiLogin(request, second.client)).accessToken,
      second.establishment.id,
      floristText,
    );

    const customer = await registerCustomer(request, { tag: 'social-feed', verified: true });
    const token = (await apiLogin(request, customer)).accessToken;
    for (const { establishment } of [first, second]) {
      const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
        headers: bearer(token),
      });
      expect(follow.status(), await follow.text()).toBe(200);
    }

    await startSignedIn(page, token);
    await page.goto('/app/social/feed');
    await expect(page.getByRole('heading', { level: 1, name: 'Your feed' })).toBeVisible();
    const posts = page.getByRole('article');
    await expect(posts).toHaveCount(2);
    // Newest first: the florist sent last.
    await expect(posts.nth(0)).toContainText(floristText);
    await expect(posts.nth(1)).toContainText(bakeryText);
    const florist = postCard(page, floristText);
    await expect(florist.getByRole('link', { name: second.establishment.name, exact: true })).toHaveAttribute(
      'href',
      `/${second.establishment.publicId}`,
    );
    // A customer sees no delivery figures and no edit menu.
    await expect(florist.getByText('Sent', { exact: true })).toHaveCount(0);
    await expect(florist.getByRole('button', { name: 'Post actions' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, 'social-feed');

    // Each post opens its own page.
    await postCard(page, bakeryText).getByRole('link', { name: /^Open/ }).click();
    await expect(page).toHaveURL(new RegExp(`/app/establishment/${first.establishment.id}/notification/`));
    await expect(page.getByText(bakeryText)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Delivery' })).toHaveCount(0);
  });
});
