import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Media } from '../../src/shared/schemas/notification.schema';
import { CONSENT_COOKIE } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

/**
 * An operator posts a short video (the browser takes its poster frame) and a PDF menu
 * (the server draws its first page); a follower plays the video in the feed, fetched by range, and
 * opens the menu.
 */
const FIXTURES = path.join(import.meta.dirname, '../fixtures/media');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Choose a file in the compose card and wait for the server's answer to its upload. */
async function uploadInCompose(page: Page, file: string): Promise<Media> {
  const compose = page.getByRole('region', { name: 'New notification' });
  const chooser = page.waitForEvent('filechooser');
  // A video's poster frame is taken in the browser first.
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/media') && r.request().method() === 'POST',
    {
      timeout: 30_000,
    },
  );
  await compose.getByRole('button', { name: /^(Add a picture, PDF or video|Replace the file)$/ }).click();
  await (await chooser).setFiles(path.join(FIXTURES, file));
  const response = await uploaded;
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { media: Media }).media;
}

async function postWith(page: Page, text: string) {
  const compose = page.getByRole('region', { name: 'New notification' });
  await compose.getByRole('textbox', { name: 'Message' }).fill(text);
  await compose.getByRole('button', { name: 'Send and post', exact: true }).click();
  await expect(page.getByText('Notification and post has been sent!')).toBeVisible();
}

test.describe('menus and short videos in posts', () => {
  test('an operator posts a video and a PDF menu; a follower plays the video by range and opens the menu', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // Two uploads, two feeds and a video played: more than the default minute on a busy 2-core runner.
    test.setTimeout(120_000);
    const { client, establishment } = await clientWithEstablishment(request, 'Media Bar');
    const { accessToken } = await apiLogin(request, client);
    await startSignedIn(page, accessToken);
    await page.goto(`/app/establishment/${establishment.id}`);
    const compose = page.getByRole('region', { name: 'New notification' });

    // A WebM: the browser takes the frame at half a second as its poster and sends it along.
    const video = { media: await uploadInCompose(page, 'clip.webm') };
    expect(video.media).toMatchObject({ kind: 'video', width: 320, height: 240, durationSeconds: 2 });
    // The poster is the clip's colourful test frame, not the plain dark one drawn when none is sent.
    const poster = await request.get(video.media.url);
    const { channels } = await sharp(await poster.body()).stats();
    expect(channels[0]!.mean).toBeGreaterThan(80);
    await expect(compose.getByRole('button', { name: 'Remove the video' })).toBeVisible();
    await postWith(page, 'Our new terrace, in two seconds');

    // A PDF menu: its first page is the thumbnail.
    const pdf = { media: await uploadInCompose(page, 'menu.pdf') };
    expect(pdf.media).toMatchObject({ kind: 'pdf', fileUrl: `/file/post/${pdf.media.id}.pdf` });
    await expect(compose.getByRole('img', { name: 'The first page of the PDF' })).toBeVisible();
    await expect(compose.getByRole('button', { name: 'Remove the PDF' })).toBeVisible();
    await postWith(page, 'The Friday menu');

    // A follower's feed.
    const customer = await registerCustomer(request, { tag: 'media-follower', verified: true });
    const customerToken = (await apiLogin(request, customer)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(customerToken),
    });
    expect(follow.status()).toBe(200);
    // The follower on a browser of their own.
    const context = await browser.newContext({ baseURL });
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL! }]);
    const phone = await context.newPage();
    await startSignedIn(phone, customerToken);
    await phone.goto(`/app/establishment/${establishment.id}`);
    await expect(phone.getByRole('region', { name: 'New notification' })).toHaveCount(0);

    const menu = phone.getByRole('article').filter({ hasText: 'The Friday menu' });
    await expect(menu.getByRole('img', { name: 'First page of the PDF posted by Media Bar' })).toBeVisible();
    await expect(menu.getByText(/^PDF, [\d.,]+\s?(kB|KB|MB)$/)).toBeVisible();
    // The first page and the button both open the file, in a new tab.
    const open = menu.getByRole('link', { name: 'Open the PDF' });
    await expect(open).toHaveCount(2);
    for (const link of await open.all()) await expect(link).toHaveAttribute('href', pdf.media.fileUrl!);
    const file = await request.get(pdf.media.fileUrl!);
    expect(file.headers()['content-type']).toBe('application/pdf');

    const terrace = phone.getByRole('article').filter({ hasText: 'Our new terrace' });
    const player = terrace.locator('video');
    await expect(player).toHaveAttribute('poster', video.media.url);
    await expect(player).toHaveAttribute('preload', 'none');
    // Played in place: the browser asks for the file by range and the video advances.
    const ranged = phone.waitForResponse((r) => r.url().endsWith(video.media.fileUrl!) && r.status() === 206);
    await player.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    expect((await ranged).headers()['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);
    await player.evaluate((element: HTMLVideoElement) => element.pause());

    await expectAccessible(phone);
    await screenshotBoth(phone, 'post-media-feed');
    await context.close();
  });
});
