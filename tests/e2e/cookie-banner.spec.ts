import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { LANGUAGES } from '../../src/shared/i18n/languages';
import { CONSENT_COOKIE, SETTINGS_KEY } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { establishmentWithPictures } from './support/establishments';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';

/** Two common small phones: an older Android and an iPhone SE-sized screen. */
const PHONES = [
  { width: 360, height: 640 },
  { width: 375, height: 667 },
];
/** Compact: about a quarter of the smallest screen at most. */
const MAX_BANNER_HEIGHT = 160;

const strings = (language: string) =>
  JSON.parse(readFileSync(`src/shared/i18n/locales/${language}/common.json`, 'utf8')) as {
    guestFollow: { button: string };
    consent: { label: string; text: string; accept: string; necessary: string };
  };

test.describe('the cookie banner on a phone', () => {
  test.use({ consentGiven: false });

  test('is compact, says what the app stores, and never covers the Get notifications button, in every language', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const establishment = await establishmentWithPictures(request, 'Banner Bistro');
    for (const language of LANGUAGES) {
      const { guestFollow, consent } = strings(language);
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [SETTINGS_KEY, JSON.stringify({ language })],
      );
      for (const viewport of PHONES) {
        await page.setViewportSize(viewport);
        await page.goto(`/${establishment.publicId}`);
        const banner = page.getByRole('region', { name: consent.label });
        // A visitor's first action: "Get notifications" (one tap, no account).
        const follow = page.getByRole('button', { name: guestFollow.button, exact: true });
        await expect(follow).toBeVisible();
        await expect(banner).toBeVisible();
        // Both choices, side by side.
        await expect(banner.getByRole('button', { name: consent.necessary })).toBeVisible();
        await expect(banner.getByRole('button', { name: consent.accept })).toBeVisible();
        // It speaks of local storage (the text's first sentence, as translated), not only of cookies.
        await expect(banner).toContainText(consent.text.split(';')[0]!);
        const bannerBox = (await banner.boundingBox())!;
        const followBox = (await follow.boundingBox())!;
        const where = `${language} at ${viewport.width}x${viewport.height}`;
        expect(bannerBox.height, where).toBeLessThanOrEqual(MAX_BANNER_HEIGHT);
        expect(
          followBox.y + followBox.height,
          `Get notifications ends above the banner, ${where}`,
        ).toBeLessThanOrEqual(bannerBox.y);
      }
    }
    await expectAccessible(page);
    await saveScreenshot(page, { path: 'test-results/screenshots/cookie-banner-phone.png' });
  });
});

/** The page views this page sends (first-party analytics). */
function countPageViews(page: Page): { paths: string[] } {
  const seen = { paths: [] as string[] };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/pageview') {
      seen.paths.push((request.postDataJSON() as { path: string }).path);
    }
  });
  return seen;
}

const consentCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE);

test.describe("the cookie banner's two choices", () => {
  test.use({ consentGiven: false });

  test('"Only necessary" stores the choice, hides the banner for good and sends no page view', async ({
    page,
    context,
  }) => {
    const views = countPageViews(page);
    await page.goto('/login');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Only necessary' }).click();
    await expect(banner).toBeHidden();
    const cookie = await consentCookie(context);
    expect(cookie?.value).toBe('necessary');
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    // Other pages, a reload: no banner, and not one page view.
    await page.goto('/home');
    await expect(page.getByRole('banner')).toBeVisible();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(views.paths).toEqual([]);
  });

  test('"Accept" stores the choice and page views start with the page being read', async ({
    page,
    context,
  }) => {
    const views = countPageViews(page);
    await page.goto('/login');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await page.waitForTimeout(300);
    expect(views.paths).toEqual([]);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    const cookie = await consentCookie(context);
    expect(cookie?.value).toBe('all');
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
    await expect.poll(() => views.paths).toEqual(['/login']);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.goto('/home');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect.poll(() => views.paths).toEqual(['/login', '/login', '/home']);
  });

  test('a light public page: "Only necessary" sends no page view, "Accept" sends this one', async ({
    browser,
    request,
  }) => {
    const establishment = await establishmentWithPictures(request, 'Choice Bistro');
    for (const [choice, value, expected] of [
      ['Only necessary', 'necessary', []],
      ['Accept', 'all', [`/${establishment.publicId}`]],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const views = countPageViews(page);
      await page.goto(`/${establishment.publicId}`);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.getByRole('button', { name: choice }).click();
      await expect(banner).toHaveCount(0);
      expect((await consentCookie(context))?.value, choice).toBe(value);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner, `${choice}: no banner after reload`).toHaveCount(0);
      await page.waitForTimeout(500);
      // Accept: the view of the click; the reload's own view comes on top of it.
      expect(views.paths, choice).toEqual(value === 'all' ? [...expected, ...expected] : []);
      await context.close();
    }
  });
});

/** The button ends above the banner and takes a click there (nothing lies over it). */
async function expectClear(button: Locator, banner: Locator, where: string) {
  const buttonBox = (await button.boundingBox())!;
  const bannerBox = (await banner.boundingBox())!;
  expect(buttonBox.y + buttonBox.height, `the button ends above the banner, ${where}`).toBeLessThanOrEqual(
    bannerBox.y,
  );
  await button.click({ trial: true, timeout: 2_000 });
}

test.describe('the cookie banner on a 390x844 phone', () => {
  test.use({ consentGiven: false, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('never hides the register button: the page scrolls past the banner, and Tab stops above it', async ({
    page,
    request,
  }) => {
    const establishment = await establishmentWithPictures(request, 'Phone Bistro');
    const forms = [
      { path: '/register', button: 'Create account', shot: 'register' },
      { path: `/${establishment.publicId}/register`, button: 'Register and follow', shot: 'public-register' },
    ];
    for (const { path, button: name, shot } of forms) {
      await page.goto(path);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      const button = page.getByRole('button', { name, exact: true });
      await expect(banner).toBeVisible();
      await expect(button).toBeVisible();
      await saveScreenshot(page, { path: `test-results/screenshots/cookie-banner-${shot}-390.png` });

      // Scrolled to the end, the button sits above the banner.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectClear(button, banner, `${path} scrolled to the end`);
      await saveScreenshot(page, { path: `test-results/screenshots/cookie-banner-${shot}-390-end.png` });

      // From the top, the keyboard reaches the button, which stops above the banner.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('textbox', { name: 'Phone' }).focus();
      for (
        let i = 0;
        i < 12 && !(await button.evaluate((element) => element === document.activeElement));
        i++
      ) {
        await page.keyboard.press('Tab');
      }
      await expect(button).toBeFocused();
      await expectClear(button, banner, `${path} reached with Tab`);

      // The form takes typing while the banner shows: a field near the bottom stays above it too.
      const phone = page.getByRole('textbox', { name: 'Phone' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await phone.focus();
      await page.keyboard.type('+421 900 123 456');
      await expect(phone).toHaveValue('+421 900 123 456');
      await expectClear(phone, banner, `${path} typing the phone`);
    }
  });
});
