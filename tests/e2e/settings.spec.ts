import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LANGUAGE_NAME, type Language, LOCALE_OF } from '../../src/shared/i18n/languages';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { adminToken, startSignedIn } from './support/users';

const storedSettings = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('settings') ?? 'null') as Record<string, unknown> | null,
  );

/** A text of the auth namespace in a language, read from the translation file (a missing file fails the test). */
function authText(language: Language, key: string): string {
  const file = path.join(process.cwd(), 'src/shared/i18n/locales', language, 'auth.json');
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string' || !value.trim()) throw new Error(`${language}/auth.json has no ${key}`);
  return value;
}

test.describe('settings', () => {
  // Every language is chosen, applied and stored in the language picker's component test
  // (src/web/components/language-picker.test.tsx); here one goes through a real page load.
  const language: Language = 'sk';
  test(`a language (${LANGUAGE_NAME[language]}) is chosen in the language picker and stays after reload`, async ({
    page,
  }) => {
    const title = authText(language, 'login.title');
    expect(title).not.toBe(authText('en', 'login.title'));
    // The picker is in the top bar of the public pages; the page starts in English.
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_OF.en);
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitem', { name: LANGUAGE_NAME[language], exact: true }).click();
    // Applied at once, without a reload.
    await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_OF[language]);
    await expect.poll(async () => (await storedSettings(page))?.language).toBe(language);

    // A fresh page load (the app starts again from storage) on the sign-in page: still that
    // language, and a known string of the auth namespace is in it.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(LOCALE_OF[language]);
    expect((await storedSettings(page))?.language).toBe(language);
  });

  test('the sign-in, registration and password pages have their own language picker', async ({ page }) => {
    const pages = [
      ['/login', 'login.title'],
      ['/register', 'register.title'],
      ['/forgotpassword', 'forgot.title'],
    ] as const;
    for (const [path, key] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(authText('en', key));
      await page.getByRole('button', { name: 'Change language' }).click();
      await page.getByRole('menuitem', { name: LANGUAGE_NAME.de, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(authText('de', key));
      await expect(page.getByRole('menu')).toBeHidden();
      await expectAccessible(page);
      // Back to English for the next page (the German picker's label is the German text).
      await page.evaluate(() => localStorage.removeItem('settings'));
    }
  });

  test('each theme is chosen in the theme picker and stays after reload; the dark themes darken the page', async ({
    page,
  }) => {
    const names = { LIGHT: 'Light', ONE_DARK: 'One Dark', UNICORN: 'Unicorn' } as const;
    const background: Record<string, string> = {};
    await page.goto('/home');
    for (const [theme, name] of Object.entries(names)) {
      await page.getByRole('button', { name: 'Change theme' }).click();
      await page.getByRole('menuitem', { name }).click();
      await expect.poll(async () => (await storedSettings(page))?.theme).toBe(theme);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Change theme' })).toBeVisible();
      expect((await storedSettings(page))?.theme, theme).toBe(theme);
      background[theme] = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    }
    expect(background.ONE_DARK).not.toBe(background.LIGHT);
    expect(background.UNICORN).not.toBe(background.LIGHT);
    // The dark themes really are dark: the body's colour has low luminance.
    const luminance = (rgb: string) => {
      const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    expect(luminance(background.LIGHT!)).toBeGreaterThan(200);
    expect(luminance(background.ONE_DARK!)).toBeLessThan(80);
    expect(luminance(background.UNICORN!)).toBeLessThan(80);
  });

  test('right-to-left is turned on in the settings drawer, saved, and stays after reload', async ({
    page,
    request,
  }) => {
    await startSignedIn(page, await adminToken(request));
    await page.goto('/app/account');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    expect(await page.evaluate(() => document.dir)).toBe('ltr');

    await page.getByRole('button', { name: 'Settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    await expect(drawer).toBeVisible();
    const save = drawer.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await drawer.getByRole('switch', { name: 'Right-to-left' }).check();
    // Nothing applies before Save.
    expect(await page.evaluate(() => document.dir)).toBe('ltr');
    await save.click();
    await expect(drawer).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.dir)).toBe('rtl');
    // Spec section 8's message says the save happened.
    await expect(page.getByText('Changes saved!')).toBeVisible();
    await saveScreenshot(page, { path: 'test-results/screenshots/settings-changes-saved.png' });

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    expect(await page.evaluate(() => document.dir)).toBe('rtl');
    expect((await storedSettings(page))?.direction).toBe('rtl');
    // The sidebar moved to the right-hand side.
    const box = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
    expect(box!.x).toBeGreaterThan(600);
  });
});
