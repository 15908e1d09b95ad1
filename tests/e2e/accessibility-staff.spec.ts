import { a11yWorld, firstId } from './support/a11y-people';
import { sweep } from './support/a11y-sweep';
import { test } from './support/fixtures';
import { adminToken, apiLogin, createUserAsAdmin, startSignedIn } from './support/users';

// Every page the staff roles see, in the light theme on a desktop and a dark one at 390 px: no
// serious or critical axe finding (WCAG 2.2 AA rules; docs/accessibility.md).
test.describe('accessibility of the staff pages', () => {
  // A sweep opens a dozen pages twice, each waited for and checked: minutes beside a CPU load.
  test.describe.configure({ timeout: 300_000 });

  test('a client’s pages', async ({ page, request }) => {
    const world = await a11yWorld(request, 'A11y Client Bistro');
    const id = world.establishment.id;
    await startSignedIn(page, world.client.token);
    await sweep(page, [
      '/app/myestablishments',
      `/app/establishment/${id}`,
      `/app/establishment/${id}/notification/${world.postId}`,
      `/app/establishment/${id}/inbox`,
      `/app/messages/${world.conversationId}`,
      '/app/reports/dashboard',
      '/app/account',
    ]);
  });

  test('a representative’s pages', async ({ page, request }) => {
    const representative = await createUserAsAdmin(request, 'representant', { verified: true });
    await startSignedIn(page, (await apiLogin(request, representative)).accessToken);
    await sweep(page, [
      '/app/reports/representant',
      '/app/management/establishment',
      '/app/management/establishment/new',
      '/app/management/clients',
      '/app/account',
    ]);
  });

  test('an admin’s pages about people', async ({ page, request }) => {
    const world = await a11yWorld(request, 'A11y Admin People');
    await startSignedIn(page, await adminToken(request));
    await sweep(page, [
      '/app/reports',
      '/app/management/customers',
      '/app/management/customers/new',
      `/app/management/customers/${world.customer.id}`,
      `/app/management/customers/${world.customer.id}/edit`,
      '/app/management/users',
      '/app/management/users/new',
      `/app/management/users/${world.client.id}`,
      `/app/management/users/${world.client.id}/edit`,
      '/app/management/clients',
      `/app/management/clients/${world.client.id}`,
      `/app/management/clients/${world.client.id}/edit`,
    ]);
  });

  test('an admin’s pages about businesses and the platform', async ({ page, request }) => {
    const world = await a11yWorld(request, 'A11y Admin Bistro');
    const id = world.establishment.id;
    const preference = await firstId(request, '/api/preferences');
    const group = await firstId(request, '/api/preference-groups');
    await startSignedIn(page, await adminToken(request));
    await sweep(page, [
      '/app/management/establishment',
      '/app/management/establishment/addclient',
      '/app/management/establishment/adduser',
      `/app/management/establishment/${id}`,
      `/app/management/establishment/${id}/edit`,
      '/app/management/audit-log',
      '/app/management/email-health',
      '/app/management/sign-in-provider',
      '/app/management/preferences',
      ...(preference ? [`/app/management/preferences/${preference}`] : []),
      '/app/management/preference-groups',
      ...(group ? [`/app/management/preference-groups/${group}`] : []),
    ]);
  });
});
