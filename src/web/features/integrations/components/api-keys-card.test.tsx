import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { ApiKey, CreatedApiKey } from '../../../../shared/schemas/api-key.schema';
import { ApiKeysCard } from './api-keys-card';

const SHOP = 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01';
const URL = `/api/establishments/${SHOP}/api-keys`;
const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const KEY = `bk_${'Q'.repeat(39)}Zx9w`;

const till: ApiKey = {
  id: 'b1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b02',
  name: 'Till',
  scopes: ['send', 'read:stats'],
  hint: 'bk_…Ab12',
  createdAt: ago(10 * 24 * HOUR),
  createdBy: { id: 'u1', name: 'Ada Lovelace' },
  lastUsedAt: ago(2 * HOUR),
  revokedAt: null,
};
const oldShop: ApiKey = {
  id: 'c1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b03',
  name: 'Old web shop',
  scopes: ['read:followers'],
  hint: 'bk_…Cd34',
  createdAt: ago(40 * 24 * HOUR),
  createdBy: { id: 'u2', name: 'Grace Hopper' },
  lastUsedAt: null,
  revokedAt: ago(24 * HOUR),
};

let api: FakeApi;

function renderCard(canCreate = true) {
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser({ role: 'client' }) } });
  return renderRoutes([{ path: '/', element: <ApiKeysCard establishmentId={SHOP} canCreate={canCreate} /> }]);
}

