import { expect, test } from './support/fixtures';
import { screenshotBoth } from './support/screenshots';
import { adminToken, apiLogin, registerCustomer, startSignedIn } from './support/users';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * What an admin did while logged in as someone is in the audit log, and the
 * person sees it in their own account, with who and when.
 */
test.describe('admin access, as the person sees it', () => {
  test('the Security tab lists the log-in-as, the change made meanwhile and its end; an untouched account shows no such card', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await registerCustomer(request, { tag: 'admin-access', verified: true });
    const { user } = await apiLogin(request, customer);

    // An admin logs in as them, turns their quiet hours on, and returns.
    const admin = await adminToken(request);
    const as = await request.post(`/api/management/users/${user.id}/impersonate`, { headers: bearer(admin) });
    expect(as.status(), await as.text()).toBe(200);
    const borrowed = ((await as.json()) as { accessToken: string }).accessToken;
    const quiet = await request.put('/api/account/quiet-hours', {
      headers: bearer(borrowed),
      data: { enabled: true, start: '22:00', end: '07:00', timeZone: 'Europe/Vienna' },
    });
    expect(quiet.status(), await quiet.text()).toBe(200);
    const back = await request.post('/api/account/impersonation/end', { headers: bearer(borrowed) });
    expect(back.status(), await back.text()).toBe(200);

    // The admin's log has the change, with the admin and the user.
    const log = await request.get(`/api/management/audit-log?targetUserId=${user.id}`, {
      headers: bearer(admin),
    });
    const entries = ((await log.json()) as { items: { action: string; detail: Record<string, unknown> }[] })
      .items;
    expect(entries.map((entry) => entry.action)).toEqual([
      'user.impersonationEnd',
      'impersonation.write',
      'user.impersonate',
    ]);
    expect(entries[1]!.detail).toMatchObject({ operation: 'setQuietHours', status: 200 });

    // The person, in their account.
    await startSignedIn(page, (await apiLogin(request, customer)).accessToken);
    await page.goto('/app/account?tab=security');
    const card = page.getByRole('region', { name: 'Admin access' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expect(card.getByRole('listitem').nth(0)).toContainText('Stopped being signed in as you');
    await expect(card.getByRole('listitem').nth(1)).toContainText('Made a change while signed in as you');
    await expect(card.getByRole('listitem').nth(2)).toContainText('Signed in as you');
    const year = String(new Date().getFullYear());
    for (const row of await card.getByRole('listitem').all()) await expect(row).toContainText(year);
    await card.scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'account-admin-access');

    // Someone no admin touched: no card.
    const untouched = await registerCustomer(request, { tag: 'admin-untouched', verified: true });
    const other = await page.context().browser()!.newContext({ baseURL });
    const otherPage = await other.newPage();
    await startSignedIn(otherPage, (await apiLogin(request, untouched)).accessToken);
    await otherPage.goto('/app/account?tab=security');
    await expect(otherPage.getByRole('heading', { name: 'Sign out on all devices' })).toBeVisible();
    await expect(otherPage.getByRole('region', { name: 'Admin access' })).toHaveCount(0);
    await other.close();
  });
});
