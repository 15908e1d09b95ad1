import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { ProviderSettings } from '../../../../shared/schemas/sign-in-provider.schema';
import { SignInProviderPage } from './sign-in-provider-page';

const SETTINGS = '/api/management/sign-in-provider';
const IDENTITIES = '/api/management/sign-in-provider/identities';
const settings = (over: Partial<ProviderSettings> = {}): ProviderSettings => ({
  configured: true,
  displayName: 'Company login',
  issuer: 'https://login.example.com',
  allowCreate: false,
  createRole: 'client',
  ...over,
});
const identity = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  subject: 'sub-1',
  email: 'ola@example.com',
  name: 'Ola Staff',
  accountEmail: 'ola@example.com',
  role: 'client',
  disabled: false,
  createdAt: '2026-12-05T10:00:00.000Z',
  lastSignInAt: null,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser({ role: 'admin', roles: ['admin'] }) } });
});

describe('the identity provider page', () => {
  it('says when no provider is configured', async () => {
    api.on('GET', SETTINGS, { body: settings({ configured: false, displayName: null, issuer: null }) });
    renderRoutes([{ path: '/', element: <SignInProviderPage /> }]);
    expect(await screen.findByText(/No identity provider is configured/)).toBeTruthy();
  });

  it('saves who gets an account, and turns a linked user off', async () => {
    api.on('GET', SETTINGS, { body: settings() });
    api.on('GET', IDENTITIES, { body: { items: [identity] } });
    api.on('PUT', SETTINGS, { body: settings({ allowCreate: true }) });
    api.on('PATCH', `${IDENTITIES}/${identity.id}`, {
      body: { message: 'This person can no longer sign in through the identity provider.' },
    });
    renderRoutes([{ path: '/', element: <SignInProviderPage /> }]);
    fireEvent.click(await screen.findByRole('switch', { name: /Create an account for staff/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect
      .poll(() => api.sent('PUT', SETTINGS)[0]?.body)
      .toEqual({ allowCreate: true, createRole: 'client' });
    expect(await screen.findByText('Saved')).toBeTruthy();

    const links = await screen.findByRole('region', { name: 'Linked provider users' });
    expect(within(links).getByText('Ola Staff')).toBeTruthy();
    expect(within(links).getByText(/Never/)).toBeTruthy();
    fireEvent.click(
      within(links).getByRole('button', { name: 'Turn off sign-in through the provider for Ola Staff' }),
    );
    await expect
      .poll(() => api.sent('PATCH', `${IDENTITIES}/${identity.id}`)[0]?.body)
      .toEqual({ disabled: true });
    expect(
      await screen.findByText('This person can no longer sign in through the identity provider.'),
    ).toBeTruthy();
  });
});
