import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Preference, PreferenceGroup } from '../../../../shared/schemas/preference.schema';
import { PreferenceList } from './preference-list';

const drinks: PreferenceGroup = {
  id: 'g1',
  name: 'Drinks',
  translations: { sk: 'Nápoje' },
  preferenceCount: 2,
};
const food: PreferenceGroup = { id: 'g2', name: 'Food', translations: {}, preferenceCount: 1 };
const preference = (id: string, name: string, group: PreferenceGroup, userCount: number): Preference => ({
  id,
  name,
  translations: name === 'Coffee' ? { sk: 'Káva' } : {},
  groupId: group.id,
  groupName: group.name,
  userCount,
});

let api: FakeApi;
const answer = (items: Preference[], groups: PreferenceGroup[] = [drinks, food]) => {
  api.on('GET', '/api/preferences', { body: { items } });
  api.on('GET', '/api/preference-groups', { body: { items: groups } });
};

const renderList = (at = '/') => renderRoutes([{ path: '/', element: <PreferenceList /> }], { at });

describe('the preference list', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('says there are no preferences yet, and how to create one', async () => {
    answer([], []);
    renderList();
    expect(await screen.findByText('There are no preferences yet')).toBeVisible();
    expect(screen.getByText('Create the first one with “New preference”.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows each preference with its group and how many users picked it, each name a link', async () => {
    answer([preference('p1', 'Coffee', drinks, 3), preference('p2', 'Pizza', food, 0)]);
    renderList();
    const table = await screen.findByRole('table', { name: 'Preferences' });
    const coffee = await within(table).findByRole('row', { name: /Coffee/ });
    expect(within(coffee).getByRole('link', { name: 'Coffee' })).toHaveAttribute(
      'href',
      '/app/management/preferences/p1',
    );
    expect(coffee).toHaveTextContent('Drinks');
    expect(coffee).toHaveTextContent('3');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('finds a preference by a translated name without its accents, and filters by group from the address', async () => {
    answer([preference('p1', 'Coffee', drinks, 3), preference('p2', 'Pizza', food, 0)]);
    const { user } = renderList();
    const table = await screen.findByRole('table', { name: 'Preferences' });
    await user.type(screen.getByLabelText('Search by name in any language'), 'kava');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Coffee')).toBeVisible();

    await user.clear(screen.getByLabelText('Search by name in any language'));
    await user.type(screen.getByLabelText('Search by name in any language'), 'tea');
    expect(await screen.findByText('No preference matches these filters')).toBeVisible();
  });

  it('keeps the group filter in the address', async () => {
    answer([preference('p1', 'Coffee', drinks, 3), preference('p2', 'Pizza', food, 0)]);
    renderList('/?group=g2');
    const table = await screen.findByRole('table', { name: 'Preferences' });
    expect(await within(table).findByText('Pizza')).toBeVisible();
    expect(within(table).queryByText('Coffee')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveTextContent('Food');
  });

  it('says why the list failed and tries again on request', async () => {
    api.on('GET', '/api/preferences', { status: 500, body: { code: 'INTERNAL', error: 'boom' } });
    api.on('GET', '/api/preference-groups', { body: { items: [] } });
    const { user } = renderList();
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeVisible();
    answer([preference('p1', 'Coffee', drinks, 3)]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Coffee' })).toBeVisible();
  });
});
