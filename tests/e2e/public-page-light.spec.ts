import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { SETTINGS_KEY } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { establishmentWithPictures } from './support/establishments';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { apiLogin, registerCustomer, startSignedIn, uniqueEmail } from './support/users';

/** A customer's phone (a QR code scanned at the table). */
const PHONE = { width: 390, height: 844 };

const strings = (language: string) => ({
  common: JSON.parse(readFileSync(`src/shared/i18n/locales/${language}/common.json`, 'utf8')),
  auth: JSON.parse(readFileSync(`src/shared/i18n/locales/${language}/auth.json`, 'utf8')),
});

/** The scripts a page asked for. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe('the light public page (server-rendered)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('without JavaScript: the business is readable and the follow form is there', async ({
    browser,
    baseURL,
    request,
  }) => {
    const establishment = await establishmentWithPictures(request, 'Bistro Bez Skriptu');
    const context = await browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/${establishment.publicId}?src=qr`);
    await expect(page.getByRole('heading', { name: establishment.name, level: 1 })).toBeVisible();
    // The cover comes as a WebP sized for the screen, not the stored 1600 px JPEG.
    const cover = page.getByRole('img', { name: `Cover picture of ${establishment.name}` });
    await expect(cover).toHaveJSProperty('complete', true);
    expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/image\/sized\/cover\/.+\.webp$/,
    );
    await expect(page.getByRole('heading', { name: 'Contact' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Open the photo: / })).toHaveCount(2);

    // Without a script, "Get notifications" cannot subscribe this device: its form opens the register page.
    await page.getByRole('button', { name: 'Get notifications' }).click();
    await expect(
      page.getByRole('heading', { name: `Join ${establishment.name} on Broadcast` }),
    ).toBeVisible();
    for (const label of ['First name', 'Last name', 'Email', 'Phone']) {
      await expect(page.getByLabel(label, { exact: false }).first()).toBeEditable();
    }
    await expect(page.getByRole('button', { name: 'Register and follow' })).toBeVisible();
    await context.close();
  });

  test('a guest registers and follows on the light form: errors beside the fields, then the email', async ({
    page,
    request,
  }) => {
    const establishment = await establishmentWithPictures(request, 'Kaviareň Ľahká');
    const scripts = scriptsOf(page);
    await page.goto(`/${establishment.publicId}?src=qr`);
    await expect(page.getByRole('heading', { name: establishment.name, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Follow with email' }).click();
    const submit = page.getByRole('button', { name: 'Register and follow' });
    await expect(submit).toBeVisible();

    // Nothing filled in: the server's messages land beside their fields, focus on the first.
    await submit.click();
    const firstName = page.getByRole('textbox', { name: 'First name' });
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toBeFocused();
    await expect(page.locator('#lp-firstName-error')).toHaveText('first name is required');
    await expect(page.locator('#lp-terms-error')).not.toBeEmpty();

    const email = uniqueEmail('light');
    await firstName.fill('Jana');
    await expect(firstName).not.toHaveAttribute('aria-invalid');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Ľahká');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone' }).fill('+421 907 111 222');
    await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
    // Until the form is sent, the dashboard's bundle never loaded: only the light script and its
    // small modules.
    const beforeRegistering = [...scripts];
    expect(beforeRegistering.length).toBeGreaterThan(0);
    expect(
      beforeRegistering.every((path) => !/\/assets\/app-/.test(path)),
      beforeRegistering.join(', '),
    ).toBe(true);
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Successfully Registered!' })).toBeVisible();
    // Registered and signed in: the web app takes over for the next step.
    await expect(page.getByText('Confirm your email to get news by email')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`We have sent an email to ${email}`)).toBeVisible();
    expect(scripts.some((path) => /\/assets\/app-/.test(path))).toBe(true);
    await expectAccessible(page);

    const mail = await waitForMail(email, /Welcome to/);
    expect(mail.text).toContain(`You now follow ${establishment.name}`);
  });

  test("the visitor's language: Accept-Language first, then the picker, which the next visit remembers", async ({
    browser,
    baseURL,
    request,
  }) => {
    const establishment = await establishmentWithPictures(request, 'Gasthaus Sprache');
    const de = strings('de');
    const sk = strings('sk');
    const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'de-AT' });
    const page = await context.newPage();
    await page.goto(`/${establishment.publicId}`);
    const at = strings('at');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-AT');
    await expect(page.getByRole('button', { name: at.common.guestFollow.button })).toBeVisible();

    await page.getByRole('combobox', { name: de.common.languages.label }).selectOption('sk');
    await expect(page).toHaveURL(/[?&]lang=sk/);
    await expect(page.getByRole('button', { name: sk.common.guestFollow.button })).toBeVisible();
    expect(
      await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').language, SETTINGS_KEY),
    ).toBe('sk');

    // The register page, opened without ?lang=, comes back in the language picked.
    await page.goto(`/${establishment.publicId}/register`);
    await expect(page).toHaveURL(/[?&]lang=sk/);
    await expect(page.getByRole('button', { name: sk.common.publicPage.register.submit })).toBeVisible();
    await expect(page.getByRole('textbox', { name: sk.auth.register.firstName })).toBeVisible();
    await context.close();
  });

  test('a visitor signed in on this device gets the web app, which knows they follow', async ({
    page,
    request,
  }) => {
    const establishment = await establishmentWithPictures(request, 'Pub Prihlásený');
    const customer = await registerCustomer(request, { tag: 'light-follower', verified: true });
    const { accessToken } = await apiLogin(request, customer);
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: {},
    });
    expect(follow.status(), await follow.text()).toBe(200);
    await startSignedIn(page, accessToken);
    await page.goto(`/${establishment.publicId}`);
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
    await expect(page.getByRole('heading', { name: establishment.name, level: 1 })).toBeVisible();
  });
});
