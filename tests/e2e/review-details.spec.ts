import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Post } from '../../src/shared/schemas/notification.schema';
import { SETTINGS_KEY } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { SAVING_SCREENSHOTS, saveScreenshot, screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

// Details a review found that only a browser's layout shows.

/** The phones of the brief: the narrowest common Android width and an iPhone 12 to 15. */
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A snackbar (notistack) with this text. */
const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

/** Save the settled screen, whole, to test-results/screenshots/review-<name>.png. */
async function screenshot(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await saveScreenshot(page, { path: `test-results/screenshots/review-${name}.png`, fullPage: true });
}

/** Every tab shows whole on the screen, inside the tab bar, and nothing lies over its middle. */
async function expectEveryTabShown(page: Page, tablist: Locator) {
  const bar = (await tablist.boundingBox())!;
  const viewport = page.viewportSize()!;
  for (const tab of await tablist.getByRole('tab').all()) {
    await expect(tab).toBeInViewport({ ratio: 1 });
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(Math.max(0, bar.x) - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(viewport.width, bar.x + bar.width) + 0.5);
    const onTop = await tab.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(onTop, `${await tab.textContent()} is covered`).toBe(true);
  }
  // Nothing left to scroll to: no scroll arrow.
  await expect(page.locator('.MuiTabs-scrollButtons')).toHaveCount(0);
}

/** "Send and post" through the API, as the establishment's client. */
async function postByApi(request: APIRequestContext, token: string, establishmentId: string, text: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(token),
    data: { text, post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { notification: Post }).notification;
}

test.describe('details a review found', () => {
  test('on a phone every tab of the establishment page shows, also with 8 of them', async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Tabs Bakery');
    await startSignedIn(page, (await apiLogin(request, client)).accessToken);
    await page.goto(`/app/establishment/${establishment.id}`);
    const tablist = page.getByRole('tablist', { name: 'Establishment sections' });
    await expect(tablist.getByRole('tab')).toHaveText([
      'Feed',
      'Profile',
      'Gallery',
      'Share',
      'Members',
      'Automations',
      'Integrations',
    ]);

    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await expectEveryTabShown(page, tablist);
      await screenshot(page, `tabs-${phone.width}`);
    }

    // Members, once hidden behind the arrow, is one tap away.
    await tablist.getByRole('tab', { name: 'Members' }).click();
    await expect(page).toHaveURL(/tab=members/);
    await expect(tablist.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
    await screenshot(page, 'tabs-members-390');
    await expectAccessible(page);

    // Another tab may come: the same bar with 8 tabs still shows them all.
    await tablist.evaluate((list) => {
      const last = list.querySelector('[role="tab"]:last-of-type')!;
      for (const label of ['Another section']) {
        const tab = last.cloneNode(true) as HTMLElement;
        tab.setAttribute('aria-selected', 'false');
        tab.classList.remove('Mui-selected');
        tab.firstChild!.textContent = label;
        last.parentElement!.append(tab);
      }
    });
    await expect(tablist.getByRole('tab')).toHaveCount(8);
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await expectEveryTabShown(page, tablist);
      await screenshot(page, `tabs-seven-${phone.width}`);
    }
    await screenshotBoth(page, 'review-tabs-seven');
  });

  test('right to left: a relative time reads "16 minutes ago", its number first', async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Rtl Bakery');
    const token = (await apiLogin(request, client)).accessToken;
    await postByApi(request, token, establishment.id, 'Fresh croissants at seven');
    await page.addInitScript(
      ([key]) => localStorage.setItem(key!, JSON.stringify({ direction: 'rtl', language: 'en' })),
      [SETTINGS_KEY],
    );
    // The reader's clock is 16 minutes past the post.
    await page.clock.setFixedTime(Date.now() + 16 * 60_000 + 10_000);
    await startSignedIn(page, token);
    await page.setViewportSize(PHONES[1]);
    await page.goto(`/app/establishment/${establishment.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    const time = page.locator('time').filter({ hasText: '16 minutes ago' });
    await expect(time).toBeVisible();
    // Where the browser draws the number and the words: left to right, as English reads.
    const drawn = await time.evaluate((el) => {
      const text = el.firstChild as Text;
      const leftOf = (word: string) => {
        const range = document.createRange();
        range.setStart(text, text.data.indexOf(word));
        range.setEnd(text, text.data.indexOf(word) + word.length);
        return range.getBoundingClientRect().left;
      };
      return { number: leftOf('16'), minutes: leftOf('minutes'), ago: leftOf('ago') };
    });
    expect(drawn.number).toBeLessThan(drawn.minutes);
    expect(drawn.minutes).toBeLessThan(drawn.ago);
    await screenshot(page, 'rtl-relative-time-390');
  });

  test('unfollowing offers Undo, which follows again', async ({ page, request }) => {
    const { establishment } = await clientWithEstablishment(request, 'Undo Bakery');
    const customer = await registerCustomer(request, { tag: 'undo', verified: true });
    const token = (await apiLogin(request, customer)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(token),
    });
    expect(follow.status(), await follow.text()).toBe(200);
    await startSignedIn(page, token);
    await page.setViewportSize(PHONES[0]);
    await page.goto(`/${establishment.publicId}`);

    await page.getByRole('button', { name: 'Following' }).click();
    await page.getByRole('menuitem', { name: 'Unfollow' }).click();
    await expect(snackbar(page, 'You no longer follow this business.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await screenshot(page, 'unfollow-undo-360');

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(snackbar(page, 'You now follow this business.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
    const follows = await request.get('/api/account/follows', { headers: bearer(token) });
    const list = (await follows.json()) as { items: { establishment: { id: string } }[] };
    expect(list.items.map((item) => item.establishment.id)).toContain(establishment.id);
  });
});
