import { expect, test } from './support/fixtures';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

test.describe('session', () => {
  test('an expired token in storage is dropped at start: the app shows the sign-in page', async ({
    page,
  }) => {
    const expired = [
      base64url({ alg: 'HS256', typ: 'JWT' }),
      base64url({ sub: 'someone', sid: 'old-session', ver: 0, exp: Math.floor(Date.now() / 1000) - 3600 }),
      'c2lnbmF0dXJl',
    ].join('.');
    const meCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/account/me') && meCalls.push(r.url()));
    await startSignedIn(page, expired);

    await page.goto('/app/account');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // Discarded without asking the server.
    expect(meCalls).toEqual([]);
  });

  test('a 401 in the middle of a session clears it and lands on the sign-in page', async ({
    page,
    request,
  }) => {
    const user = await registerCustomer(request, { tag: 'revoked', verified: true });
    const { accessToken } = await apiLogin(request, user);
    await startSignedIn(page, accessToken);
    await page.goto('/app/account?tab=profile');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

    // The session is ended server-side, behind the app's back.
    const revoke = await request.post('/api/account/logout-all', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(revoke.status()).toBe(200);

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/account/profile'));
    await page.getByLabel('Bio').fill('This will not be saved.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await answer).status()).toBe(401);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // Still signed out after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
