import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn, tokenExpiringIn } from '../../../tests/support/web/render';
import { api } from './api-client';
import { useSession } from './session';
import { ACCESS_TOKEN_KEY } from './storage-keys';

/** Shows what the session knows: its status and, when signed in, whose it is. */
function SessionProbe() {
  const { status, user } = useSession();
  return <output>{user ? `${status} ${user.email}` : status}</output>;
}

const renderSession = () => renderRoutes([{ path: '/', element: <SessionProbe /> }]);
const session = () => screen.getByRole('status');

describe('session restore', () => {
  let server: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    server = fakeApi();
  });

  it('drops an expired token at start without asking the server', async () => {
    signIn(tokenExpiringIn(-60));
    renderSession();
    await waitFor(() => expect(session()).toHaveTextContent('guest'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('treats a malformed token as none', async () => {
    signIn('not-a-jwt');
    renderSession();
    await waitFor(() => expect(session()).toHaveTextContent('guest'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('starts as a guest with no token', async () => {
    renderSession();
    await waitFor(() => expect(session()).toHaveTextContent('guest'));
    expect(server.requests).toEqual([]);
  });

  it('restores a valid token through GET /api/account/me, sending it as the bearer', async () => {
    const token = signIn();
    server.on('GET', '/api/account/me', { body: { user: makeUser({ email: 'grace@example.com' }) } });
    renderSession();
    expect(session()).toHaveTextContent('restoring');
    await waitFor(() => expect(session()).toHaveTextContent('authenticated grace@example.com'));
    const [me] = server.sent('GET', '/api/account/me');
    expect(me?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(token);
  });

  it('clears the session when the server refuses the stored token', async () => {
    signIn();
    server.on('GET', '/api/account/me', { status: 401, body: { code: 'UNAUTHORIZED', error: 'Sign in.' } });
    renderSession();
    await waitFor(() => expect(session()).toHaveTextContent('guest'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('clears the session, its token and cached data on any later 401', async () => {
    signIn();
    server
      .on('GET', '/api/account/me', { body: { user: makeUser() } })
      .on('GET', '/api/feed', { status: 401, body: { code: 'UNAUTHORIZED', error: 'Sign in.' } });
    const { queryClient } = renderSession();
    await waitFor(() => expect(session()).toHaveTextContent('authenticated ada@example.com'));
    queryClient.setQueryData(['someone-elses-data'], { secret: true });

    await act(() => api('/api/feed').catch(() => undefined));

    expect(session()).toHaveTextContent('guest');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(queryClient.getQueryData(['someone-elses-data'])).toBeUndefined();
  });
});
