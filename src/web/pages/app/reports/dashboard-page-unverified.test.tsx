import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { CurrentPath, makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { User } from '../../../../shared/schemas/account.schema';
import { AuthGuard } from '../../../app/guards';
import { DashboardPage } from './dashboard-page';

/*
 * A representative registers businesses before confirming their email; their Dashboard link keeps
 * them in the app with a request to confirm, instead of /waiting ("Verify your email").
 */
const DASHBOARD = '/api/reports/dashboard';
const representant = makeUser({ role: 'representant', roles: ['representant'], email: 'rep@example.com' });
const unverified = { ...representant, emailVerified: false };

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/api/establishments', {
    body: { items: [{ id: 'e1', name: 'Bistro Modrá', city: 'Bratislava' }], total: 1, page: 1, pageSize: 2 },
  });
  // What the server answers an unconfirmed email's figures: the app would send them to /waiting.
  api.on('GET', DASHBOARD, { status: 403, body: { code: 'EMAIL_NOT_VERIFIED', error: 'Verify your email' } });
});

function renderDashboard(user: User) {
  signIn();
  api.on('GET', '/api/account/me', { body: { user } });
  return renderRoutes(
    [
      {
        path: '/app',
        element: (
          <AuthGuard>
            <CurrentPath />
            <Outlet />
          </AuthGuard>
        ),
        children: [{ path: 'reports/dashboard', element: <DashboardPage /> }],
      },
      { path: '/waiting', element: <CurrentPath /> },
    ],
    { at: '/app/reports/dashboard' },
  );
}

describe("an unconfirmed representative's dashboard", () => {
  it('stays in the app and asks to confirm the email, asking the server for no figures', async () => {
    renderDashboard(unverified);
    expect(await screen.findByText('Confirm your email to see the figures')).toBeInTheDocument();
    expect(screen.getByText('rep@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/app/reports/dashboard');
    expect(api.sent('GET', DASHBOARD)).toHaveLength(0);
  });

  it('sends the link again on request', async () => {
    api.on('POST', '/api/account/verify/resend', { body: { message: 'Verification email sent.' } });
    const { user } = renderDashboard(unverified);
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(api.sent('POST', '/api/account/verify/resend')).toHaveLength(1));
  });

  it('shows the figures once "I have verified" finds the email confirmed', async () => {
    const { user } = renderDashboard(unverified);
    const verified = await screen.findByRole('button', { name: 'I have verified' });
    api.on('GET', '/api/account/me', { body: { user: representant } });
    api.on('GET', DASHBOARD, { status: 503, body: { code: 'UNAVAILABLE', error: 'Try again.' } });
    await user.click(verified);
    await waitFor(() => expect(api.sent('GET', DASHBOARD).length).toBeGreaterThan(0));
    expect(screen.queryByText('Confirm your email to see the figures')).not.toBeInTheDocument();
  });

  it('says "not yet" when the email is still unconfirmed', async () => {
    const { user } = renderDashboard(unverified);
    await user.click(await screen.findByRole('button', { name: 'I have verified' }));
    expect(
      await screen.findByText('Your email is not verified yet. Click the link in the email first.'),
    ).toBeInTheDocument();
    expect(api.sent('GET', DASHBOARD)).toHaveLength(0);
  });
});
