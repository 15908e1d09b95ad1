import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { CustomersPage } from './customers-page';

const LIST = '/api/management/users';
let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser({ role: 'admin', roles: ['admin'] }) } });
  api.on('GET', '/api/establishments', { body: { items: [], total: 0, page: 1, pageSize: 20 } });
  // A customer who registered at /register and follows no business yet.
  api.on('GET', LIST, {
    body: {
      items: [
        {
          id: 'u1',
          firstName: 'Nora',
          lastName: 'Nofollow',
          email: 'nora@example.test',
          phone: '',
          role: 'customer',
          emailVerified: true,
          discountedPrices: false,
          createdAt: '2026-01-01T00:00:00.000Z',
          lastLoginAt: null,
        },
      ],
      total: 1,
      nextCursor: null,
    },
  });
});

describe('the customers list', () => {
  it('lists every customer account and says so, those who follow no business yet included', async () => {
    renderRoutes([{ path: '/', element: <CustomersPage /> }]);
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(await within(table).findByText('Nora Nofollow')).toBeTruthy();
    expect(
      screen.getByText(
        'Every customer account, also those who follow no business yet. Open one to see their devices, preferences and notifications.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^Everyone who follows a business/)).toBeNull();
    // Every customer: the list is not narrowed to followers unless the admin picks an establishment.
    const query = new URL(api.sent('GET', LIST)[0]!.path, 'http://localhost').searchParams;
    expect(query.get('role')).toBe('customer');
    expect(query.has('establishmentId')).toBe(false);
  });
});
