import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { ManagedUser } from '../../../../shared/schemas/user-management.schema';
import { PeopleList } from './people-list';

const person = (n: number): ManagedUser => ({
  id: `u${n}`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  email: `p${n}@example.test`,
  phone: '+421 900 000 000',
  role: 'customer',
  emailVerified: n % 2 === 0,
  guest: false,
  discountedPrices: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
});

const LIST = '/api/management/users';
let api: FakeApi;

/** 60 people, 25 a page: the fake answers by cursor as the server does, "c25" after the 25th. */
beforeEach(() => {
  api = fakeApi();
  // The establishment filter's choices.
  api.on('GET', '/api/establishments', { body: { items: [], total: 0, page: 1, pageSize: 20 } });
  api.on('GET', LIST, (request) => {
    const query = new URL(request.path, 'http://localhost').searchParams;
    const start = Number(query.get('cursor')?.slice(1) ?? 0);
    const limit = Number(query.get('limit'));
    const end = Math.min(start + limit, 60);
    return {
      body: {
        items: Array.from({ length: end - start }, (_, i) => person(start + i + 1)),
        total: 60,
        nextCursor: end < 60 ? `c${end}` : null,
      },
    };
  });
});

const renderList = (at = '/') =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PeopleList
            userRole="customer"
            label="Customers"
            hrefOf={(p) => `/people/${p.id}`}
            empty={{ title: 'No customers', hint: 'None yet' }}
          />
        ),
      },
    ],
    { at },
  );

const queryOf = (index: number) =>
  Object.fromEntries(new URL(api.sent('GET', LIST)[index]!.path, 'http://localhost').searchParams);

describe('the people list', () => {
  it('pages forward by the cursor the server gave and back without asking for offsets', async () => {
    const { user } = renderList();
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(await within(table).findByText('First1 Last1')).toBeTruthy();
    expect(queryOf(0)).toEqual({ role: 'customer', sort: 'newest', limit: '25' });
    expect(screen.getByText('1–25 of 60')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    expect(await within(table).findByText('First26 Last26')).toBeTruthy();
    expect(queryOf(api.sent('GET', LIST).length - 1)).toMatchObject({ cursor: 'c25' });
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    expect(await within(table).findByText('First60 Last60')).toBeTruthy();
    expect(screen.getByText('51–60 of 60')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the next page' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Go to the previous page' }));
    expect(await within(table).findByText('First26 Last26')).toBeTruthy();
    expect(screen.getByText('26–50 of 60')).toBeTruthy();
  });

  it('heads each column with its own name: the address is "Email", its confirmation "Verification"', async () => {
    renderList();
    const table = await screen.findByRole('table', { name: 'Customers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Phone', 'Verification', 'Created']);
    expect(new Set(headers).size).toBe(headers.length);
  });

  it('sends the filters from the address, and starts again from the first page when one changes', async () => {
    const { user } = renderList('/?q=kosice&verified=unverified&from=2026-01-01&sort=name');
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByText('First1 Last1');
    expect(queryOf(0)).toEqual({
      role: 'customer',
      search: 'kosice',
      verified: 'false',
      createdFrom: '2026-01-01',
      sort: 'name',
      limit: '25',
    });
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await within(table).findByText('First26 Last26');

    await user.click(screen.getByRole('combobox', { name: 'Email address' }));
    await user.click(screen.getByRole('option', { name: 'Verified' }));
    await waitFor(() =>
      expect(queryOf(api.sent('GET', LIST).length - 1)).toMatchObject({ verified: 'true' }),
    );
    expect(queryOf(api.sent('GET', LIST).length - 1)).not.toHaveProperty('cursor');
    expect(await screen.findByText('1–25 of 60')).toBeTruthy();
  });

  it('says an end date before the start date beside the end date, and does not send it', async () => {
    renderList('/?from=2026-05-02&to=2026-05-01');
    await screen.findByRole('table', { name: 'Customers' });
    expect(screen.getByText('End date must be later than start date')).toBeTruthy();
    expect(queryOf(0)).not.toHaveProperty('createdTo');
    expect(queryOf(0)).toMatchObject({ createdFrom: '2026-05-02' });
  });
});
