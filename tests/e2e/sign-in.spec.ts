import { expectAccessible } from './support/a11y';
import { E2E_ADMIN } from './support/accounts';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { registerCustomer, signInWithForm } from './support/users';

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
  await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
  await saveScreenshot(page, { path: 'test-results/screenshots/signed-in-desktop.png', fullPage: true });

  // The session survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
});

test('a customer signs out from the user menu and is on the sign-in page', async ({ page, request }) => {
  const user = await registerCustomer(request, { tag: 'logout', verified: true });
  await page.goto('/app/account');
  await expect(page).toHaveURL(/\/login$/);
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/app\/account$/);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();

  await page
    .getByRole('button', { name: `Open account menu for ${user.firstName} ${user.lastName}` })
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // The session ended on the server too, and the app area is closed again.
  const me = await request.get('/api/account/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  await page.goto('/app/account');
  await expect(page).toHaveURL(/\/login$/);
});
