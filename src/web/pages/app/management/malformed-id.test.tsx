import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { EstablishmentDetailPage } from './establishment-detail-page';
import { UserDetailPage } from './person-detail-page';

/** The server's answer to a path param that is not an id: 400, naming the param. */
const malformed = (param: string) => ({
  status: 400,
  body: {
    error: 'Please check the highlighted fields.',
    code: 'VALIDATION',
    fields: { [param]: 'Not found.' },
  },
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser({ role: 'admin', roles: ['admin'] }) } });
});

describe('a malformed id in a management address', () => {
  it("shows the person's not-found state, not a form error with nothing highlighted", async () => {
    api.on('GET', '/api/management/users/not-a-uuid', malformed('id'));
    renderRoutes([{ path: '/app/management/users/:userId', element: <UserDetailPage /> }], {
      at: '/app/management/users/not-a-uuid',
    });
    expect(await screen.findByRole('heading', { name: 'Person not available' })).toBeTruthy();
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect(screen.queryByText('Please check the highlighted fields.')).toBeNull();
  });

  it("shows the establishment's not-found state too", async () => {
    const id = 'x'.repeat(65);
    api.on('GET', `/api/establishments/${id}`, malformed('id'));
    renderRoutes(
      [{ path: '/app/management/establishment/:establishmentId', element: <EstablishmentDetailPage /> }],
      {
        at: `/app/management/establishment/${id}`,
      },
    );
    expect(await screen.findByRole('heading', { name: 'Establishment not available' })).toBeTruthy();
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect(screen.queryByText('Please check the highlighted fields.')).toBeNull();
  });
});
