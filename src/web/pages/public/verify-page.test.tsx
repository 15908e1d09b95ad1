import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../tests/support/web/fake-api';
import { CurrentPath, makeUser, renderRoutes, signIn } from '../../../../tests/support/web/render';
import { VerifyPage } from './verify-page';

let api: FakeApi;
const VERIFY = '/api/account/verify';

const renderPage = () =>
  renderRoutes(
    [
      { path: '/verify/:token', element: <VerifyPage /> },
      { path: '*', element: <CurrentPath /> },
    ],
    { at: '/verify/tok-123' },
  );

describe('/verify/:token', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('takes the session the link opens on a device with no session, and offers Continue', async () => {
    api.on('POST', VERIFY, {
      body: {
        message: 'You are now verified.',
        accessToken: 'token-from-the-link',
        user: makeUser({ emailVerified: true }),
        establishmentId: 'e1',
      },
    });
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'You are now verified.' })).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBe('token-from-the-link');
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    expect(await screen.findByLabelText('current path')).toHaveTextContent('/redirect');
  });

  it('tries the link again as a guest when this device holds a session the server no longer knows', async () => {
    signIn();
    api.on('GET', '/api/account/me', { body: { user: makeUser({ emailVerified: false }) } });
    api.on('POST', VERIFY, (request) =>
      request.headers.get('authorization')
        ? { status: 401, body: { error: 'Unauthorized', code: 'UNAUTHORIZED' } }
        : { body: { message: 'You are now verified.', establishmentId: null } },
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'You are now verified.' })).toBeVisible();
    const sent = api.sent('POST', VERIFY);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers.get('authorization')).toBeNull();
    expect(sent.map((r) => r.body)).toEqual([{ token: 'tok-123' }, { token: 'tok-123' }]);
  });

  it('says a link opened again is already verified, not a failure, and leads to sign in', async () => {
    api.on('POST', VERIFY, {
      body: { message: 'Your email is already verified.', alreadyVerified: true, establishmentId: null },
    });
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Your email is already verified.' })).toBeVisible();
    expect(screen.getByText('This link was used before, so there is nothing more to do here.')).toBeVisible();
    expect(screen.queryByText('Verification failed')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByLabelText('current path')).toHaveTextContent('/login');
  });

  it('keeps a link that is not valid a failure', async () => {
    api.on('POST', VERIFY, {
      status: 400,
      body: {
        error: 'The token does not exist or is already used!',
        code: 'TOKEN_INVALID',
        fields: { token: 'The token does not exist or is already used!' },
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The token does not exist or is already used!');
  });
});
