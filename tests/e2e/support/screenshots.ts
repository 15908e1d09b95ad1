import type { Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** Wait until fonts are in and nothing is loading, so a screenshot shows the settled screen. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page
    .locator('.MuiSkeleton-root, .MuiCircularProgress-root')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
}

/**
 * Save the current screen at desktop (1280x800) and phone (375x740) size to
 * test-results/screenshots/<name>-desktop.png and <name>-phone.png; the page is left at desktop size.
 */
export async function screenshotBoth(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    // A full-page shot of a scrolled page draws the fixed top bar and sidebar at the scroll offset.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await page.screenshot({
      path: `test-results/screenshots/${name}-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(DESKTOP);
}
