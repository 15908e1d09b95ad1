/**
 * The admin actions on a person's page: a refusal shows the server's own reason (not its code's
 * generic words), and what can() refuses is not offered: "Log in as" on an admin, "Log in as" and
 * "Reset and send password" on one's own page.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { ErrorCode } from '../../../../shared/error-codes';
import { Msg } from '../../../../shared/messages';
import type { ManagedUser } from '../../../../shared/schemas/user-management.schema';
import { useSession } from '../../../lib/session';
import { UserAdminActions } from './user-admin-actions';

const person = (overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  id: 'u2',
  firstName: 'Zuzana',
  lastName: 'Kováčová',
  email: 'zuzana@example.test',
  phone: '',
  role: 'customer',
  emailVerified: true,
  guest: false,
  discountedPrices: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  ...overrides,
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser({ id: 'me', role: 'admin' }) } });
});

/** The actions once the admin's session has loaded. */
function Ready({ of }: { of: ManagedUser }) {
  const { user } = useSession();
  return user ? <UserAdminActions person={of} listPath="/people" /> : null;
}

const renderActions = (of: ManagedUser) =>
  renderRoutes([
    { path: '/', element: <Ready of={of} /> },
    { path: '/people', element: <p>people</p> },
  ]);

const GENERIC_CONFLICT = 'This conflicts with something saved elsewhere. Reload and try again.';

describe('the admin actions', () => {
  it('"Log in as" refused: shows the server\'s reason, not "You are not allowed to do this."', async () => {
    api.on('POST', '/api/management/users/u2/impersonate', {
      status: 403,
      body: { error: Msg.cannotImpersonateAdmin, code: ErrorCode.FORBIDDEN },
    });
    const { user } = renderActions(person());
    await user.click(await screen.findByRole('button', { name: 'Log in as' }));
    expect(await screen.findByText('You cannot sign in as another admin.')).toBeVisible();
    expect(screen.queryByText('You are not allowed to do this.')).toBeNull();
  });

  it("delete refused with a known reason shows it; an unknown one, the code's words", async () => {
    let reason: string = Msg.lastAdmin;
    api.on('DELETE', '/api/management/users/u2', () => ({
      status: 409,
      body: { error: reason, code: ErrorCode.CONFLICT },
    }));
    const { user } = renderActions(person());
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByText(Msg.lastAdmin)).toBeVisible();
    expect(within(dialog).queryByText(GENERIC_CONFLICT)).toBeNull();

    reason = 'Some words the web app has no translation for';
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByText(GENERIC_CONFLICT)).toBeVisible();
  });

  it('offers no "Log in as" on an admin', async () => {
    renderActions(person({ role: 'admin' }));
    expect(await screen.findByRole('button', { name: 'Reset and send password' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Log in as' })).toBeNull();
  });

  it('offers neither "Log in as" nor "Reset and send password" on one\'s own page', async () => {
    renderActions(person({ id: 'me', role: 'admin' }));
    expect(await screen.findByRole('button', { name: 'Send verification email' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Log in as' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset and send password' })).toBeNull();
  });
});
