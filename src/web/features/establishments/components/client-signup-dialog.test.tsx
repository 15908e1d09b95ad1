import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import { SETTINGS_KEY } from '../../../lib/storage-keys';
import { ClientSignupDialog } from './client-signup-dialog';

const SIGNUP = '/api/establishments/client-signup';

const FIELDS: Record<string, string> = {
  'client.firstName': 'Oskar',
  'client.lastName': 'Operator',
  'client.email': 'oskar@bistro.example',
  'client.phone': '+421 900 111 222',
  'establishment.name': 'Bistro Oskar',
  'establishment.email': 'hello@bistro.example',
  'establishment.phone': '+421 900 111 333',
  'establishment.address1': 'Hlavná 1',
  'establishment.city': 'Košice',
  'establishment.state': 'Košický kraj',
  'establishment.zip': '040 01',
  'establishment.country': 'Slovakia',
  'establishment.businessId': '12345678',
  'establishment.taxId': '2020123456',
  'establishment.vatNumber': 'SK2020123456',
};

let api: FakeApi;

describe("registering a client and establishment: the operator's language", () => {
  beforeEach(() => {
    api = fakeApi().on('POST', SIGNUP, {
      status: 201,
      body: { establishment: {}, clientId: 'c1', message: Msg.clientAndEstablishmentCreated },
    });
  });
  afterEach(() => localStorage.removeItem(SETTINGS_KEY));

  it("starts at the registering person's language, and sends the one chosen for the welcome email", async () => {
    // The representative uses the app in Hungarian.
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ language: 'hu' }));
    const { user } = renderRoutes([{ path: '/', element: <ClientSignupDialog open onClose={() => {}} /> }]);
    const language = await screen.findByRole('combobox', { name: 'Their language' });
    expect(language).toHaveTextContent('Magyar');
    expect(language).toHaveAccessibleDescription(
      'The welcome email with their password is written in it, and so are the emails after it.',
    );
    await user.click(language);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toHaveLength(8);
    await user.click(screen.getByRole('option', { name: 'Slovenčina' }));

    for (const [name, value] of Object.entries(FIELDS)) {
      const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (!input) throw new Error(`no field ${name}`);
      fireEvent.change(input, { target: { value } });
    }
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.sent('POST', SIGNUP)).toHaveLength(1));
    expect(api.sent('POST', SIGNUP)[0]!.body).toMatchObject({
      client: { email: 'oskar@bistro.example', language: 'sk' },
      establishment: { name: 'Bistro Oskar' },
    });
  });
});
