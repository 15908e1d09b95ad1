import { expect, test } from './support/fixtures';
import { createUserAsAdmin, registerCustomer, signInWithForm } from './support/users';

// Where each role lands for every address (redirects, 404, the not-allowed state) is a component
// test on the app's own routes (src/web/app/route-tree.test.tsx); here, the two landings a person
// reaches through the real sign-in.
test.describe('guards and redirects', () => {
  test('a guest opening /app/account signs in and comes back to /app/account', async ({ page, request }) => {
    const user = await registerCustomer(request, { tag: 'return', verified: true });
    await page.goto('/app/account');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();
    // And it stays there: nothing sends the user on to /redirect afterwards.
    await expect(page).toHaveURL(/\/app\/account$/);
  });

  test('a representative who signs in is sent by /redirect to the representative panel', async ({
    page,
    request,
  }) => {
    const representative = await createUserAsAdmin(request, 'representant', { verified: true });
    await page.goto('/login');
    await signInWithForm(page, representative);
    await expect(page).toHaveURL(/\/app\/reports\/representant$/);
  });
});
