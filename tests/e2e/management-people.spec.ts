import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { screenshotBoth } from './support/screenshots';
import { adminToken, startSignedIn, uniqueEmail } from './support/users';

test.describe('management: customers', () => {
  test('an admin lands on the customers list, finds one by a search without accents, and filters by email state and dates', async ({
    page,
    request,
  }) => {
    // A word only this test's customer has, so the search narrows to them alone.
    const tag = `zz${randomUUID().slice(0, 6)}`;
    const lastName = `Košický ${tag}`;
    const registered = await request.post('/api/account/register', {
      data: {
        firstName: 'Zlatý',
        lastName,
        email: uniqueEmail('kosicky'),
        phone: '+421 900 123 456',
        terms: true,
        language: 'en',
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    await startSignedIn(page, await adminToken(request));
    await page.goto('/app/management');
    await expect(page).toHaveURL(/\/app\/management\/customers$/);
    await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Customers' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    await page.getByLabel('Search by name, email or phone').fill(`zlaty kosicky ${tag}`);
    await expect(page).toHaveURL(new RegExp(`q=zlaty\\+kosicky\\+${tag}`));
    const row = table.getByRole('row').filter({ hasText: lastName });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Not verified');
    await expect(table.getByRole('row')).toHaveCount(2); // the header and the one customer
    await screenshotBoth(page, 'management-customers-search');
    await expectAccessible(page);

    // Verified only: this customer has not confirmed the email, so nobody is left.
    await page.getByRole('combobox', { name: 'Email address' }).click();
    await page.getByRole('option', { name: 'Verified', exact: true }).click();
    await expect(page.getByText('Nobody matches these filters')).toBeVisible();
    await page.getByRole('combobox', { name: 'Email address' }).click();
    await page.getByRole('option', { name: 'Not verified' }).click();
    await expect(row).toBeVisible();

    // An end date before the start date is said beside the end date; the list keeps its rows.
    await page.getByLabel('Created from').fill('2030-01-02');
    await page.getByLabel('Created until').fill('2030-01-01');
    await expect(page.getByText('End date must be later than start date')).toBeVisible();
    await page.getByLabel('Created until').fill('2030-01-03');
    await expect(page.getByText('End date must be later than start date')).toHaveCount(0);
    // Created today, not in 2030.
    await expect(page.getByText('Nobody matches these filters')).toBeVisible();
    await page.getByLabel('Created from').fill('');
    await page.getByLabel('Created until').fill('');
    await expect(row).toBeVisible();
    await screenshotBoth(page, 'management-customers-filters');
  });
});
