import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../tests/support/web/render';
import { EstablishmentPicker } from './establishment-picker';

const LIST = '/api/establishments';
const shop = (n: number) => ({
  audience: 'follower',
  id: `e${n}`,
  publicId: `shop-${n}`,
  name: `Shop ${String(n).padStart(2, '0')}`,
  subheader: '',
  city: 'Bratislava',
  logo: null,
  cover: null,
  status: 'active',
  followerCount: 0,
});

/** 33 establishments; the server answers the first `pageSize` of those whose name has the typed text. */
let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', LIST, (request) => {
    const query = new URL(request.path, 'http://localhost').searchParams;
    const q = query.get('q') ?? '';
    const all = Array.from({ length: 33 }, (_, i) => shop(i + 1)).filter((e) => e.name.includes(q));
    const pageSize = Number(query.get('pageSize'));
    return { body: { items: all.slice(0, pageSize), total: all.length, page: 1, pageSize } };
  });
});

const renderPicker = () =>
  renderRoutes([
    {
      path: '/',
      element: <EstablishmentPicker label="Establishment" value={null} onChange={() => undefined} />,
    },
  ]);

describe('the establishment picker', () => {
  it('says it shows the first 20 of 33, A to Z, and that typing finds the rest', async () => {
    const { user } = renderPicker();
    await user.click(screen.getByRole('combobox', { name: 'Establishment' }));
    expect(await screen.findByRole('option', { name: /Shop 01/ })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 33: type to find more')).toBeTruthy();
    const query = new URL(api.sent('GET', LIST)[0]!.path, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ sort: 'name', pageSize: '20' });

    // Typed text narrows the list to what it finds; all of it shows, so no hint.
    await user.type(screen.getByRole('combobox', { name: 'Establishment' }), 'Shop 3');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    expect(screen.queryByText(/type to find more/)).toBeNull();
  });
});
