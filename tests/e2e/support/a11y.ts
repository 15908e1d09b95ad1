import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * An axe run that works out and hands back only the violations: every rule still runs, but the
 * passes and the undecided (a node list for each rule, serialized out of the page) are not
 * gathered (three public pages: 8 % less time in axe). Legacy mode runs axe in the page itself: the
 * default opens a blank page for every check to merge the frames' results (the app has no frames),
 * injecting axe three times; a check took 1.35 s on average, 0.7 s in legacy mode (30 staff pages).
 */
export const axeOn = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

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
  const results = await axeOn(page).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // The failing elements are named, so a failure says where to look.
  expect(
    bad.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.length}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}
