import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../tests/support/web/fake-api';
import { CurrentPath, makeUser, renderRoutes, signIn } from '../../../../tests/support/web/render';
import { WaitingPage } from './waiting-page';

let api: FakeApi;

const renderPage = () =>
  renderRoutes(
    [
      { path: '/waiting', element: <WaitingPage /> },
      { path: '*', element: <CurrentPath /> },
    ],
    { at: '/waiting' },
  );

describe('/waiting', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('shows a guest what to do with the email, and a way to sign in, instead of sending them to /login', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    expect(
      screen.getByText(/We have sent a verification link to the email address you registered with/),
    ).toBeVisible();
    expect(screen.getByText(/Once you are signed in, you can have the email sent again/)).toBeVisible();
    // Nothing a guest cannot do: no resend, no sign-out.
    expect(screen.queryByRole('button', { name: 'Resend email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByLabelText('current path')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByLabelText('current path')).toHaveTextContent('/login');
  });

  it('asks a signed-in user with an unverified email to click the link sent to their address, as before', async () => {
    signIn();
    api.on('GET', '/api/account/me', { body: { user: makeUser({ emailVerified: false }) } });
    renderPage();
    expect(await screen.findByText('ada@example.com')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'I have verified' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('sends a signed-in user whose email is verified on to /redirect', async () => {
    signIn();
    api.on('GET', '/api/account/me', { body: { user: makeUser({ emailVerified: true }) } });
    renderPage();
    expect(await screen.findByLabelText('current path')).toHaveTextContent('/redirect');
  });
});
