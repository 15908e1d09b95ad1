import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../tests/support/web/fake-api';
import { CurrentPath, makeUser, renderRoutes, signIn } from '../../../tests/support/web/render';
import { api } from '../lib/api-client';
import { AuthGuard, GuestGuard, RightGuard, VerifiedGuard } from './guards';

/** A page that asks the API for something as soon as it shows. */
function FeedProbe() {
  useQuery({ queryKey: ['probe-feed'], queryFn: () => api('/api/feed') });
  return <CurrentPath />;
}

/** The app's guards around pages that only show where the user is. */
const routes: RouteObject[] = [
  { path: '/waiting', element: <CurrentPath /> },
  { path: '/redirect', element: <CurrentPath /> },
  {
    element: (
      <GuestGuard>
        <Outlet />
      </GuestGuard>
    ),
    children: [{ path: '/login', element: <CurrentPath /> }],
  },
  {
    path: '/app',
    element: (
      <AuthGuard>
        <Outlet />
      </AuthGuard>
    ),
    children: [
      { path: 'account', element: <CurrentPath /> },
      {
        path: 'social/feed',
        element: (
          <VerifiedGuard right="feed:read">
            <CurrentPath />
          </VerifiedGuard>
        ),
      },
      {
        path: 'management',
        element: (
          <RightGuard right="user:admin">
            <CurrentPath />
          </RightGuard>
        ),
      },
      { path: 'probe', element: <FeedProbe /> },
    ],
  },
];

const where = () => screen.findByRole('status', { name: 'current path' });

describe('route guards', () => {
  let server: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    server = fakeApi();
  });

  const signedInAs = (user = makeUser()) => {
    signIn();
    server.on('GET', '/api/account/me', { body: { user } });
  };

  it('sends a guest to /login, remembering where they were going', async () => {
    const { router } = renderRoutes(routes, { at: '/app/account?tab=security' });
    expect(await where()).toHaveTextContent('/login');
    expect(router.state.location.state).toEqual({ from: '/app/account?tab=security' });
    expect(server.requests).toEqual([]);
  });

  it('shows a loader while the session is restored, then the page', async () => {
    signedInAs();
    renderRoutes(routes, { at: '/app/account' });
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(await where()).toHaveTextContent('/app/account');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('sends a signed-in user away from /login, back to where the guard sent them from', async () => {
    signedInAs();
    const { router } = renderRoutes(routes, { at: '/login' });
    expect(await where()).toHaveTextContent('/redirect');
    await act(() => router.navigate('/login', { state: { from: '/app/account' } }));
    expect(await where()).toHaveTextContent('/app/account');
  });

  it('lets a follower read the feed before their email is confirmed (pushes reach them already)', async () => {
    signedInAs(
      makeUser({ emailVerified: false, establishments: [{ establishmentId: 'e1', kind: 'customer' }] }),
    );
    renderRoutes(routes, { at: '/app/social/feed' });
    expect(await where()).toHaveTextContent('/app/social/feed');
  });

  it('lets a confirmed follower read the feed', async () => {
    signedInAs(makeUser({ establishments: [{ establishmentId: 'e1', kind: 'customer' }] }));
    renderRoutes(routes, { at: '/app/social/feed' });
    expect(await where()).toHaveTextContent('/app/social/feed');
  });

  it('sends the user to /waiting on a 403 EMAIL_NOT_VERIFIED', async () => {
    // The stored user says verified; the server knows better (the email changed in another tab).
    signedInAs(makeUser({ establishments: [{ establishmentId: 'e1', kind: 'customer' }] }));
    server.on('GET', '/api/feed', {
      status: 403,
      body: { code: 'EMAIL_NOT_VERIFIED', error: 'Confirm your email address first.' },
    });
    renderRoutes(routes, { at: '/app/probe' });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/waiting'),
    );
    expect(server.sent('GET', '/api/feed')).toHaveLength(1);
  });

  it('shows the not-allowed state to a role without the right, and the page to one with it', async () => {
    signedInAs(makeUser({ role: 'client' }));
    renderRoutes(routes, { at: '/app/management' });
    expect(
      await screen.findByRole('heading', { name: 'Not available for your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your role does not give access to this page/)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'current path' })).not.toBeInTheDocument();
  });

  it('lets an admin into the admin pages', async () => {
    signedInAs(makeUser({ role: 'admin' }));
    renderRoutes(routes, { at: '/app/management' });
    expect(await where()).toHaveTextContent('/app/management');
    expect(screen.queryByRole('heading', { name: 'Not available for your account' })).not.toBeInTheDocument();
  });
});
