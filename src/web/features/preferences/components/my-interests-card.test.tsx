import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Preference } from '../../../../shared/schemas/preference.schema';
import { MyInterestsCard } from './my-interests-card';

const preference = (id: string, name: string, groupId: string, groupName: string): Preference => ({
  id,
  name,
  translations: {},
  groupId,
  groupName,
  userCount: 0,
});
const ITEMS = [
  preference('p1', 'Coffee', 'g1', 'Drinks'),
  preference('p2', 'Wine', 'g1', 'Drinks'),
  preference('p3', 'Pizza', 'g2', 'Food'),
];

let api: FakeApi;

describe('my interests', () => {
  beforeEach(() => {
    api = fakeApi();
    api.on('GET', '/api/preference-groups', { body: { items: [] } });
  });

  const renderCard = () => renderRoutes([{ path: '/', element: <MyInterestsCard /> }]);

  it('shows the preferences under their groups, checked as saved, and saves the new set', async () => {
    api.on('GET', '/api/preferences', { body: { items: ITEMS } });
    api.on('GET', '/api/account/preferences', { body: { preferenceIds: ['p2'] } });
    api.on('PUT', '/api/account/preferences', (request) => ({
      body: { ...(request.body as object), message: 'Preferences saved' },
    }));
    const { user } = renderCard();
    const drinks = await screen.findByRole('group', { name: 'Drinks' });
    expect(within(drinks).getByRole('checkbox', { name: 'Wine' })).toBeChecked();
    expect(within(drinks).getByRole('checkbox', { name: 'Coffee' })).not.toBeChecked();
    const food = screen.getByRole('group', { name: 'Food' });

    await user.click(within(food).getByRole('checkbox', { name: 'Pizza' }));
    await user.click(within(drinks).getByRole('checkbox', { name: 'Wine' }));
    await user.click(screen.getByRole('button', { name: 'Save interests' }));

    expect(await screen.findByText('Preferences saved')).toBeVisible();
    expect(api.sent('PUT', '/api/account/preferences')[0]!.body).toEqual({ preferenceIds: ['p3'] });
  });

  it('says when there is nothing to pick yet', async () => {
    api.on('GET', '/api/preferences', { body: { items: [] } });
    api.on('GET', '/api/account/preferences', { body: { preferenceIds: [] } });
    renderCard();
    expect(await screen.findByText('Nothing to pick yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save interests' })).toBeNull();
  });
});
