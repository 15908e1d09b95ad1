import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { CurrentPath, makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { ManagedUserDetail } from '../../../../shared/schemas/user-management.schema';
import { PersonEditForm } from './person-edit-form';

const E1 = '6f1c2a44-8a3e-4a57-9a11-2b7d9c0e1f35';

const zuzana: ManagedUserDetail = {
  id: 'u1',
  firstName: 'Zuzana',
  lastName: 'Kováčová',
  email: 'zuzana@example.test',
  phone: '+421 900 111 222',
  role: 'customer',
  emailVerified: true,
  guest: false,
  discountedPrices: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  establishments: [
    {
      establishmentId: E1,
      publicId: 'kosice-cafe',
      name: 'Café Košice',
      kind: 'customer',
      since: '2026-01-02T00:00:00.000Z',
    },
  ],
  devices: [],
  preferences: [],
  deliveries: [],
};

const PATCH = '/api/management/users/u1';
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/api/establishments', { body: { items: [], total: 0, page: 1, pageSize: 20 } });
});

const renderForm = () =>
  renderRoutes(
    [
      {
        path: '/edit',
        element: <PersonEditForm person={zuzana} cancelTo="/detail" onSaved={() => undefined} />,
      },
      { path: '/detail', element: <CurrentPath /> },
    ],
    { at: '/edit' },
  );

describe('the person edit form', () => {
  it('says a required field is missing beside it and sends nothing', async () => {
    const { user } = renderForm();
    await user.clear(screen.getByRole('textbox', { name: 'First name' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('first name is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PATCH', PATCH)).toHaveLength(0);
  });

  it('puts the server\'s "Email already exists." beside the email field', async () => {
    api.on('PATCH', PATCH, {
      status: 409,
      body: {
        error: 'Email already exists.',
        code: 'EMAIL_EXISTS',
        fields: { email: 'Email already exists.' },
      },
    });
    const { user } = renderForm();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await enterText(user, email, 'taken@example.test');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email already exists.');
    expect(api.sent('PATCH', PATCH)[0]!.body).toMatchObject({ email: 'taken@example.test' });
  });

  it("warns that turning verification off sends an email, sends every field, and shows the server's message", async () => {
    api.on('PATCH', PATCH, (request) => ({
      body: { user: { ...zuzana, ...(request.body as object) }, message: 'Customer updated' },
    }));
    const { user } = renderForm();
    const verified = screen.getByRole('switch', { name: 'Email verified' });
    expect(verified).toBeChecked();
    await user.click(verified);
    expect(verified).toHaveAccessibleDescription('A verification email will be sent to them when you save.');
    await user.click(screen.getByRole('switch', { name: 'Discounted prices on all products' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Customer updated')).toBeTruthy();
    expect(api.sent('PATCH', PATCH)[0]!.body).toEqual({
      firstName: 'Zuzana',
      lastName: 'Kováčová',
      email: 'zuzana@example.test',
      phone: '+421 900 111 222',
      role: 'customer',
      emailVerified: false,
      discountedPrices: true,
      establishments: [{ establishmentId: E1, kind: 'customer' }],
    });
  });

  it("removes an establishment link and says the server's refusal of the links beside them", async () => {
    api.on('PATCH', PATCH, {
      status: 400,
      body: {
        error: 'Please check the highlighted fields.',
        code: 'VALIDATION',
        fields: { establishments: 'Each establishment may be listed once.' },
      },
    });
    const { user } = renderForm();
    expect(screen.getByText('Café Košice')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Each establishment may be listed once.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Café Košice' }));
    expect(screen.queryByText('Café Košice')).toBeNull();
    expect(screen.getByText('Not linked to any establishment. Add one below.')).toBeTruthy();
  });

  it('does not let an admin turn off their own "Email verified"', async () => {
    signIn();
    api.on('GET', '/api/account/me', { body: { user: makeUser({ id: 'u1', role: 'admin' }) } });
    renderForm();
    expect(
      await screen.findByText('Your own address stays confirmed here: you change it in your account.'),
    ).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Email verified' })).toBeDisabled();
  });
});
