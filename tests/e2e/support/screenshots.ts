import type { Locator, Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/**
 * Whether this run saves screenshots: yes, unless E2E_SCREENSHOTS=0. They are for a person to look
 * at; CI, whose clone nobody opens, turns them off (a full-page shot at two sizes, after waiting for
 * the network to idle, cost the suite minutes). No assertion depends on them.
 */
export const SAVING_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/** `target.screenshot(options)` when this run saves screenshots; otherwise nothing. */
export async function saveScreenshot(
  target: Page | Locator,
  options: Parameters<Page['screenshot']>[0] & Parameters<Locator['screenshot']>[0],
): Promise<void> {
  if (SAVING_SCREENSHOTS) await target.screenshot(options);
}

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
  // Not saving: leave the page as a saving run would, at desktop size.
  if (!SAVING_SCREENSHOTS) return page.setViewportSize(DESKTOP);
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
