import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  clientWithEstablishment,
  createEstablishmentAsAdmin,
  establishmentFields,
  uniqueName,
} from './support/establishments';
import { expect, test } from './support/fixtures';
import { pushServiceSubscription } from './support/push';
import { DESKTOP, saveScreenshot } from './support/screenshots';
import { adminToken, apiLogin, registerCustomer, startSignedIn } from './support/users';

test.use({ viewport: DESKTOP });

/** A phone as wide as an iPhone 12 to 15. */
const PHONE = { width: 390, height: 844 };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A customer who came through the QR code: a page view of the public page with ?src=qr, a follow
 * from it, and a phone subscribed to push (a subscription of the local push service).
 */
async function followerFromQr(request: APIRequestContext, establishmentId: string) {
  const view = await request.post('/api/analytics/pageview', {
    data: { path: `/${establishmentId}`, source: 'qr' },
  });
  expect(view.status(), await view.text()).toBe(204);
  const customer = await registerCustomer(request, { tag: 'reports-follower', verified: true });
  const token = (await apiLogin(request, customer)).accessToken;
  const follow = await request.post(`/api/establishments/${establishmentId}/follow`, {
    headers: bearer(token),
    data: { source: 'qr' },
  });
  expect(follow.status(), await follow.text()).toBe(200);
  const subscription = await pushServiceSubscription();
  const subscribe = await request.post('/notifications/subscribe', {
    headers: bearer(token),
    data: { ...subscription, expirationTime: null },
  });
  expect(subscribe.status(), await subscribe.text()).toBe(201);
  return customer;
}

/** "Send and post" through the API, as the establishment's client. */
async function sendByApi(request: APIRequestContext, token: string, establishmentId: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(token),
    data: { text: 'Fresh croissants until noon', post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
}

/** The value (and change text) of a figure in a period card. */
const figure = (card: Locator, label: string) =>
  card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** The page never scrolls sideways: nothing sticks out of the viewport. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A full-page screenshot once nothing is loading, for looking at. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await saveScreenshot(page, {
    path: `test-results/screenshots/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

test.describe('reports dashboard', () => {
  test('an owner opens the dashboard on a phone, switches periods, sees the chart and the funnel', async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Reports Bistro');
    await followerFromQr(request, establishment.id);
    const token = (await apiLogin(request, client)).accessToken;
    await sendByApi(request, token, establishment.id);

    await page.setViewportSize(PHONE);
    await startSignedIn(page, token);
    await page.goto('/app/account');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The phone's menu holds the link.
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/app\/reports\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^${establishment.name} · days in the Europe/Bratislava time zone`)),
    ).toBeVisible();

    const today = page.getByRole('region', { name: 'Today' });
    await expect(figure(today, 'Notifications sent')).toContainText(/^1/);
    await expect(figure(today, 'Notifications sent')).toContainText('new: none in the previous period');
    await expect(figure(today, 'Posts')).toContainText(/^1/);
    await expect(figure(today, 'Followers')).toContainText(/^1/);
    for (const period of ['Yesterday', 'Last 30 days', 'Last year'])
      await expect(page.getByRole('region', { name: period })).toBeVisible();
    // One establishment: nothing to pick.
    await expect(page.getByRole('combobox', { name: 'Report on' })).toHaveCount(0);

    // The last 30 days by default, then the week ending today, the year by month, and a custom range.
    await expect(page.getByRole('figure', { name: 'Reach and clicks' })).toBeVisible();
    await expect(
      page.getByRole('figure', { name: 'Notifications sent' }).locator('svg').first(),
    ).toBeVisible();
    await expect(page.getByText(/^Day by day, /)).toBeVisible();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page).toHaveURL(/period=today/);
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText(/^Day by day, /)).toBeVisible();
    await page.getByRole('button', { name: 'Year', exact: true }).click();
    await expect(page.getByText(/^Month by month, /)).toBeVisible();

    const funnel = page.getByRole('region', { name: 'Follower funnel' });
    await expect(funnel).toBeVisible();
    const qr = funnel.getByRole('region', { name: 'QR code' });
    await expect(qr.getByRole('listitem').filter({ hasText: /^Followed/ })).toContainText('1');
    await expectNoSideScroll(page);
    await expectAccessible(page);
    await shoot(page, 'reports-dashboard-phone');

    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await expect(page.getByText('Choose a start and an end date to see that range.')).toBeVisible();
    await page.getByLabel('Start date').fill('2026-03-10');
    await page.getByLabel('End date').fill('2026-03-01');
    await expect(page.getByText('End date must be later than start date')).toBeVisible();
    await page.getByLabel('End date').fill('2026-03-20');
    await expect(page.getByText('End date must be later than start date')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Custom range' })).toBeVisible();
    await expect(page).toHaveURL(/period=custom&from=2026-03-10&to=2026-03-20/);
    await expectNoSideScroll(page);

    // The range survives a reload: it lives in the address.
    await page.reload();
    await expect(page.getByLabel('End date')).toHaveValue('2026-03-20');

    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: '30 days', exact: true }).click();
    await expect(page.getByRole('figure', { name: 'Reach and clicks' })).toBeVisible();
    await shoot(page, 'reports-dashboard-desktop');

    // The dark theme, for a look at contrast.
    await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ theme: 'ONE_DARK' })));
    await page.reload();
    await expect(page.getByRole('figure', { name: 'Reach and clicks' })).toBeVisible();
    await shoot(page, 'reports-dashboard-desktop-dark');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await shoot(page, 'reports-dashboard-phone-dark');
  });

  test('an admin sees the whole platform and picks an establishment', async ({ page, request }) => {
    const establishment = await createEstablishmentAsAdmin(
      request,
      establishmentFields(uniqueName('Reports Café')),
    );
    await startSignedIn(page, await adminToken(request));
    await page.goto('/app/reports/dashboard');
    const picker = page.getByRole('combobox', { name: 'Report on' });
    await expect(picker).toHaveValue('Whole platform');
    await expect(page.getByText(/^Whole platform · days in the /)).toBeVisible();

    await picker.fill(establishment.name);
    await page.getByRole('option', { name: new RegExp(establishment.name) }).click();
    await expect(page).toHaveURL(new RegExp(`establishmentId=${establishment.id}`));
    await expect(page.getByText(new RegExp(`^${establishment.name} · days in the `))).toBeVisible();
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Follower funnel' })).toBeVisible();

    await picker.click();
    await page.getByRole('option', { name: 'Whole platform' }).click();
    await expect(page).toHaveURL(/\/app\/reports\/dashboard$/);
    await expect(page.getByText(/^Whole platform · days in the /)).toBeVisible();
  });

  test('a customer has no dashboard link and is refused', async ({ page, request }) => {
    const establishment = await createEstablishmentAsAdmin(
      request,
      establishmentFields(uniqueName('Reports Bar')),
    );
    const customer = await registerCustomer(request, { tag: 'reports-customer', verified: true });
    const token = (await apiLogin(request, customer)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(token),
    });
    expect(follow.status(), await follow.text()).toBe(200);

    await startSignedIn(page, token);
    await page.goto('/app/account');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await page.goto('/app/reports/dashboard');
    await expect(page.getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
    const answer = await request.get(`/api/reports/dashboard?establishmentId=${establishment.id}`, {
      headers: bearer(token),
    });
    expect(answer.status()).toBe(403);
  });
});
