import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { EstablishmentListPage } from './establishment-list-page';

const LIST = '/api/establishments';
const shop = (name: string, n: number) => ({
  audience: 'operator',
  id: `e${n}`,
  name,
  city: 'Bratislava',
  status: 'active',
  followerCount: 0,
  waitingCount: 0,
  guestCount: 0,
  clientCount: 0,
  createdAt: `2026-01-0${n}T00:00:00.000Z`,
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser({ role: 'admin', roles: ['admin'] }) } });
  // Created Ábel, then bistro, then Čaj: newest first, or by name as the server folds it.
  api.on('GET', LIST, (request) => {
    const sort = new URL(request.path, 'http://localhost').searchParams.get('sort');
    const shops = [shop('Ábel', 1), shop('bistro', 2), shop('Čaj', 3)];
    return { body: { items: sort === 'name' ? shops : shops.reverse(), total: 3, page: 1, pageSize: 25 } };
  });
});

const lastQuery = () =>
  Object.fromEntries(new URL(api.sent('GET', LIST).at(-1)!.path, 'http://localhost').searchParams);
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('the establishments list (admin)', () => {
  it('says its order, newest first, and orders by name when asked, in the address', async () => {
    const { user, router } = renderRoutes([{ path: '/', element: <EstablishmentListPage /> }]);
    const table = await screen.findByRole('table', { name: 'Establishments' });
    await waitFor(() => expect(names(table)).toEqual(['Čaj', 'bistro', 'Ábel']));
    expect(lastQuery()).toMatchObject({ sort: 'newest' });
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveTextContent('Newest first');

    await user.click(screen.getByRole('combobox', { name: 'Order' }));
    await user.click(screen.getByRole('option', { name: 'Name (A–Z)' }));
    await waitFor(() => expect(names(table)).toEqual(['Ábel', 'bistro', 'Čaj']));
    expect(lastQuery()).toMatchObject({ sort: 'name', page: '1' });
    expect(router.state.location.search).toBe('?sort=name');
  });
});
