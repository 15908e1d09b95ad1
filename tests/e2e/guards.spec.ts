import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import {
  adminToken,
  apiLogin,
  createUserAsAdmin,
  registerCustomer,
  signInWithForm,
  startSignedIn,
} from './support/users';

test.describe('guards and redirects', () => {
  test('a guest opening / goes through /redirect to the sign-in page', async ({ page }) => {
    const visited: string[] = [];
    page.on(
      'framenavigated',
      (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname),
    );
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // Client-side redirects are same-document navigations: the stop at /redirect is seen.
    expect(visited.filter((p, i) => p !== visited[i - 1])).toEqual(['/', '/redirect', '/login']);
  });

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

  test('a signed-in admin opening /login or /register is sent to /redirect and on to the management area', async ({
    page,
    request,
  }) => {
    await startSignedIn(page, await adminToken(request));
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/app\/management\/customers$/);
      await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
    }
  });

  test('a signed-in customer who follows nothing opening /login or /register lands on /noestablishments', async ({
    page,
    request,
  }) => {
    const user = await registerCustomer(request, { tag: 'guest-only', verified: true });
    await startSignedIn(page, (await apiLogin(request, user)).accessToken);
    for (const path of ['/login', '/register', '/redirect']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/noestablishments$/);
      await expect(page.getByRole('heading', { name: 'Follow a business to get started' })).toBeVisible();
    }
  });

  test('a guest opening /waiting or /noestablishments reads the page and can sign in from there', async ({
    page,
  }) => {
    await page.goto('/waiting');
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await expect(
      page.getByText(/Open the email and click the link to activate your account, then sign in/),
    ).toBeVisible();
    // Public: no trip to /login.
    await expect(page).toHaveURL(/\/waiting$/);
    await expectAccessible(page);

    await page.goto('/noestablishments');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Follow a business to get started' }),
    ).toBeVisible();
    await expect(page.getByText('Scan its QR code, or open the link it shares with you.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/noestablishments$/);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await page.goto('/waiting');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
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

  test('/app, /app/reports and /app/social open the account page; /app/management opens the customers list', async ({
    page,
    request,
  }) => {
    await startSignedIn(page, await adminToken(request));
    for (const path of ['/app', '/app/reports', '/app/social']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/app\/account$/);
      await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    }
    await page.goto('/app/management');
    await expect(page).toHaveURL(/\/app\/management\/customers$/);
    await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
  });

  test('an unknown path, inside /app or outside, shows the 404 page', async ({ page, request }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    await startSignedIn(page, await adminToken(request));
    await page.goto('/app/no/such/screen');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // "Back to the start" goes through /redirect to where this user belongs.
    await page.getByRole('link', { name: 'Back to the start' }).click();
    await expect(page).toHaveURL(/\/app\/management\/customers$/);
  });

  test('a customer opening /app/management sees the not-allowed state', async ({ page, request }) => {
    const user = await registerCustomer(request, { tag: 'not-allowed', verified: true });
    await startSignedIn(page, (await apiLogin(request, user)).accessToken);
    await page.goto('/app/management');
    await expect(page.getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
    await expect(page.getByText('Your role does not give access to this page.')).toBeVisible();
    await page.goto('/app/management/customers');
    await expect(page.getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toHaveCount(0);
  });
});
