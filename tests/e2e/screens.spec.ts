import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { DESKTOP, screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

// Accessibility (axe: no serious or critical issue) and desktop/phone screenshots of the main screens.
test.use({ viewport: DESKTOP });

const guestScreens = [
  { name: 'login', path: '/login', heading: 'Sign in' },
  { name: 'register', path: '/register', heading: 'Create your account' },
  { name: 'forgotpassword', path: '/forgotpassword', heading: 'Forgot your password?' },
  { name: 'home', path: '/home', heading: null },
  { name: 'gdpr-privacy', path: '/gdpr/privacy', heading: null },
  { name: '404', path: '/404', heading: 'Page not found' },
] as const;

test.describe('main screens', () => {
  for (const screen of guestScreens) {
    test(`${screen.path} is accessible; screenshots`, async ({ page }) => {
      await page.goto(screen.path);
      if (screen.heading) await expect(page.getByRole('heading', { name: screen.heading })).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
      await expectAccessible(page);
      await screenshotBoth(page, screen.name);
    });
  }

  test('/app/account: every tab is accessible; screenshots', async ({ page, request }) => {
    const user = await registerCustomer(request, { tag: 'screens', verified: true });
    await startSignedIn(page, (await apiLogin(request, user)).accessToken);
    await page.goto('/app/account');
    for (const tab of ['General', 'Profile', 'Security']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectAccessible(page);
      await screenshotBoth(page, `account-${tab.toLowerCase()}`);
    }
  });

  test('/waiting is accessible; screenshots', async ({ page, request }) => {
    const user = await registerCustomer(request, { tag: 'screens-waiting' });
    await startSignedIn(page, (await apiLogin(request, user)).accessToken);
    await page.goto('/redirect');
    await expect(page).toHaveURL(/\/waiting$/);
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'waiting');
  });

  test('/noestablishments is accessible; screenshots', async ({ page, request }) => {
    const user = await registerCustomer(request, { tag: 'screens-follow', verified: true });
    await startSignedIn(page, (await apiLogin(request, user)).accessToken);
    await page.goto('/redirect');
    await expect(page).toHaveURL(/\/noestablishments$/);
    await expect(page.getByRole('heading', { name: 'Follow a business to get started' })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'noestablishments');
  });

  test('/waiting and /noestablishments, public routes, read by a guest are accessible; screenshots', async ({
    page,
  }) => {
    for (const [path, heading] of [
      ['/waiting', 'Verify your email'],
      ['/noestablishments', 'Follow a business to get started'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectAccessible(page);
      await screenshotBoth(page, `${path.slice(1)}-guest`);
    }
  });
});
