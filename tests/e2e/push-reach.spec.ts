import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe('honest reach for the owner', () => {
  test('with followers but no device to reach, the header, compose and post page say so instead of "Delivered"', async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Quiet Corner');
    // Two followers who never turned notifications on (no device subscribed).
    for (const tag of ['reach-a', 'reach-b']) {
      const customer = await registerCustomer(request, { tag, verified: true });
      const token = (await apiLogin(request, customer)).accessToken;
      const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
        headers: bearer(token),
      });
      expect(follow.status(), await follow.text()).toBe(200);
    }

    await startSignedIn(page, (await apiLogin(request, client)).accessToken);
    await page.goto(`/app/establishment/${establishment.id}`);
    await expect(page.getByTestId('push-reach')).toHaveText(
      'Reachable: 0 of 2 followers (0 by phone, 0 by email)',
    );

    const compose = page.getByRole('region', { name: 'New notification' });
    await expect(page.getByTestId('targeting-reach')).toHaveText(
      'Reachable: 0 of 2 followers (0 by phone, 0 by email)',
    );
    const warning = compose.getByRole('alert').filter({ hasText: 'No follower has notifications on yet' });
    await expect(warning).toContainText('Put your QR code where customers see it');
    await compose.getByRole('textbox', { name: /^Message/ }).fill('Soup of the day: lentils.');
    await expectAccessible(page);
    await screenshotBoth(page, 'push-reach-compose');

    await compose.getByRole('button', { name: 'Send and post' }).click();
    await expect(page.locator('#notistack-snackbar')).toHaveText('Notification and post has been sent!');
    const card = page.getByRole('article').filter({ hasText: 'Soup of the day: lentils.' });
    await expect(card.getByText('Nobody reached')).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText('Delivered')).toHaveCount(0);

    await card.getByRole('link', { name: /^Open/ }).click();
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await expect(delivery.getByText('Nobody reached')).toBeVisible();
    await expect(delivery.getByText('No follower has notifications on yet')).toBeVisible();
    await expect(delivery.getByRole('group', { name: 'Audience', exact: true })).toHaveAccessibleDescription(
      '0',
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'push-reach-post-page');
  });
});
