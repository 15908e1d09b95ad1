import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** Every rule runs; only the violations are worked out and handed back (no passes, undecided). */
const RUN_OPTIONS: axe.RunOptions = { resultTypes: ['violations'] };

/**
 * axe's violations on the page as it is now. axe's script (half a megabyte) is put in the page
 * once per document and used again by the next checks: the signed-in app's pages are opened by its
 * router in one document, and compiling the script for every check (as `@axe-core/playwright` does,
 * twice in its legacy mode) cost more than the check itself (docs/testing.md). The app has no
 * frames, so the page's own document is all there is to check.
 */
async function axeViolations(page: Page): Promise<axe.Result[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    async (options) =>
      (await (window as unknown as { axe: typeof axe }).axe.run(document, options)).violations,
    RUN_OPTIONS,
  );
}

/** The serious and critical violations: what the suite fails on. */
export async function seriousViolations(page: Page): Promise<axe.Result[]> {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Until the page's finite animations and transitions have ended: axe judges what stays on screen,
 * not a menu fading out (its items pass through low contrast on the way). Endless ones (spinners)
 * and paused ones, which would never finish, are not waited for.
 */
export async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  await settled(page);
  const bad = await seriousViolations(page);
  // The failing elements are named and shown, so a failure says where to look.
  const where = (v: axe.Result) =>
    v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)}`).join(', ');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) at ${where(v)}`)).toEqual([]);
}
