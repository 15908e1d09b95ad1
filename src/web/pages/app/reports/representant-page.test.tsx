import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { User } from '../../../../shared/schemas/account.schema';
import { RepresentantPage } from './representant-page';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/api/establishments', { body: { items: [], total: 0, page: 1, pageSize: 10 } });
  api.on('GET', '/api/contact-requests', { body: { items: [], total: 0 } });
});

const renderAs = (user: User) => {
  signIn();
  api.on('GET', '/api/account/me', { body: { user } });
  return renderRoutes([{ path: '/', element: <RepresentantPage /> }]);
};

describe('the representative panel', () => {
  it('speaks to the representative about the establishments they registered', async () => {
    renderAs(makeUser({ role: 'representant', roles: ['representant'] }));
    expect(
      await screen.findByText('The establishments you registered, their state and their clients.'),
    ).toBeTruthy();
    expect(screen.getByText('Establishments you registered')).toBeTruthy();
    expect(await screen.findByText('You have not registered any establishment yet')).toBeTruthy();
  });

  it('tells an admin, who sees every establishment there, that these are all of them, not theirs', async () => {
    renderAs(makeUser({ role: 'admin', roles: ['admin'] }));
    expect(
      await screen.findByText(
        'Every establishment in the service, whoever registered it: their state and their clients.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('All establishments')).toBeTruthy();
    expect(await screen.findByText('There are no establishments yet')).toBeTruthy();
    expect(screen.queryByText(/you registered/i)).toBeNull();
  });
});
