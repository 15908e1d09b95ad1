import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../tests/support/web/fake-api';
import { CurrentPath, makeUser, renderRoutes, signIn } from '../../../../tests/support/web/render';
import { NoEstablishmentsPage } from './no-establishments-page';

let api: FakeApi;

const renderPage = () =>
  renderRoutes(
    [
      { path: '/noestablishments', element: <NoEstablishmentsPage /> },
      { path: '*', element: <CurrentPath /> },
    ],
    { at: '/noestablishments' },
  );

describe('/noestablishments', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('shows a guest how to follow a business, and a way to sign in, instead of sending them to /login', async () => {
    const { user } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Follow a business to get started' }),
    ).toBeVisible();
    expect(screen.getByText(/You cannot use the app until you follow a business/)).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Already following a business? Sign in to read its news.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByLabelText('current path')).toHaveTextContent('/login');
  });

  it('offers a signed-in customer their account and signing out, as before', async () => {
    signIn();
    api.on('GET', '/api/account/me', { body: { user: makeUser() } });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Account' })).toHaveAttribute('href', '/app/account');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Follow a business to get started' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
