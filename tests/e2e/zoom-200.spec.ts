import type { Page } from '@playwright/test';
import { CONSENT_COOKIE } from '../../src/web/lib/storage-keys';
import { a11yWorld } from './support/a11y-people';
import { expect, test } from './support/fixtures';
import { adminToken, startSignedIn } from './support/users';

// WCAG 1.4.4 and 1.4.10: a 1280 x 800 window zoomed to 200 %. Chromium's zoom divides the CSS
// viewport by the factor, so the page lays out in 640 x 400 CSS pixels drawn at two device pixels
// each: that is this viewport with deviceScaleFactor 2, media queries included. (CSS `zoom` on the
// page would keep a 1280 px viewport and its breakpoints, which no zooming browser does.)
const ZOOMED = { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 };
test.use(ZOOMED);

/**
 * Nothing scrolls sideways, and no heading or button has text cut off or out of its box or out of
 * the window: each is listed with its text and widths when it does.
 */
async function expectFitsAt200(page: Page) {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const controls = document.querySelectorAll<HTMLElement>(
      'h1, h2, h3, button, [role="button"], a.MuiButton-root, .lp-btn',
    );
    for (const element of controls) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || element.closest('[aria-hidden="true"]')) continue;
      const text = (element.textContent ?? '').trim().slice(0, 50);
      if (!text) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        problems.push(`"${text}" is wider than its box: ${element.scrollWidth} > ${element.clientWidth}`);
      if (box.right > width + 1 || box.left < -1)
        problems.push(`"${text}" is outside the window: ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return problems;
  });
  expect(found, page.url()).toEqual([]);
}

test('at 200 % zoom the public page, the feed, compose and the customers list fit the window', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const world = await a11yWorld(request, 'Zoom Bistro');
  /** A tab of its own signed in with `token`, at the same zoom, consent given. */
  const signedIn = async (token: string) => {
    const context = await browser.newContext({ baseURL, ...ZOOMED });
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL! }]);
    const tab = await context.newPage();
    await startSignedIn(tab, token);
    return tab;
  };

  // The light page, as a guest who scanned the QR code.
  await page.goto(`/${world.establishment.publicId}`);
  await expect(page.getByRole('heading', { level: 1, name: world.establishment.name })).toBeVisible();
  await expectFitsAt200(page);

  const follower = await signedIn(world.customer.token);
  await follower.goto('/app/social/feed');
  await expect(follower.getByRole('heading', { level: 1, name: 'Your feed' })).toBeVisible();
  await expect(follower.getByRole('article').first()).toBeVisible();
  await expectFitsAt200(follower);

  const operator = await signedIn(world.client.token);
  await operator.goto(`/app/establishment/${world.establishment.id}`);
  await expect(operator.getByRole('region', { name: 'New notification' })).toBeVisible();
  await expectFitsAt200(operator);

  const admin = await signedIn(await adminToken(request));
  await admin.goto('/app/management/customers');
  await expect(admin.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
  await expect(admin.getByRole('link', { name: /^Erika Tester/ }).first()).toBeVisible();
  await expectFitsAt200(admin);
});
