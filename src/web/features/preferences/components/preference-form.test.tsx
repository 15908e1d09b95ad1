import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { PreferenceGroup } from '../../../../shared/schemas/preference.schema';
import { NewPreferenceDialog } from './new-preference-dialog';
import { NewPreferenceGroupDialog } from './new-preference-group-dialog';

const GROUP_ID = '3f2b8c1e-6a4d-4f1b-9c7e-2d5a8b9c0e1f';
const drinks: PreferenceGroup = { id: GROUP_ID, name: 'Drinks', translations: {}, preferenceCount: 0 };

let api: FakeApi;

describe('the new preference form', () => {
  beforeEach(() => {
    api = fakeApi();
    api.on('GET', '/api/preference-groups', { body: { items: [drinks] } });
  });

  const renderDialog = () =>
    renderRoutes([{ path: '/', element: <NewPreferenceDialog open onClose={() => undefined} /> }]);

  it('says beside each field that the name and the group are required, and sends nothing', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: /New preference/ });
    await user.click(within(dialog).getByRole('button', { name: 'Create preference' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name (English)' });
    expect(name).toHaveAccessibleDescription('preference name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('group is required')).toBeVisible();
    expect(api.sent('POST', '/api/preferences')).toHaveLength(0);
  });

  it('sends the name, the group and only the translations filled in, and shows the server message', async () => {
    api.on('POST', '/api/preferences', (request) => ({
      status: 201,
      body: {
        preference: { id: 'p1', ...(request.body as object), groupName: 'Drinks', userCount: 0 },
        message: 'Preference created!',
      },
    }));
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: /New preference/ });
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Name (English)' }), 'Coffee');
    await user.click(within(dialog).getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Drinks' }));
    await user.click(within(dialog).getByRole('button', { name: /Translations/ }));
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Slovak' }), 'Káva');
    await user.click(within(dialog).getByRole('button', { name: 'Create preference' }));

    expect(await screen.findByText('Preference created!')).toBeVisible();
    expect(api.sent('POST', '/api/preferences')[0]!.body).toEqual({
      name: 'Coffee',
      groupId: GROUP_ID,
      translations: { sk: 'Káva' },
    });
  });

  it("puts the server's field errors beside their fields", async () => {
    api.on('POST', '/api/preferences', {
      status: 400,
      body: {
        code: 'NOT_FOUND',
        error: 'This preference group does not exist.',
        fields: { groupId: 'This preference group does not exist.' },
      },
    });
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: /New preference/ });
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Name (English)' }), 'Coffee');
    await user.click(within(dialog).getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Drinks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create preference' }));
    expect(await within(dialog).findByText('This preference group does not exist.')).toBeVisible();
  });
});

describe('the new group form', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('says the group name is required beside it', async () => {
    const { user } = renderRoutes([
      { path: '/', element: <NewPreferenceGroupDialog open onClose={() => undefined} /> },
    ]);
    const dialog = await screen.findByRole('dialog', { name: /New preference group/ });
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('textbox', { name: 'Group name (English)' }),
      ).toHaveAccessibleDescription('group name is required'),
    );
    expect(api.sent('POST', '/api/preference-groups')).toHaveLength(0);
  });
});
