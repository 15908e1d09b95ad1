import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { E2E_ADMIN } from './support/accounts';
import { createEstablishmentAsAdmin, establishmentFields } from './support/establishments';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { DESKTOP, SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';
import { adminToken, signInWithForm, uniqueEmail, verifyByLink, welcomeOf } from './support/users';

/** The brief's phone width: the screens are checked at 390 px as well as on a desktop. */
const PHONE_390 = { width: 390, height: 844 };

/** Desktop and 390 px wide shots of the settled screen, under test-results/screenshots/. */
async function screenshots(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return page.setViewportSize(DESKTOP);
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['390', PHONE_390],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    await page
      .locator('.MuiSkeleton-root, .MuiCircularProgress-root')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => {});
    await saveScreenshot(page, { path: `test-results/screenshots/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** The admin's name as the bar names them. */
async function adminName(request: APIRequestContext) {
  const me = await request.get('/api/account/me', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  const { user } = (await me.json()) as { user: { firstName: string; lastName: string } };
  return `${user.firstName} ${user.lastName}`.trim();
}

test.describe('management: the admin acts on a customer', () => {
  test('finds an accented customer without accents, turns verified off, logs in as them and returns', async ({
    page,
    request,
  }) => {
    const tag = `zz${randomUUID().slice(0, 6)}`;
    const cafe = await createEstablishmentAsAdmin(request, {
      ...establishmentFields(`Kaviareň Košice ${tag}`),
      city: 'Košice',
    });
    const email = uniqueEmail('zuzana');
    const lastName = `Kováčová ${tag}`;
    const registered = await request.post('/api/account/register', {
      data: {
        firstName: 'Zuzana',
        lastName,
        email,
        phone: '+421 905 123 456',
        terms: true,
        language: 'en',
        establishmentId: cafe.publicId,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await verifyByLink(request, (await welcomeOf(email)).verifyUrl);
    const admin = await adminName(request);

    // The admin signs in and lands on the customers list.
    await page.goto('/login');
    await signInWithForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/app\/management\/customers$/);
    await page.getByLabel('Search by name, email or phone').fill(`zuzana kovacova ${tag}`);
    const table = page.getByRole('table', { name: 'Customers' });
    const row = table.getByRole('row').filter({ hasText: lastName });
    await expect(row).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await row.getByRole('link', { name: `Zuzana ${lastName}` }).click();

    // Their page: profile, the establishment they follow, devices, deliveries, admin actions.
    await expect(page.getByRole('heading', { level: 1, name: `Zuzana ${lastName}` })).toBeVisible();
    const followed = page.getByRole('main').getByRole('list', { name: 'Establishments' });
    await expect(followed.getByRole('link', { name: cafe.name })).toHaveAttribute(
      'href',
      `/app/management/establishment/${cafe.id}`,
    );
    await expect(followed).toContainText('Follower');
    await expect(page.getByRole('button', { name: 'Send verification email' })).toBeDisabled();
    await screenshots(page, 'management-customer-detail');
    await expectAccessible(page);

    // Edit: verified off; the form says an email will go out, the server says "Customer updated".
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit Zuzana ${lastName}` })).toBeVisible();
    const verified = page.getByRole('switch', { name: 'Email verified' });
    await expect(verified).toBeChecked();
    await verified.click();
    await expect(page.getByText('A verification email will be sent to them when you save.')).toBeVisible();
    await screenshots(page, 'management-customer-edit');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Customer updated')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/management\/customers\/[0-9a-f-]+$/);
    await expect(page.getByRole('button', { name: 'Send verification email' })).toBeEnabled();
    const verification = await waitForMail(email, (mail) => mail.subject === 'Confirm your email address');
    expect(verification.links.some((link) => new URL(link).pathname.startsWith('/verify/'))).toBe(true);

    // Log in as them: unverified now, they land on their feed (a follower's reading does not wait
    // for the email), with the bar and the way back.
    await page.getByRole('button', { name: 'Log in as' }).click();
    const bar = page.getByRole('region', { name: 'Signed in as someone else' });
    await expect(bar).toContainText(`Signed in as Zuzana ${lastName} by Admin ${admin}`);
    await expect(page).toHaveURL(/\/app\/social\/feed$/);
    await screenshots(page, 'management-impersonation-bar');
    await expectAccessible(page);

    // Their account: the bar shows in the signed-in app's layout too.
    await page.goto('/app/account');
    await expect(bar).toBeVisible();

    // Back where "Log in as" was chosen: this customer's page, not the start of the admin panel.
    await bar.getByRole('button', { name: 'Return to my account' }).click();
    await expect(page).toHaveURL(/\/app\/management\/customers\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Zuzana ${lastName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in as' })).toBeVisible();
    await expect(bar).toHaveCount(0);

    // The audit log lists what was done, newest first, each naming the customer.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const log = page.getByRole('table', { name: 'Audit log' });
    const about = log.getByRole('row').filter({ hasText: lastName });
    await expect(about.filter({ hasText: 'Returned from logging in as' })).toHaveCount(1);
    await expect(about.filter({ hasText: 'Logged in as' })).toHaveCount(1);
    await expect(about.filter({ hasText: 'Edited a user' })).toHaveCount(1);
    await expect(about.first().getByRole('link', { name: new RegExp(lastName) })).toBeVisible();
    await screenshots(page, 'management-audit-log');
    await expectAccessible(page);
  });

  test('creates a customer following an establishment, sends the verification email and deletes the account', async ({
    page,
    request,
  }) => {
    const tag = `zz${randomUUID().slice(0, 6)}`;
    const bistro = await createEstablishmentAsAdmin(request, establishmentFields(`Bistro Prešov ${tag}`));
    const email = uniqueEmail('peter');
    await page.goto('/login');
    await signInWithForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/app\/management\/customers$/);
    await page.getByRole('link', { name: 'New customer' }).click();

    await page.getByRole('button', { name: 'Create customer' }).click();
    await expect(page.getByText('Choose an establishment')).toBeVisible();
    await page.getByRole('textbox', { name: 'First name' }).fill('Peter');
    await page.getByRole('textbox', { name: 'Last name' }).fill(`Hruška ${tag}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone' }).fill('+421 905 654 321');
    await page.getByRole('combobox', { name: 'Establishment to follow' }).fill(tag);
    await page.getByRole('option', { name: new RegExp(bistro.name) }).click();
    await page.getByRole('switch', { name: 'Discounted prices on all products' }).click();
    await screenshots(page, 'management-customer-new');
    await page.getByRole('button', { name: 'Create customer' }).click();

    await expect(page.getByText('User created!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Peter Hruška ${tag}` })).toBeVisible();
    await expect(page.getByText('Discounted prices', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('list', { name: 'Establishments' })).toContainText(
      bistro.name,
    );
    await welcomeOf(email);

    await page.getByRole('button', { name: 'Send verification email' }).click();
    await waitForMail(email, (mail) => mail.subject === 'Confirm your email address');

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the account of Peter Hruška ${tag}?` });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page).toHaveURL(/\/app\/management\/customers$/);
    await page.getByLabel('Search by name, email or phone').fill(`hruska ${tag}`);
    await expect(page.getByText('Nobody matches these filters')).toBeVisible();
  });
});
