import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { createEstablishmentAsAdmin, establishmentFields } from './support/establishments';
import { expect, test } from './support/fixtures';
import { DESKTOP, SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';
import { adminToken, createUserAsAdmin, startSignedIn } from './support/users';

/** Six random lowercase letters: a tag that no search for a number can match. */
const lettersOnly = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');

// Details a review found in the operator screens, checked as an admin sees them.
test.use({ viewport: DESKTOP });

/** The brief's phone: the screens are looked at 390 px wide as well as at 1280x800. */
const PHONE_390 = { width: 390, height: 844 };

/** The settled screen at 1280x800 (what fits the window) and at 390x844 (the whole page). */
async function screenshots(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return page.setViewportSize(DESKTOP);
  for (const [size, viewport, fullPage] of [
    ['desktop', DESKTOP, false],
    ['390', PHONE_390, true],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    await page
      .locator('.MuiSkeleton-root, .MuiCircularProgress-root')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => {});
    await saveScreenshot(page, { path: `test-results/screenshots/operator-${name}-${size}.png`, fullPage });
  }
  await page.setViewportSize(DESKTOP);
}

/** Establishments enough that a picker's first page (20) is not all of them. */
async function manyEstablishments(request: APIRequestContext, tag: string) {
  const names = Array.from({ length: 33 }, (_, i) => `${tag} Shop ${String(i + 1).padStart(2, '0')}`);
  for (const name of names) await createEstablishmentAsAdmin(request, establishmentFields(name));
  return names;
}

/** Whether a control shows whole inside the box it sits in: nothing of it cut or overflowing. */
async function expectWhole(control: Locator, box: Locator) {
  const outer = (await box.boundingBox())!;
  const inner = (await control.boundingBox())!;
  expect(inner.x).toBeGreaterThanOrEqual(outer.x);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
  const overflow = await control.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('operator screens: details of the review', () => {
  test('users list: one heading per column, and the Export button whole at 1280 px', async ({
    page,
    request,
  }) => {
    await startSignedIn(page, await adminToken(request));
    await page.goto('/app/management/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Name', 'Email', 'Phone', 'Role', 'Verification', 'Created']);

    const card = page.locator('.MuiCard-root').filter({ has: table });
    await expectWhole(card.getByRole('button', { name: 'Export' }), card);
    await screenshots(page, 'users');
    await expectAccessible(page);
  });

  test('establishments list: newest first or by name, whatever the case and accents', async ({
    page,
    request,
  }) => {
    const tag = `zz${randomUUID().slice(0, 6)}`;
    // Created in this order; by bytes "Alžbeta" and "ZOO" would come before "bistro", and "Čaj" last.
    for (const name of ['delta', 'Čaj', 'ZOO', 'Ábel', 'bistro', 'Alžbeta'])
      await createEstablishmentAsAdmin(request, establishmentFields(`${name} ${tag}`));
    await startSignedIn(page, await adminToken(request));
    await page.goto(`/app/management/establishment?q=${tag}`);
    const table = page.getByRole('table', { name: 'Establishments' });
    const names = () => table.getByRole('row').locator('td:first-child');
    await expect(names()).toHaveText(
      ['Alžbeta', 'bistro', 'Ábel', 'ZOO', 'Čaj', 'delta'].map((n) => `${n} ${tag}`),
    );
    await expect(page.getByRole('combobox', { name: 'Order' })).toHaveText('Newest first');

    await page.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: 'Name (A–Z)' }).click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(names()).toHaveText(
      ['Ábel', 'Alžbeta', 'bistro', 'Čaj', 'delta', 'ZOO'].map((n) => `${n} ${tag}`),
    );
    const card = page.locator('.MuiCard-root').filter({ has: table });
    await expectWhole(card.getByRole('button', { name: 'Export establishments' }), card);
    await screenshots(page, 'establishments-by-name');
    await expectAccessible(page);
  });

  test("the representative panel, read by an admin, speaks of every establishment, not the admin's", async ({
    page,
    request,
  }) => {
    await startSignedIn(page, await adminToken(request));
    await page.goto('/app/reports/representant');
    await expect(
      page.getByText(
        'Every establishment in the service, whoever registered it: their state and their clients.',
      ),
    ).toBeVisible();
    await expect(page.getByText('All establishments', { exact: true })).toBeVisible();
    await expect(page.getByText(/you registered/i)).toHaveCount(0);
    await screenshots(page, 'representant-as-admin');
  });

  test('a malformed id in a management address shows the not-found state', async ({ page, request }) => {
    await startSignedIn(page, await adminToken(request));
    // The server's own reason is shown: a business's 404 names the business page.
    const business = 'This business page does not exist.';
    for (const [path, title, reason] of [
      ['/app/management/users/not-a-uuid', 'Person not available', 'Not found.'],
      ['/app/management/customers/not-a-uuid', 'Person not available', 'Not found.'],
      ['/app/management/users/not-a-uuid/edit', null, 'Not found.'],
      [`/app/management/establishment/${'x'.repeat(70)}`, 'Establishment not available', 'Not found.'],
      ['/app/management/establishment/not-a-uuid', 'Establishment not available', business],
    ] as const) {
      await page.goto(path);
      if (title) await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(reason)).toBeVisible();
      await expect(page.getByText('Please check the highlighted fields.')).toHaveCount(0);
    }
    await page.goto('/app/management/users/not-a-uuid');
    await expect(page.getByText('Not found.')).toBeVisible();
    await screenshots(page, 'malformed-id');
  });

  test('adding a user twice says they are already linked; the picker says typing finds the rest', async ({
    page,
    request,
  }) => {
    // Letters only: a tag holding "33" (about one run in fifty with hex digits) matched every shop
    // when the search below asks for "Shop 33", and Shop 33 was not among the first 20.
    const tag = `zz${lettersOnly()}`;
    const names = await manyEstablishments(request, tag);
    const customer = await createUserAsAdmin(request, 'customer');
    const token = await adminToken(request);
    await startSignedIn(page, token);
    await page.goto('/app/management/establishment/adduser');

    const picker = page.getByRole('combobox', { name: 'Establishment' });
    await picker.click();
    await expect(page.getByRole('option').first()).toBeVisible();
    // A to Z over everything the admin may see: 20 shown, the total from the server.
    const listed = await request.get('/api/establishments?pageSize=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { total } = (await listed.json()) as { total: number };
    await expect(page.getByRole('option')).toHaveCount(20);
    await expect(page.getByText(`Showing 20 of ${total}: type to find more`)).toBeVisible();
    await saveScreenshot(page, { path: 'test-results/screenshots/operator-picker-hint-desktop.png' });

    await picker.fill(tag);
    await expect(page.getByRole('option')).toHaveCount(20);
    await expect(page.getByText('Showing 20 of 33: type to find more')).toBeVisible();
    // Fewer than 20 found (every word anywhere in name, city or email): all shown, no hint.
    await picker.fill(`${tag} Shop 33`);
    await expect(page.getByRole('option', { name: new RegExp(names[32]!) })).toBeVisible();
    await expect(page.getByText(/type to find more/)).toHaveCount(0);
    expect(await page.getByRole('option').count()).toBeLessThan(20);
    await page.getByRole('option', { name: new RegExp(names[32]!) }).click();

    const email = page.getByRole('textbox', { name: "User's email" });
    await email.fill(customer.email);
    await page.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByText('User updated!')).toBeVisible();
    await email.fill(customer.email);
    await page.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByText('This user is already linked to this establishment.')).toBeVisible();
    await expect(page.getByText('User updated!')).toHaveCount(0);
    await saveScreenshot(page, { path: 'test-results/screenshots/operator-already-linked-desktop.png' });
    await page.setViewportSize(PHONE_390);
    await saveScreenshot(page, {
      path: 'test-results/screenshots/operator-already-linked-390.png',
      fullPage: true,
    });
  });

  test('every admin link shows at 1280x800; a shorter window fades the last ones out while more are below', async ({
    page,
    request,
  }) => {
    await startSignedIn(page, await adminToken(request));
    await page.goto('/app/management/customers');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const scroller = page.locator('aside [data-more-below]');
    const last = nav.getByRole('link', { name: 'Add client to establishment' });
    await expect(nav.getByRole('link', { name: 'Customers' })).toBeVisible();
    // A laptop's window holds every link above the fold (the help card may wait below them).
    await expect(last).toBeInViewport({ ratio: 1 });

    await page.setViewportSize({ width: 1280, height: 560 });
    await expect(scroller).toHaveAttribute('data-more-below', 'true');
    await expect(last).not.toBeInViewport();
    const mask = await scroller.evaluate((el) => getComputedStyle(el).maskImage);
    expect(mask).toContain('linear-gradient');
    await saveScreenshot(page, { path: 'test-results/screenshots/operator-sidebar-more-desktop.png' });

    // Scrolled to the end: the last link shows and nothing fades at the bottom any more.
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(last).toBeInViewport();
    await expect(scroller).toHaveAttribute('data-more-below', 'false');
    await expect(scroller).toHaveAttribute('data-more-above', 'true');
    await saveScreenshot(page, { path: 'test-results/screenshots/operator-sidebar-end-desktop.png' });

    // The phone's drawer holds the same links, with the same cue (on a short phone: at 390x844 they fit).
    await page.setViewportSize({ width: PHONE_390.width, height: 560 });
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.locator('.MuiDrawer-modal [data-more-below]');
    await expect(drawer.getByRole('link', { name: 'Customers' })).toBeVisible();
    await expect(drawer).toHaveAttribute('data-more-below', 'true');
    await saveScreenshot(page, { path: 'test-results/screenshots/operator-sidebar-more-390.png' });
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);

    // The customers page: its words match its rows (every customer account).
    await expect(
      page.getByText('Every customer account, also those who follow no business yet.', { exact: false }),
    ).toBeVisible();
    await screenshots(page, 'customers');
  });
});
