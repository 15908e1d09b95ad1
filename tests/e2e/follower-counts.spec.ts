import type { APIRequestContext, Locator } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { DESKTOP, screenshotBoth } from './support/screenshots';
import { adminToken, apiLogin, registerCustomer, startSignedIn } from './support/users';

test.use({ viewport: DESKTOP });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A customer with a confirmed email who follows the business: a follower. */
async function confirmedFollower(request: APIRequestContext, establishmentId: string) {
  const customer = await registerCustomer(request, { tag: 'counted', verified: true });
  const token = (await apiLogin(request, customer)).accessToken;
  const follow = await request.post(`/api/establishments/${establishmentId}/follow`, {
    headers: bearer(token),
  });
  expect(follow.status(), await follow.text()).toBe(200);
}

/** Someone who registers on the business's page and has not opened the emailed link yet. */
async function waitingFollower(request: APIRequestContext, establishmentId: string, n: number) {
  const response = await request.post('/api/account/register', {
    data: {
      firstName: 'Walter',
      lastName: `Waiting ${n}`,
      email: `waiting-${n}-${Date.now().toString(36)}@e2e.test`,
      phone: '+421 900 123 456',
      terms: true,
      language: 'en',
      establishmentId,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The value (and change text) of a figure in a dashboard period card. */
const figureIn = (card: Locator, label: string) =>
  card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('followers and those waiting for email confirmation', () => {
  test('the operator, the admin and the dashboard say the same two numbers', async ({ page, request }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Counted Bakery');
    await confirmedFollower(request, establishment.id);
    await confirmedFollower(request, establishment.id);
    for (const n of [1, 2, 3]) await waitingFollower(request, establishment.id, n);
    const said = 'Followers: 2, and 3 waiting for email confirmation';

    // The operator: the header, then the members tab with its counts and the waiting followers marked.
    await startSignedIn(page, (await apiLogin(request, client)).accessToken);
    await page.goto(`/app/establishment/${establishment.id}?tab=members`);
    await expect(page.getByText(said)).toBeVisible();
    await expect(page.getByText('and 3 waiting for email confirmation', { exact: true })).toBeVisible();
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByText('Waiting for email confirmation', { exact: true })).toHaveCount(3);
    await expect(
      members.getByRole('row', { name: /Walter Waiting 1/ }).getByText('Waiting for email confirmation'),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'follower-counts-members');

    // Its dashboard: today's followers are the same two, each on its own line.
    await page.goto(`/app/reports/dashboard?establishmentId=${establishment.id}`);
    const today = page.getByRole('region', { name: 'Today' });
    await expect(figureIn(today, 'Followers')).toContainText(/^2/);
    await expect(figureIn(today, 'Waiting for email confirmation')).toHaveText('3');
    await screenshotBoth(page, 'follower-counts-dashboard');

    // The admin's list of establishments: a column beside the followers.
    const admin = await page.context().newPage();
    await startSignedIn(admin, await adminToken(request));
    await admin.goto(`/app/management/establishment?q=${encodeURIComponent(establishment.name)}`);
    const row = admin.getByRole('row', { name: new RegExp(establishment.name) });
    await expect(row.getByRole('cell')).toHaveText([establishment.name, /.*/, /.*/, '2', '3', '1', /.*/]);
    await expect(admin.getByRole('columnheader', { name: 'Waiting for email confirmation' })).toBeVisible();
    await screenshotBoth(admin, 'follower-counts-management-list');

    // The admin's page of the establishment: the figure, and the members card's counts.
    await admin.goto(`/app/management/establishment/${establishment.id}`);
    await expect(admin.getByText('and 3 waiting for email confirmation', { exact: true })).toBeVisible();
    await expect(
      admin.getByText('Clients: 1 · Followers: 2, and 3 waiting for email confirmation'),
    ).toBeVisible();
    await screenshotBoth(admin, 'follower-counts-management-detail');
  });
});
