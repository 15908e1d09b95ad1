import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, tokenExpiringIn } from '../../../../tests/support/web/render';
import { LoginPage } from './login-page';

const config = (signInProvider: { name: string } | null) => ({
  body: {
    supportEmail: 'help@example.com',
    androidAppUrl: '',
    publicUrl: 'http://localhost',
    signInProvider,
  },
});

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  api = fakeApi();
});

const renderLogin = (at = '/login') =>
  renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/redirect', element: <p>Signed in</p> },
    ],
    { at },
  );

describe('the sign-in page with an identity provider', () => {
  it('offers "Sign in with <provider>" above the password form when one is configured', async () => {
    api.on('GET', '/api/config', config({ name: 'Company login' }));
    renderLogin();
    const link = await screen.findByRole('link', { name: 'Sign in with Company login' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start');
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('shows no such button without a provider', async () => {
    api.on('GET', '/api/config', config(null));
    renderLogin();
    await expect.poll(() => api.sent('GET', '/api/config').length).toBe(1);
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('says why a sign-in there was refused', async () => {
    api.on('GET', '/api/config', config({ name: 'Company login' }));
    renderLogin('/login?providerError=disabled');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-in with your identity provider is turned off for you. Ask an admin, or sign in with your password.',
    );
  });

  it("takes the callback's code out of the address and signs in with it", async () => {
    const token = tokenExpiringIn(3600);
    api.on('GET', '/api/config', config({ name: 'Company login' }));
    api.on('POST', '/api/auth/oidc/session', {
      body: { user: makeUser({ role: 'client' }), accessToken: token },
    });
    window.history.replaceState(null, '', '/login#providerCode=one-time');
    renderLogin();
    expect(window.location.hash).toBe('');
    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(api.sent('POST', '/api/auth/oidc/session')[0]?.body).toEqual({ code: 'one-time' });
    expect(localStorage.getItem('accessToken')).toBe(token);
  });

  it('says so when the code no longer works', async () => {
    api.on('GET', '/api/config', config({ name: 'Company login' }));
    api.on('POST', '/api/auth/oidc/session', { status: 400, body: { code: 'TOKEN_INVALID', error: 'x' } });
    window.history.replaceState(null, '', '/login#providerCode=spent');
    renderLogin();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in could not be completed. Please sign in again.',
    );
  });
});
