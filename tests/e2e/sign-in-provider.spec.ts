import { expectAccessible } from './support/a11y';
import { E2E_ADMIN } from './support/accounts';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { createUserAsAdmin, registerCustomer, signInWithForm } from './support/users';

test('an operator signs in with the company login and is back signed in', async ({ page, request }) => {
  const operator = await createUserAsAdmin(request, 'client', { verified: true });
  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Sign in with Company login' });
  await expect(button).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, { path: 'test-results/screenshots/sign-in-provider-login.png', fullPage: true });

  await button.click();
  // The provider's own login page (oidc-provider's development page).
  await page.getByPlaceholder('Enter any login').fill(operator.email);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // Back on the app, signed in as the operator: /redirect took them to their place.
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page).not.toHaveURL(/providerCode/);
  await expect(page.getByRole('button', { name: /Open account menu for Rita Client/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
});

test("a follower's account is refused with the reason, and keeps the password form", async ({
  page,
  request,
}) => {
  const follower = await registerCustomer(request, { tag: 'oidc-follower', verified: true });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Company login' }).click();
  await page.getByPlaceholder('Enter any login').fill(follower.email);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/login\?providerError=notStaff$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Signing in with the identity provider is for staff only. Please sign in with your email and password.',
  );
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, {
    path: 'test-results/screenshots/sign-in-provider-refused-390.png',
    fullPage: true,
  });
});

test('the admin turns a linked provider user off on the identity provider page', async ({
  page,
  request,
}) => {
  const operator = await createUserAsAdmin(request, 'representant', { verified: true });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Company login' }).click();
  await page.getByPlaceholder('Enter any login').fill(operator.email);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/login');
  await signInWithForm(page, E2E_ADMIN);
  await page.getByRole('link', { name: 'Identity provider' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in with the identity provider' })).toBeVisible();
  await page
    .getByRole('button', { name: `Turn off sign-in through the provider for Rita Representant` })
    .first()
    .click();
  await expect(
    page.getByText('This person can no longer sign in through the identity provider.'),
  ).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, { path: 'test-results/screenshots/sign-in-provider-admin.png', fullPage: true });
});
