import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { openIntegrations, screenshotCard } from './support/integrations';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';

const run = promisify(execFile);

/** Run a command as a person pasting it into a terminal would: the shell reads it as shown. */
async function inShell(command: string): Promise<{ status: number; body: unknown }> {
  // -w appends the HTTP status on its own line; everything else is the command as copied.
  const { stdout } = await run('sh', ['-c', `${command} -s -w '\\n%{http_code}'`]);
  const lines = stdout.trimEnd().split('\n');
  const status = Number(lines.pop());
  return { status, body: JSON.parse(lines.join('\n')) };
}

test.describe('API keys', () => {
  test.use({ viewport: DESKTOP });

  test('an operator creates a key, runs the curl command shown, and the notification is in the feed', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { establishment } = await openIntegrations({ page, context, request, baseURL }, 'Key Bakery');

    const card = page.getByRole('region', { name: 'API keys' });
    await expect(card.getByText('No API keys yet')).toBeVisible();

    await card.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Till');
    await expect(form.getByRole('checkbox', { name: 'Send notifications' })).toBeChecked();
    await form.getByRole('checkbox', { name: 'Read figures' }).check();
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(shown.getByText('it will not be shown again', { exact: false })).toBeVisible();
    const key = (await shown.getByText(/^bk_/).textContent()) ?? '';
    expect(key).toMatch(/^bk_[\w-]{43}$/);
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, {
      path: 'test-results/screenshots/api-key-created-phone.png',
      animations: 'disabled',
    });
    await page.setViewportSize(DESKTOP);

    // Copied as the operator would copy it, and run as they would run it.
    await shown.getByRole('button', { name: 'Copy the curl command' }).click();
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toBe(await shown.getByText(/^curl -X POST/).textContent());
    expect(command).toContain(
      `${new URL(baseURL!).origin}/api/establishments/${establishment.id}/notifications`,
    );
    expect(command).toContain(key);
    const sent = await inShell(command);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toMatchObject({ notification: { text: 'Fresh bread is out!', inFeed: true } });
    // The same command again: the same Idempotency-Key, nothing more is sent.
    const again = await inShell(command);
    expect(again.status).toBe(202);
    expect((again.body as { notification: { id: string } }).notification.id).toBe(
      (sent.body as { notification: { id: string } }).notification.id,
    );

    await shown.getByRole('button', { name: 'Done, I have copied the key' }).click();
    await expect(shown).toBeHidden();
    const row = card.getByRole('listitem').filter({ hasText: 'Till' });
    await expect(row.getByText(`bk_…${key.slice(-4)}`)).toBeVisible();
    await expect(card.getByText(key)).toHaveCount(0);

    // The key's send is in the establishment's feed, once.
    await page.getByRole('tab', { name: 'Feed' }).click();
    const posts = page.getByRole('region', { name: `Posts of ${establishment.name}` });
    await expect(posts.getByText('Fresh bread is out!')).toHaveCount(1);

    // Back on the card: its last use is noted.
    await page.reload();
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await expect(row.getByText(/^Last used/)).toBeVisible();
    await expectAccessible(page);
    await screenshotCard(page, card, 'api-keys-card');

    // Revoked, the same command is refused.
    await row.getByRole('button', { name: 'Revoke the key Till' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Till”?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('API key revoked.')).toBeVisible();
    await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
    const refused = await inShell(command);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
