import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/support/web/render';
import { SETTINGS_KEY } from '../lib/storage-keys';
import { SettingsButton } from './settings-button';

const stored = () =>
  JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as Record<string, unknown> | null;

afterEach(() => localStorage.clear());

describe('the settings drawer', () => {
  it('says "Changes saved!" once Save has stored and applied the settings', async () => {
    const { user } = renderRoutes([{ path: '/', element: <SettingsButton /> }]);
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    await user.click(within(drawer).getByRole('radio', { name: 'One Dark' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Right-to-left' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Changes saved!')).toBeVisible();
    expect(stored()).toMatchObject({ theme: 'ONE_DARK', direction: 'rtl' });
  });

  it('says nothing when the drawer is closed without saving', async () => {
    const { user } = renderRoutes([{ path: '/', element: <SettingsButton /> }]);
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    await user.click(within(drawer).getByRole('radio', { name: 'Unicorn' }));
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByText('Changes saved!')).toBeNull();
    expect(stored()).toBeNull();
  });
});
