import { a11yWorld } from './support/a11y-people';
import { sweep } from './support/a11y-sweep';
import { expect, test } from './support/fixtures';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

// Every page a guest and a follower see, in the light theme on a desktop and a dark one at 390 px:
// no serious or critical axe finding (WCAG 2.2 AA rules; docs/accessibility.md).
test.describe('accessibility of the public and the follower pages', () => {
  // A sweep opens a dozen pages twice, each waited for and checked: minutes beside a CPU load.
  test.describe.configure({ timeout: 300_000 });

  test('a guest’s pages', async ({ page, request }) => {
    const { establishment } = await a11yWorld(request, 'A11y Guest Bistro');
    const id = establishment.id;
    await sweep(page, [
      '/home',
      '/login',
      '/register',
      '/forgotpassword',
      '/install',
      '/gdpr/privacy',
      '/gdpr/terms',
      '/404',
      '/waiting',
      '/noestablishments',
      '/verify/not-a-real-token',
      '/newpassword/not-a-real-token',
      '/invitation/not-a-real-token',
      `/${id}`,
      `/${id}/register`,
      `/${id}/gdpr/privacy`,
    ]);
  });

  test('a follower’s pages', async ({ page, request }) => {
    const world = await a11yWorld(request, 'A11y Follower Bistro');
    await startSignedIn(page, world.customer.token);
    await sweep(page, [
      '/app/social/feed',
      '/app/account',
      { path: '/app/account', tab: 'Profile' },
      { path: '/app/account', tab: 'Security' },
      '/app/messages',
      `/app/messages/${world.conversationId}`,
      `/app/establishment/${world.establishment.id}/notification/${world.postId}`,
      `/${world.establishment.id}`,
    ]);
  });

  // The two pages a new customer is sent to by /redirect (guards.spec.ts follows the redirects).
  test('a customer waiting for the confirmation email', async ({ page, request }) => {
    const unverified = await registerCustomer(request, { tag: 'a11y-waiting' });
    await startSignedIn(page, (await apiLogin(request, unverified)).accessToken);
    await sweep(page, ['/waiting']);
  });

  test('a confirmed customer who follows nobody yet', async ({ page, request }) => {
    const verified = await registerCustomer(request, { tag: 'a11y-no-follows', verified: true });
    await startSignedIn(page, (await apiLogin(request, verified)).accessToken);
    await sweep(page, ['/noestablishments']);
  });
});

test.describe('the keyboard', () => {
  test('the skip link is the first Tab stop and takes the focus past the top bar and the sidebar', async ({
    page,
    request,
  }) => {
    const world = await a11yWorld(request, 'A11y Keyboard Bistro');
    for (const [path, token] of [
      ['/home', undefined],
      ['/app/social/feed', world.customer.token],
    ] as const) {
      if (token) await startSignedIn(page, token);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // The next stop is inside the page, not the top bar's buttons.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    }
  });
});
