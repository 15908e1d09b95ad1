import { expectAccessible } from './support/a11y';
import { createEstablishmentAsAdmin, establishmentFields, uniqueName } from './support/establishments';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

/** A phone, as most followers hold one. */
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, timezoneId: 'Europe/Bratislava' });

test.describe('quiet hours', () => {
  test('a follower sets quiet hours 22:00-07:00 on a phone, finds them after a reload, and turns them off', async ({
    page,
    request,
  }) => {
    // A customer who follows a business.
    const establishment = await createEstablishmentAsAdmin(
      request,
      establishmentFields(uniqueName('Quiet Bar')),
    );
    const follower = await registerCustomer(request, { tag: 'quiet', verified: true });
    const { accessToken } = await apiLogin(request, follower);
    const followed = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(followed.status(), await followed.text()).toBe(200);
    await startSignedIn(page, accessToken);

    await page.goto('/app/account');
    const card = page.getByRole('region', { name: 'Quiet hours' });
    await expect(card).toBeVisible();
    const on = card.getByRole('switch', { name: 'Pause notifications during quiet hours' });
    await expect(on).not.toBeChecked();
    // Off: the times are offered but cannot be edited; the zone is this browser's.
    await expect(card.getByLabel('From')).toBeDisabled();
    await expect(card.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Europe/Bratislava');
    await expectAccessible(page);

    await on.check();
    await card.getByLabel('From').fill('22:00');
    await card.getByLabel('To').fill('07:00');
    await expect(card.getByText('Ends the next day')).toBeVisible();
    await expect(
      card.getByText(
        'Notifications that arrive during your quiet hours wait and reach your devices when they end',
      ),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
    await saveScreenshot(card, { path: 'test-results/screenshots/quiet-hours-on-phone.png' });
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Quiet hours saved')).toBeVisible();

    await page.reload();
    await expect(on).toBeChecked();
    await expect(card.getByLabel('From')).toHaveValue('22:00');
    await expect(card.getByLabel('To')).toHaveValue('07:00');
    await expect(card.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Europe/Bratislava');
    await expectAccessible(page);

    // The same start and end are refused beside the field, and nothing is saved.
    await card.getByLabel('To').fill('22:00');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('Quiet hours must end at a different time than they start')).toBeVisible();
    await expect(card.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
    await saveScreenshot(card, { path: 'test-results/screenshots/quiet-hours-error-phone.png' });

    // Off, by keyboard: focus the switch, Space, then Save.
    await on.focus();
    await page.keyboard.press('Space');
    await expect(on).not.toBeChecked();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Quiet hours turned off')).toBeVisible();

    await page.reload();
    await expect(on).not.toBeChecked();
    const saved = await request.get('/api/account/quiet-hours', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(await saved.json()).toEqual({ enabled: false, start: null, end: null, timeZone: null });
  });
});