describe('the API keys card', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('lists each key: name, last 4 characters, scopes, who created it, last use or revocation', async () => {
    api.on('GET', URL, { body: { items: [till, oldShop] } });
    renderCard();
    const card = await screen.findByRole('region', { name: 'API keys' });
    const list = await within(card).findByRole('list', { name: 'API keys' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(rows).toHaveLength(2);
    const [active, revoked] = rows as [HTMLElement, HTMLElement];
    expect(within(active).getByText('Till')).toBeVisible();
    expect(within(active).getByText('bk_…Ab12')).toBeVisible();
    const scopes = within(active).getByRole('list', { name: 'What it may do' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Send notifications', 'Read figures']);
    expect(within(active).getByText(/^Created .* by Ada Lovelace$/)).toBeVisible();
    expect(within(active).getByText('Last used 2 hours ago')).toBeVisible();
    expect(within(active).getByRole('button', { name: 'Revoke the key Till' })).toBeVisible();

    expect(within(revoked).getByText('Revoked')).toBeVisible();
    expect(within(revoked).getByText(/^Revoked .*\d/)).toBeVisible();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('says when there is no key yet, and offers to create one', async () => {
    api.on('GET', URL, { body: { items: [] } });
    renderCard();
    expect(await screen.findByText('No API keys yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'New API key' })).toBeEnabled();
  });

  it('offers no new key while the establishment is blocked (can(): apiKey:create), and still lists its keys', async () => {
    api.on('GET', URL, { body: { items: [] } });
    renderCard(false);
    expect(await screen.findByText('No API keys yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New API key' })).toBeNull();
  });

  it('shows the loading state, then a failure that can be retried', async () => {
    let fail = true;
    api.on('GET', URL, () =>
      fail ? { status: 500, body: { code: 'INTERNAL', error: Msg.internal } } : { body: { items: [till] } },
    );
    const { user } = renderCard();
    expect(screen.getByRole('status', { name: 'Loading the API keys' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Till')).toBeVisible();
  });

  it('creates a key: shows it once with a warning, a working curl command, both copyable', async () => {
    api.on('GET', URL, { body: { items: [] } });
    api.on('POST', URL, (request) => {
      const body = request.body as { name: string; scopes: string[] };
      const created: CreatedApiKey = {
        apiKey: {
          ...till,
          name: body.name,
          scopes: ['send'],
          lastUsedAt: null,
          hint: `bk_…${KEY.slice(-4)}`,
        },
        key: KEY,
        message: Msg.apiKeyCreated,
      };
      return { status: 201, body: created };
    });
    const { user } = renderCard();
    await screen.findByText('No API keys yet');
    await user.click(screen.getByRole('button', { name: 'New API key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    // Nothing chosen: the form says so before anything is sent.
    await user.click(within(form).getByRole('checkbox', { name: 'Send notifications' }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('name is required')).toBeVisible();
    expect(within(form).getByText(Msg.chooseScope)).toBeVisible();
    expect(api.sent('POST', URL)).toHaveLength(0);

    await enterText(user, within(form).getByRole('textbox', { name: 'Name' }), 'Till by the door');
    await user.click(within(form).getByRole('checkbox', { name: 'Send notifications' }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(api.sent('POST', URL).map((request) => request.body)).toEqual([
      { name: 'Till by the door', scopes: ['send'] },
    ]);
    expect(within(shown).getByText(/it will not be shown again/)).toBeVisible();
    expect(within(shown).getByText(KEY)).toBeVisible();
    const curl = within(shown).getByText(/^curl -X POST/);
    const command = curl.textContent ?? '';
    expect(command).toContain(`'${window.location.origin}/api/establishments/${SHOP}/notifications'`);
    expect(command).toContain(`-H 'Authorization: Bearer ${KEY}'`);
    expect(command).toContain("-H 'Content-Type: application/json'");
    expect(command).toMatch(
      /-H 'Idempotency-Key: [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'/,
    );
    expect(command).toContain(`-d '{"text":"Fresh bread is out!","post":true}'`);

    await user.click(within(shown).getByRole('button', { name: 'Copy the API key' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    await user.click(within(shown).getByRole('button', { name: 'Copy the curl command' }));
    expect(await navigator.clipboard.readText()).toBe(command);

    // Only Done closes it; the list has the key, and the key itself is gone from the page.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your new API key' })).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Done, I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Till by the door')).toBeVisible();
    expect(screen.queryByText(KEY)).toBeNull();
  });

  it('says why a key could not be created (the limit of active keys)', async () => {
    api.on('GET', URL, { body: { items: [till] } });
    api.on('POST', URL, { status: 409, body: { code: 'CONFLICT', error: Msg.apiKeyLimit } });
    const { user } = renderCard();
    await screen.findByText('Till');
    await user.click(screen.getByRole('button', { name: 'New API key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    await enterText(user, within(form).getByRole('textbox', { name: 'Name' }), 'One more');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText(Msg.apiKeyLimit)).toBeVisible();
  });

  it('revokes a key after asking; it stays listed as revoked', async () => {
    api.on('GET', URL, { body: { items: [till] } });
    api.on('POST', `${URL}/${till.id}/revoke`, {
      body: { apiKey: { ...till, revokedAt: new Date().toISOString() }, message: Msg.apiKeyRevoked },
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Revoke the key Till' }));
    const ask = await screen.findByRole('dialog', { name: 'Revoke “Till”?' });
    expect(within(ask).getByText(/stops working at once/)).toBeVisible();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', `${URL}/${till.id}/revoke`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke the key Till' }));
    const again = await screen.findByRole('dialog', { name: 'Revoke “Till”?' });
    await user.click(within(again).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(Msg.apiKeyRevoked)).toBeVisible();
    expect(api.sent('POST', `${URL}/${till.id}/revoke`)).toHaveLength(1);
    expect(await screen.findByText('Revoked')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Revoke the key Till' })).toBeNull();
  });

  it('shows a curl example that reads the key from $BROADCAST_API_KEY', async () => {
    api.on('GET', URL, { body: { items: [till] } });
    renderCard();
    await screen.findByText('Till');
    const example = screen.getByText(/^curl -X POST/);
    expect(example.textContent).toContain('-H "Authorization: Bearer $BROADCAST_API_KEY"');
    expect(example.textContent).toContain(`/api/establishments/${SHOP}/notifications'`);
    expect(screen.getByRole('link', { name: /API documentation/ })).toHaveAttribute('href', '/api/docs');
  });
});
