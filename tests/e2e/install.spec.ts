import sharp from 'sharp';
import { WEB_ROUTES } from '../../src/shared/web-routes';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';

interface Manifest {
  id: string;
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
    await page.screenshot({ path: 'test-results/screenshots/offline.png' });

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /reset|send/i }).first()).toBeVisible();
  });
});
