import { expect, type Page } from '@playwright/test';
import { SETTINGS_KEY } from '../../../src/web/lib/storage-keys';
import { seriousViolations, settled } from './a11y';
import { DESKTOP, saveScreenshot } from './screenshots';

/** How a page is looked at: the light theme on a desktop, a dark theme on a 390 px phone. */
export const LOOKS = [
  { name: 'light, 1280 px', theme: 'LIGHT', viewport: DESKTOP },
  { name: 'dark, 390 px', theme: 'ONE_DARK', viewport: { width: 390, height: 844 } },
] as const;

type Look = (typeof LOOKS)[number];

/** A page's main heading. */
const HEADING = 'h1, [role="heading"][aria-level="1"]';

/**
 * Put the look's theme in the stored settings and set its width. The app reads the settings when it
 * loads, so they are written as each page loads (a later look's script runs after an earlier one's).
 */
async function lookAs(page: Page, look: Look) {
  await page.setViewportSize(look.viewport);
  await page.addInitScript(
    ([key, theme]) => {
      try {
        const stored = JSON.parse(localStorage.getItem(key!) ?? '{}') as Record<string, unknown>;
        localStorage.setItem(key!, JSON.stringify({ ...stored, theme, language: 'en' }));
      } catch {
        // about:blank has no storage.
      }
    },
    [SETTINGS_KEY, look.theme],
  );
}

/** Until the page has its heading and nothing is still loading (no skeleton, no spinner). */
async function loaded(page: Page) {
  await expect(page.locator(HEADING).first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  await settled(page);
}

/** Show `path` in the running app, as a click on one of its links does (the router's own event). */
async function routeTo(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Open a page of the signed-in app as its own links do: the router renders it in the running app,
 * at a fraction of a full load's CPU (docs/testing.md). Public pages are still loaded in full: a
 * visitor arrives at them from a link, a QR code or a search, and a business's page is served as its
 * own HTML. The way goes through /app/blank, which has no heading: once the last page's heading is
 * gone, the next heading is the new page's (two pages in a row may have the same one, "Not available
 * for your account").
 */
async function openInApp(page: Page, path: string) {
  await routeTo(page, '/app/blank');
  await expect(page.locator(HEADING)).toHaveCount(0);
  await routeTo(page, path);
}

/** The serious and critical axe findings of the page as it is now, each naming where. */
async function findings(page: Page, where: string): Promise<string[]> {
  return (await seriousViolations(page)).map(
    (v) =>
      `${where}: ${v.id} (${v.help}) at ${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`)
        .join(', ')}`,
  );
}

/** A page to check: its path, or its path and a tab to open there (by the tab's name). */
export type SweptPage = string | { path: string; tab: string };

const pathOf = (swept: SweptPage) => (typeof swept === 'string' ? swept : swept.path);
const labelOf = (swept: SweptPage) =>
  typeof swept === 'string' ? swept : `${swept.path} (${swept.tab} tab)`;

/** The screenshot's file name: the page's label as a slug (ids as `id`), and the look. */
const shotName = (swept: SweptPage, look: Look) =>
  `sweep${labelOf(swept)
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, 'id')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-$/, '')
    .toLowerCase()}-${look.theme === 'LIGHT' ? 'desktop' : 'phone-dark'}`;

/**
 * Each page opened in each look; every finding of every page is gathered before the test judges,
 * so one run names all of them. A run that saves screenshots saves each page in each look (these
 * are the screens a person looks through). Returns how many pages were checked.
 */
export async function sweep(page: Page, pages: readonly SweptPage[]): Promise<number> {
  const found: string[] = [];
  for (const look of LOOKS) {
    await lookAs(page, look);
    // The look is read when the app loads: each look starts with a full load.
    let appLoaded = false;
    for (const swept of pages) {
      const path = pathOf(swept);
      if (appLoaded && path.startsWith('/app/')) {
        await openInApp(page, path);
      } else {
        await page.goto(path);
        appLoaded = path.startsWith('/app/');
      }
      await loaded(page);
      if (typeof swept !== 'string') {
        const tab = page.getByRole('tab', { name: swept.tab });
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await loaded(page);
      }
      found.push(...(await findings(page, `${labelOf(swept)} (${look.name})`)));
      await saveScreenshot(page, {
        path: `test-results/screenshots/${shotName(swept, look)}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    }
  }
  expect(found).toEqual([]);
  return pages.length * LOOKS.length;
}
