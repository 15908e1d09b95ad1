import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/account.schema';
import type { Device } from '../../../../shared/schemas/notification.schema';
import { useSession } from '../../../lib/session';
import { DevicesCard } from './devices-card';

const URL = '/api/account/devices';
const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const PIXEL = 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01';
const IPHONE = 'b1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b02';
const devices: Device[] = [
  {
    id: PIXEL,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    createdAt: ago(30 * 24 * HOUR),
    lastSeenAt: ago(2 * HOUR),
    staleSince: null,
  },
  {
    id: IPHONE,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    createdAt: ago(60 * 24 * HOUR),
    lastSeenAt: ago(3 * 24 * HOUR),
    staleSince: ago(24 * HOUR),
  },
];

let api: FakeApi;

/** Who the session holds, once it has loaded them. */
function SessionEmail() {
  const { user } = useSession();
  return <output aria-label="session">{user?.email}</output>;
}

function renderCard(user: User = makeUser()) {
  signIn();
  api.on('GET', '/api/account/me', { body: { user } });
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <SessionEmail />
          <DevicesCard />
        </>
      ),
    },
  ]);
}

describe('your devices card', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('lists the devices by browser and system, says which stopped receiving, and removes one', async () => {
    let items = [...devices];
    api.on('GET', URL, () => ({ body: { items } }));
    api.on('DELETE', `${URL}/${IPHONE}`, () => {
      items = items.filter((device) => device.id !== IPHONE);
      return { body: { message: Msg.deviceRemoved } };
    });
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Your devices' });
    const list = await within(card).findByRole('list', { name: 'Your devices' });
    const [pixel, iphone] = within(list).getAllByRole('listitem');
    expect(within(pixel!).getByText('Chrome on Android')).toBeVisible();
    expect(within(pixel!).getByText('Last seen 2 hours ago')).toBeVisible();
    expect(within(pixel!).queryByText(/stopped receiving/)).toBeNull();
    expect(within(iphone!).getByText('Safari on iOS')).toBeVisible();
    expect(within(iphone!).getByText('Last seen 3 days ago')).toBeVisible();
    expect(
      within(iphone!).getByText('This phone stopped receiving: turn notifications on again'),
    ).toBeVisible();

    await user.click(within(iphone!).getByRole('button', { name: 'Remove Safari on iOS' }));
    expect(await screen.findByText('Device removed')).toBeVisible();
    expect(api.sent('DELETE', `${URL}/${IPHONE}`)).toHaveLength(1);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).queryByText('Safari on iOS')).toBeNull();
    expect(within(list).getByText('Chrome on Android')).toBeVisible();
    // Its button went with it: the keyboard goes on from the card's title.
    expect(within(card).getByRole('heading', { name: 'Your devices' })).toHaveFocus();
  });

  it('says so when no device gets notifications', async () => {
    api.on('GET', URL, { body: { items: [] } });
    renderCard();
    expect(await screen.findByText('No device gets notifications yet.')).toBeVisible();
    expect(screen.getByText(/Turn notifications on with the bell/)).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    api.on('GET', URL, { status: 500, body: { code: 'INTERNAL', error: 'Internal error' } });
    const { user } = renderCard();
    expect(await screen.findByText('Your devices could not be loaded.')).toBeVisible();

    api.on('GET', URL, { body: { items: devices.slice(0, 1) } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chrome on Android')).toBeVisible();
    expect(screen.queryByText('Your devices could not be loaded.')).toBeNull();
  });

  it('is shown to someone who just registered (an unconfirmed email): devices come before the link', async () => {
    api.on('GET', URL, { body: { items: devices } });
    renderCard(makeUser({ emailVerified: false }));
    expect(await screen.findByText('Your devices')).toBeVisible();
    // Its devices, once loaded: the title can be drawn before the list is asked for.
    expect(await screen.findByText('Chrome on Android')).toBeVisible();
    expect(api.sent('GET', URL)).toHaveLength(1);
  });
});
