import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { E2E_ADMIN } from './support/accounts';

test('the admin opens the app, signs in and sees the signed-in page', async ({ page }) => {
  await page.goto('/');
  // A guest is sent through /redirect to the sign-in page.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email/password combination not found. Please try again.');

  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // /redirect sends an admin to the management area.
  await expect(page).toHaveURL(/\/app\/management\/customers$/);
  await expect(page.getByRole('heading', { name: 'Signed in as Admin' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/signed-in-desktop.png', fullPage: true });

  // The session survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Signed in as Admin' })).toBeVisible();
});
