import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../tests/support/web/fake-api';
import {
  CurrentPath,
  makeUser,
  renderRoutes,
  signIn,
  tokenExpiringIn,
} from '../../../tests/support/web/render';
import { ACCESS_TOKEN_KEY, IMPERSONATION_RETURN_KEY } from '../lib/storage-keys';
import { ImpersonationBar } from './impersonation-bar';

const admin = makeUser({ id: 'a1', firstName: 'Ada', lastName: 'Admin', role: 'admin', roles: ['admin'] });
const customer = makeUser({
  id: 'u1',
  firstName: 'Zuzana',
  lastName: 'Kováčová',
  impersonatedBy: { id: 'a1', name: 'Ada Admin' },
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  sessionStorage.clear();
});

const renderBar = () =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <ImpersonationBar />
            <CurrentPath />
          </>
        ),
      },
    ],
    { at: '/app/social/feed' },
  );

describe('the impersonation bar', () => {
  it("names the user and the acting admin, and returns to the admin's own session", async () => {
    signIn();
    api.on('GET', '/api/account/me', { body: { user: customer } });
    const adminToken = tokenExpiringIn(7200);
    api.on('POST', '/api/account/impersonation/end', { body: { user: admin, accessToken: adminToken } });
    const { user } = renderBar();

    const bar = await screen.findByRole('region', { name: 'Signed in as someone else' });
    expect(bar).toHaveTextContent('Signed in as Zuzana Kováčová by Admin Ada Admin');
    await user.click(within(bar).getByRole('button', { name: 'Return to my account' }));

    expect(await screen.findByText('/app/management/customers')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Signed in as someone else' })).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(adminToken);
    expect(api.sent('POST', '/api/account/impersonation/end')).toHaveLength(1);
  });

  it('returns the admin to the page they were on when they chose "Log in as"', async () => {
    signIn();
    sessionStorage.setItem(IMPERSONATION_RETURN_KEY, '/app/management/users/u1?tab=devices');
    api.on('GET', '/api/account/me', { body: { user: customer } });
    api.on('POST', '/api/account/impersonation/end', {
      body: { user: admin, accessToken: tokenExpiringIn(7200) },
    });
    const { user, router } = renderBar();
    const bar = await screen.findByRole('region', { name: 'Signed in as someone else' });
    await user.click(within(bar).getByRole('button', { name: 'Return to my account' }));

    expect(await screen.findByText('/app/management/users/u1')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=devices');
    // Used once: a later return without a new "Log in as" does not go there again.
    expect(sessionStorage.getItem(IMPERSONATION_RETURN_KEY)).toBeNull();
  });

  it('never returns to an address outside the signed-in area', async () => {
    signIn();
    sessionStorage.setItem(IMPERSONATION_RETURN_KEY, '//evil.example/app');
    api.on('GET', '/api/account/me', { body: { user: customer } });
    api.on('POST', '/api/account/impersonation/end', {
      body: { user: admin, accessToken: tokenExpiringIn(7200) },
    });
    const { user } = renderBar();
    const bar = await screen.findByRole('region', { name: 'Signed in as someone else' });
    await user.click(within(bar).getByRole('button', { name: 'Return to my account' }));
    expect(await screen.findByText('/app/management/customers')).toBeTruthy();
  });

  it('says why the way back failed and stays', async () => {
    const token = signIn();
    sessionStorage.setItem(IMPERSONATION_RETURN_KEY, '/app/management/users/u1');
    api.on('GET', '/api/account/me', { body: { user: customer } });
    api.on('POST', '/api/account/impersonation/end', {
      status: 403,
      body: { error: 'You are not allowed to do this.', code: 'FORBIDDEN' },
    });
    const { user } = renderBar();
    const bar = await screen.findByRole('region', { name: 'Signed in as someone else' });
    await user.click(within(bar).getByRole('button', { name: 'Return to my account' }));
    expect(await screen.findByText('You are not allowed to do this.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Signed in as someone else' })).toBeTruthy();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(token);
    // The page to return to is kept for the next try.
    expect(sessionStorage.getItem(IMPERSONATION_RETURN_KEY)).toBe('/app/management/users/u1');
  });

  it('is not there for a user signed in as themselves', async () => {
    signIn();
    api.on('GET', '/api/account/me', { body: { user: admin } });
    renderBar();
    await screen.findByText('/app/social/feed');
    // The session restores before the bar could show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Signed in as someone else' })).toBeNull();
  });
});
