import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import type { Preference, PreferenceGroup } from '../../../../shared/schemas/preference.schema';
import { ComposeCard } from './compose-card';

const establishment = {
  audience: 'operator',
  id: 'e1',
  publicId: 'bakery',
  name: 'Corner Bakery',
  logo: null,
  cover: null,
  active: true,
  blocked: false,
  status: 'active',
} as Establishment;

const group = (id: string, name: string): PreferenceGroup => ({
  id,
  name,
  translations: {},
  preferenceCount: 1,
});
const preference = (id: string, name: string, groupId: string, groupName: string): Preference => ({
  id,
  name,
  translations: {},
  groupId,
  groupName,
  userCount: 0,
});
const PREFERENCES = [
  preference('p-vegan', 'Vegan', 'g-food', 'Food'),
  preference('p-beer', 'Craft beer', 'g-drinks', 'Drinks'),
];
const SEND = '/api/establishments/e1/notifications';
const SETTLED = { timeout: 5000 };
const AUDIENCE = '/api/establishments/e1/audience';

describe('compose targeting', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = fakeApi()
      .on('GET', '/api/preferences', { body: { items: PREFERENCES } })
      .on('GET', '/api/preference-groups', {
        body: { items: [group('g-drinks', 'Drinks'), group('g-food', 'Food')] },
      })
      .on('GET', AUDIENCE, (request) => {
        const ids = new URL(request.path, 'http://x').searchParams.get('preferenceIds') ?? '';
        return {
          body: ids
            ? { followers: 1, reachable: 1, byPhone: 1, byEmail: 0, devices: 2, emails: 0 }
            : { followers: 12, reachable: 11, byPhone: 8, byEmail: 4, devices: 15, emails: 4 },
        };
      });
  });

  const renderCompose = () => {
    const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
    const card = screen.getByRole('region', { name: 'New notification' });
    return { ...view, card };
  };

  it('shows the reach of every follower, then of the chosen preferences, and sends only to them', async () => {
    server.on('POST', SEND, {
      status: 202,
      body: { notification: {}, message: 'Notification has been sent!' },
    });
    const { card, user } = renderCompose();
    // The count is asked once the choice has settled (debounced), so give it a moment.
    const reach = await within(card).findByText(
      'Reachable: 11 of 12 followers (8 by phone, 4 by email)',
      {},
      SETTLED,
    );
    expect(reach).toHaveAttribute('role', 'status');

    const choice = within(card).getByRole('combobox', { name: 'Only followers interested in' });
    await waitFor(() => expect(choice).toBeEnabled());
    await user.click(choice);
    // Grouped under each group's name.
    const list = await screen.findByRole('listbox');
    expect(within(list).getByText('Food')).toBeInTheDocument();
    expect(within(list).getByText('Drinks')).toBeInTheDocument();
    await user.click(within(list).getByRole('option', { name: 'Vegan' }));
    await user.keyboard('{Escape}');
    expect(
      await within(card).findByText('Reachable: 1 of 1 follower (1 by phone, 0 by email)', {}, SETTLED),
    ).toBeInTheDocument();
    expect(server.sent('GET', AUDIENCE).at(-1)?.path).toContain('preferenceIds=p-vegan');

    await user.click(within(card).getByRole('textbox', { name: 'Message' }));
    await user.paste('Vegan goulash today');
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]?.body).toEqual({
      text: 'Vegan goulash today',
      mediaId: null,
      post: false,
      preferenceIds: ['p-vegan'],
    });
    // A fresh compose goes to everyone again.
    expect(
      await within(card).findByText('Reachable: 11 of 12 followers (8 by phone, 4 by email)', {}, SETTLED),
    ).toBeInTheDocument();
  });

  it('says beside the choice when a chosen preference was deleted meanwhile', async () => {
    server.on('POST', SEND, {
      status: 400,
      body: {
        code: 'VALIDATION',
        error: 'gone',
        fields: {
          preferenceIds: 'A chosen preference does not exist any more. Reload the list and choose again.',
        },
      },
    });
    const { card, user } = renderCompose();
    const choice = within(card).getByRole('combobox', { name: 'Only followers interested in' });
    await waitFor(() => expect(choice).toBeEnabled());
    await user.click(choice);
    await user.click(await screen.findByRole('option', { name: 'Craft beer' }));
    await user.keyboard('{Escape}');
    await user.click(within(card).getByRole('textbox', { name: 'Message' }));
    await user.paste('Tap takeover');
    await user.click(within(card).getByRole('button', { name: 'Send and post' }));
    await waitFor(() =>
      expect(choice).toHaveAccessibleDescription(
        'A chosen preference no longer exists. Check the choice and send again.',
      ),
    );
    // No general alert: beside Send, only the summary naming the choice.
    expect(within(card).getByRole('alert')).toHaveTextContent(
      /^Nothing was sent yetPut right what is marked in red:Only followers interested in$/,
    );
  });

  it('offers a retry when the preferences cannot be loaded, and still counts everyone', async () => {
    server.on('GET', '/api/preferences', { status: 500, body: { code: 'INTERNAL', error: 'x' } });
    const { card } = renderCompose();
    expect(await within(card).findByText(/The preferences could not be loaded/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(
      await within(card).findByText('Reachable: 11 of 12 followers (8 by phone, 4 by email)', {}, SETTLED),
    ).toBeInTheDocument();
  });

  it('says when no follower is reachable by phone or email, and what to do, instead of only a 0', async () => {
    server.on('GET', AUDIENCE, {
      body: { followers: 4, reachable: 0, byPhone: 0, byEmail: 0, devices: 1, emails: 0 },
    });
    const { card } = renderCompose();
    expect(
      await within(card).findByText('Reachable: 0 of 4 followers (0 by phone, 0 by email)', {}, SETTLED),
    ).toBeInTheDocument();
    const alert = within(card).getByRole('alert');
    expect(alert).toHaveTextContent('No follower has notifications on yet');
    expect(alert).toHaveTextContent('Put your QR code where customers see it');
  });
});
