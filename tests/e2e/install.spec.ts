import sharp from 'sharp';
import { WEB_ROUTES } from '../../src/shared/web-routes';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { linkTo } from './support/mailbox';
import { saveScreenshot, screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn, welcomeOf } from './support/users';

interface Manifest {
  id: string;
  display: string;
  lang: string;
  start_url: string;
  screenshots: { src: string; sizes: string; type: string; form_factor: string; label: string }[];
  shortcuts: { name: string; url: string }[];
}

test.describe('the installable app', () => {
  test('its manifest has an id, a language, screenshots of the stated sizes and shortcuts to app pages', async ({
    request,
  }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ id: '/', lang: 'en', start_url: '/redirect' });

    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const screenshot of manifest.screenshots) {
      const picture = await request.get(screenshot.src);
      expect(picture.status(), screenshot.src).toBe(200);
      expect(picture.headers()['content-type']).toBe(screenshot.type);
      const { width, height } = await sharp(await picture.body()).metadata();
      expect(`${width}x${height}`, screenshot.src).toBe(screenshot.sizes);
      expect(screenshot.label).not.toBe('');
    }

    expect(manifest.shortcuts.map((s) => s.name)).toEqual(['My feed', 'Account']);
    for (const shortcut of manifest.shortcuts) expect(WEB_ROUTES).toContain(shortcut.url);
  });

  test('a page opened without a network gets the offline page, and Try again loads it once back', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The worker is installed and has kept the offline page.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          return Boolean(await caches.match('/offline.html'));
        }),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.goto('/forgotpassword');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('Your notifications still arrive')).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, { path: 'test-results/screenshots/offline.png' });

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /reset|send/i }).first()).toBeVisible();
  });
});

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.describe('the install page on an iPhone in Safari', () => {
  test.use({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 }, hasTouch: true });

  test('shows the iPhone steps first, then Android, and a way to sign in', async ({ page }) => {
    // Safari never offers an install dialog: Chromium's own offer is kept from the page.
    await page.addInitScript(() =>
      window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation()),
    );
    await page.goto('/install');
    await expect(page.getByRole('heading', { level: 1, name: 'Install the app' })).toBeVisible();
    await expect(page.getByText('the businesses you follow reach you with a notification')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['iPhone and iPad', 'Android phone']);
    const iphone = page.getByRole('region', { name: 'iPhone and iPad' });
    await expect(iphone.getByText('This device')).toBeVisible();
    await expect(iphone.getByRole('listitem')).toHaveText([
      /Open this page in Safari\./,
      /Tap the Share button/,
      /tap “Add to Home Screen”/,
      /sign in and tap “Turn on notifications”/,
    ]);
    await expect(page.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute('href', '/login');
    await expectAccessible(page);

    await page.setViewportSize({ width: 360, height: 640 });
    // Nothing wider than a small phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, { path: 'test-results/screenshots/install-iphone-360.png', fullPage: true });
    await screenshotBoth(page, 'install-iphone');
  });
});

test.describe('the Home Screen app on an iPhone', () => {
  test.use({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 }, hasTouch: true });

  test('opens signed in as the person who added it from Safari, once per code', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const customer = await registerCustomer(request, { tag: 'home-screen', verified: true });
    await startSignedIn(page, (await apiLogin(request, customer)).accessToken);
    await page.goto('/install');
    await expect(page.getByRole('heading', { level: 1, name: 'Install the app' })).toBeVisible();

    // What Safari reads when "Add to Home Screen" is tapped: a manifest that starts at a code.
    const manifestLink = page.locator('link[rel="manifest"]');
    await expect(manifestLink).toHaveAttribute('href', /^\/api\/app-manifest\?handoff=[\w-]{40,}$/);
    const manifest = (await (
      await page.request.get((await manifestLink.getAttribute('href'))!)
    ).json()) as Manifest;
    expect(manifest).toMatchObject({ id: '/', display: 'standalone' });
    expect(manifest.start_url).toMatch(/^\/redirect\?handoff=/);

    // The Home Screen app: its own storage (nothing of Safari's), started at the manifest's start_url.
    const homeScreenApp = async () => {
      const context = await browser.newContext({
        userAgent: IPHONE_SAFARI,
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        baseURL,
      });
      await context.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
      const app = await context.newPage();
      await app.goto(manifest.start_url);
      return app;
    };
    const app = await homeScreenApp();
    // The code leaves the address bar before its exchange answers: wait for the app's own session,
    // or navigating on would abandon the exchange (its code spent, no token kept).
    await expect.poll(() => app.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();
    await expect(app).not.toHaveURL(/handoff|\/login/);
    await app.goto('/app/account');
    await expect(app.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(app.getByRole('main').getByText(customer.email).first()).toBeVisible();
    await screenshotBoth(app, 'home-screen-app-signed-in');

    // The code works once: an app whose storage was wiped starts at the sign-in page.
    const wiped = await homeScreenApp();
    await expect(wiped).toHaveURL(/\/login$/);
    await expect(wiped.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await app.context().close();
    await wiped.context().close();
  });
});

test.describe('the install page where the browser offers to install', () => {
  test("its button opens the browser's dialog, caught before the page was drawn, and says it is installed", async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // What Chrome fires once the app can be installed; it counts the calls of its prompt().
    await page.evaluate(() => {
      const counted = window as Window & { promptCalls?: number };
      counted.promptCalls = 0;
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          counted.promptCalls = (counted.promptCalls ?? 0) + 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(offer);
    });
    // Through the app's router, so the event caught on the sign-in page is still there.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/install');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const install = page.getByRole('button', { name: 'Install the app' });
    await expect(install).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Install it in a few taps' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'install-offer');

    await install.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(/Done: Broadcast is installed/);
    await expect(page.getByRole('alert')).toBeFocused();
    expect(await page.evaluate(() => (window as Window & { promptCalls?: number }).promptCalls)).toBe(1);
    await expect(install).toHaveCount(0);
    await screenshotBoth(page, 'install-accepted');
  });
});

test.describe('the welcome email', () => {
  test('its app link leads to the install page', async ({ page, request }) => {
    const user = await registerCustomer(request, { tag: 'install-link' });
    const { mail } = await welcomeOf(user.email);
    expect(mail.text).toContain('Get the app on your Android phone');
    const link = linkTo(mail, '/install');
    expect(new URL(link).pathname).toBe('/install');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Install the app' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Android phone' })).toBeVisible();
  });
});
