import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

/**
 * An operator turns the win-back on from the Automations tab: a message, 45 days, saved; a day
 * count out of bounds is refused beside its field; the saved automation is there after a reload,
 * with how many followers it would reach today (a follower of today: nobody yet).
 */
test.describe('automations', () => {
  test('an operator turns the win-back on with its message and days', async ({ page, request }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Automated Bar');
    const customer = await registerCustomer(request, { tag: 'automation-follower', verified: true });
    const customerToken = (await apiLogin(request, customer)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(follow.status()).toBe(200);

    await startSignedIn(page, (await apiLogin(request, client)).accessToken);
    await page.goto(`/app/establishment/${establishment.id}`);
    await page.getByRole('tab', { name: 'Automations' }).click();
    const winBack = page.getByRole('form', { name: 'Win-back' });
    await expect(winBack.getByText('Would reach today: 0 followers')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Welcome series: second message' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Follow anniversary' })).toBeVisible();

    await winBack.getByRole('switch', { name: 'Send automatically' }).check();
    await winBack
      .getByRole('textbox', { name: 'Message' })
      .fill('We miss you! Your next drink is on us this week.');
    const days = winBack.getByRole('spinbutton', { name: 'Days' });
    await days.fill('400');
    await winBack.getByRole('button', { name: 'Save' }).click();
    await expect(winBack.getByText('Give a number of days from 14 to 365.')).toBeVisible();
    await days.fill('45');
    await winBack.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Automation saved.')).toBeVisible();

    await page.reload();
    const saved = page.getByRole('form', { name: 'Win-back' });
    await expect(saved.getByRole('switch', { name: 'Send automatically' })).toBeChecked();
    await expect(saved.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'We miss you! Your next drink is on us this week.',
    );
    await expect(saved.getByRole('spinbutton', { name: 'Days' })).toHaveValue('45');
    await screenshotBoth(page, 'automations-en');
    await expectAccessible(page);
  });
});
