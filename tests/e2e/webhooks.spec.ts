import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { openIntegrations, screenshotCard } from './support/integrations';
import { DESKTOP } from './support/screenshots';

const PHONE_390 = { width: 390, height: 844 };

/**
 * Webhooks in the app. The receiver is a name that never resolves (`.invalid`): the
 * spec sees the call fail and stay pending in the history. Calls that reach a signed receiver are
 * covered by the server's tests.
 */
test.describe('webhooks', () => {
  test.use({ viewport: DESKTOP });

  test('an operator adds a webhook, copies its secret, sends a test event and sees the call in the history', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await openIntegrations({ page, context, request, baseURL }, 'Hook Bakery');

    const card = page.getByRole('region', { name: 'Webhooks' });
    await expect(card.getByText('No webhooks yet')).toBeVisible();
    await card.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });

    // A private address is refused beside the field.
    await form.getByRole('textbox', { name: /^URL/ }).fill('https://10.1.2.3/hook');
    await form.getByRole('checkbox', { name: 'Someone followed' }).check();
    await form.getByRole('checkbox', { name: 'Notification sent' }).check();
    await form.getByRole('textbox', { name: 'Description' }).fill('Web shop');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByText('Must be an address on the public internet')).toBeVisible();

    await form.getByRole('textbox', { name: /^URL/ }).fill('https://receiver.invalid/hook');
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(shown.getByText('it will not be shown again', { exact: false })).toBeVisible();
    const secret = (await shown.getByText(/^whsec_/).textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    await shown.getByRole('button', { name: 'Copy the signing secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'Done, I have copied the secret' }).click();
    await expect(shown).toBeHidden();
    await expect(card.getByText(secret)).toHaveCount(0);

    const row = card.getByRole('listitem').filter({ hasText: 'https://receiver.invalid/hook' });
    await expect(row.getByText('Web shop')).toBeVisible();
    await expect(row.getByRole('list', { name: 'Events' }).getByRole('listitem')).toHaveText([
      'Someone followed',
      'Notification sent',
    ]);
    await expect(row.getByText('Not called yet')).toBeVisible();

    // The test event is called, fails (the name does not resolve) and waits to be tried again.
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(/Test event queued/)).toBeVisible();
    const history = row.getByRole('list', { name: 'Call history' });
    await expect(async () => {
      await row.getByRole('button', { name: 'Refresh' }).click();
      await expect(history.getByText(/^Failed: /)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const call = history.getByRole('listitem').first();
    await expect(call.getByText('Test event')).toBeVisible();
    await expect(call.getByText(/ms · (Will be tried again|Given up)/)).toBeVisible();
    await expectAccessible(page);

    await screenshotCard(page, card, 'webhooks-card', PHONE_390);

    // Resend queues the same event again.
    await call.getByRole('button', { name: 'Resend Test event' }).click();
    await expect(page.getByText('Queued to be sent again')).toBeVisible();

    // Turned off by hand, then deleted after asking.
    await row.getByRole('switch', { name: 'Call https://receiver.invalid/hook' }).click();
    await expect(page.getByText('Webhook turned off')).toBeVisible();
    await expect(row.getByText('Turned off', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card.getByText('No webhooks yet')).toBeVisible();
  });
});
