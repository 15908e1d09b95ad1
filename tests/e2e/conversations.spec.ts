import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Post } from '../../src/shared/schemas/notification.schema';
import { CONSENT_COOKIE } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { pushServiceSubscription, waitForPush } from './support/push';
import { saveScreenshot } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

/** A phone as wide as an iPhone 12 to 15, and a desktop. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function postByApi(request: APIRequestContext, token: string, establishmentId: string, text: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(token),
    data: { text, post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { notification: Post }).notification;
}

test.describe('ask the business', () => {
  test('a follower asks from a post on a phone, the operator answers from the inbox on a desktop, the follower’s device gets the answer', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Goulash Garden');
    const clientToken = (await apiLogin(request, client)).accessToken;
    const post = await postByApi(
      request,
      clientToken,
      establishment.id,
      'Goulash of the day, with fresh bread',
    );

    const follower = await registerCustomer(request, { tag: 'asker', verified: true });
    const followerToken = (await apiLogin(request, follower)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(followerToken),
    });
    expect(follow.status(), await follow.text()).toBe(200);
    // The follower's phone is subscribed at the local push service (the test reads what arrives).
    const subscription = await pushServiceSubscription();
    const subscribe = await request.post('/notifications/subscribe', {
      headers: bearer(followerToken),
      data: { ...subscription, expirationTime: null },
    });
    expect(subscribe.status(), await subscribe.text()).toBe(201);

    // On the phone: from the post, "Ask the business".
    const phoneContext = await browser.newContext({ viewport: PHONE, baseURL });
    await phoneContext.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL! }]);
    const phone = await phoneContext.newPage();
    await startSignedIn(phone, followerToken);
    await phone.goto(`/app/establishment/${establishment.id}/notification/${post.id}`);
    await phone.getByRole('button', { name: 'Ask the business' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Ask Goulash Garden' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Write a message first.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Your message' }).fill('Is the goulash gluten-free?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(phone).toHaveURL(/\/app\/messages\/[0-9a-f-]{36}$/);
    const conversationUrl = new URL(phone.url()).pathname;
    await expect(phone.getByText('Is the goulash gluten-free?')).toBeVisible();
    await expectAccessible(phone);
    await saveScreenshot(phone, {
      path: 'test-results/screenshots/conversations-asked-phone.png',
      fullPage: true,
    });

    // On the desktop: the operator's sidebar counts one unread; the inbox lists it; they answer.
    const desk = await browser.newContext({ viewport: DESKTOP, baseURL });
    await desk.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL! }]);
    const desktop = await desk.newPage();
    await startSignedIn(desktop, clientToken);
    await desktop.goto(`/app/establishment/${establishment.id}`);
    const inboxLink = desktop.getByRole('link', { name: /Inbox/ });
    await expect(inboxLink.getByLabel('Unread: 1')).toBeVisible();
    await inboxLink.click();
    await expect(desktop.getByRole('heading', { name: 'Inbox' })).toBeVisible();
    await desktop.getByRole('button', { name: 'Waiting for an answer' }).click();
    const row = desktop.getByRole('link', { name: /Is the goulash gluten-free\?/ });
    await expect(row).toBeVisible();
    await expectAccessible(desktop);
    await saveScreenshot(desktop, {
      path: 'test-results/screenshots/conversations-inbox-desktop.png',
      fullPage: true,
    });
    await row.click();
    await expect(desktop).toHaveURL(new RegExp(`${conversationUrl}$`));
    await desktop
      .getByRole('textbox', { name: 'Answer as the business' })
      .fill('Yes, and we have a vegan one too.');
    // With a picture of the dish: uploaded when chosen, sent with the answer.
    const dish = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 190, g: 90, b: 40 } },
    })
      .png()
      .toBuffer();
    await desktop
      .locator('input[type="file"]')
      .setInputFiles({ name: 'goulash.png', mimeType: 'image/png', buffer: dish });
    await expect(desktop.getByRole('img', { name: 'The picture to send' })).toBeVisible();
    await expect(desktop.getByRole('button', { name: 'Answer' })).toBeEnabled();
    await desktop.getByRole('button', { name: 'Answer' }).click();
    await expect(desktop.getByText('Yes, and we have a vegan one too.')).toBeVisible();
    await expect(desktop.getByRole('img', { name: /^Picture from Goulash Garden/ })).toBeVisible();
    await expect(inboxLink.getByLabel(/Unread/)).toHaveCount(0);
    await saveScreenshot(desktop, {
      path: 'test-results/screenshots/conversations-answered-desktop.png',
      fullPage: true,
    });

    // The follower's device gets the answer, which opens the conversation.
    const pushed = await waitForPush(
      subscription.endpoint,
      (m) => (m.json as PushMessage)?.kind === 'message',
    );
    expect(pushed.json).toMatchObject({
      title: establishment.name,
      body: 'Yes, and we have a vegan one too.',
      url: conversationUrl,
    });
    await phone.goto(conversationUrl);
    await expect(phone.getByText('Yes, and we have a vegan one too.')).toBeVisible();
    // The picture, fetched with the follower's session, opens larger.
    const thumbnail = phone.getByRole('img', { name: /^Picture from Goulash Garden/ });
    await expect(thumbnail).toBeVisible();
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await phone.getByRole('button', { name: /^Open the picture from Goulash Garden/ }).click();
    const larger = phone.getByRole('dialog').getByRole('img');
    await expect(larger).toBeVisible();
    expect(await larger.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await saveScreenshot(phone, { path: 'test-results/screenshots/conversations-picture-phone.png' });
    await phone.getByRole('button', { name: 'Close the picture' }).click();
    await expect(phone.getByRole('dialog')).toBeHidden();
    await saveScreenshot(phone, {
      path: 'test-results/screenshots/conversations-answered-phone.png',
      fullPage: true,
    });
    await phoneContext.close();
    await desk.close();
  });
});
