import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { CurrentPath, makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { ErrorCode } from '../../../../shared/errors';
import { Msg } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/account.schema';
import { useSession } from '../../../lib/session';
import { DeleteAccountCard } from './delete-account-card';

let api: FakeApi;

/** The card once the session has loaded its user. */
function Ready() {
  const { user } = useSession();
  return user ? <DeleteAccountCard /> : null;
}

function renderCard(user: User = makeUser()) {
  signIn();
  api.on('GET', '/api/account/me', { body: { user } });
  return renderRoutes([
    { path: '/', element: <Ready /> },
    { path: '/login', element: <CurrentPath /> },
  ]);
}

const fieldError = (code: string, message: string) => ({
  status: 400,
  body: { error: message, code, fields: { currentPassword: message } },
});

describe('the delete-account card', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('asks for the current password: a missing or wrong one is said beside the field; the right one deletes', async () => {
    api.on('DELETE', '/api/account', ({ body }) => {
      const password = (body as { currentPassword?: string }).currentPassword;
      if (!password) return fieldError(ErrorCode.CURRENT_PASSWORD_REQUIRED, Msg.currentPasswordToDelete);
      if (password !== 'my-password') return fieldError(ErrorCode.WRONG_PASSWORD, Msg.currentPasswordWrong);
      return { body: { message: Msg.accountDeleted } };
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText(/Current password/);
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });

    await user.click(confirm);
    await waitFor(() => expect(password).toHaveAccessibleDescription(Msg.currentPasswordToDelete));
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await enterText(user, password, 'not-it');
    await user.click(confirm);
    await waitFor(() => expect(password).toHaveAccessibleDescription(Msg.currentPasswordWrong));

    await user.clear(password);
    await enterText(user, password, 'my-password');
    await user.click(confirm);
    expect(await screen.findByText(Msg.accountDeleted)).toBeVisible();
    expect(await screen.findByRole('status', { name: 'current path' })).toHaveTextContent('/login');
    expect(api.sent('DELETE', '/api/account').map((r) => r.body)).toEqual([
      { currentPassword: '' },
      { currentPassword: 'not-it' },
      { currentPassword: 'my-password' },
    ]);
  });

  it('says the server’s own reason in the dialog when it is about no field', async () => {
    api.on('DELETE', '/api/account', {
      status: 409,
      body: { error: Msg.lastAdmin, code: ErrorCode.CONFLICT },
    });
    const { user } = renderCard(makeUser({ role: 'admin' }));
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await enterText(user, within(dialog).getByLabelText(/Current password/), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(Msg.lastAdmin);
  });

  it('asks a guest follower, who has no password, only to confirm', async () => {
    api.on('DELETE', '/api/account', { body: { message: Msg.accountDeleted } });
    const { user } = renderCard(makeUser({ guest: true }));
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText(/Current password/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(Msg.accountDeleted)).toBeVisible();
    expect(api.sent('DELETE', '/api/account').map((r) => r.body)).toEqual([{}]);
  });
});
