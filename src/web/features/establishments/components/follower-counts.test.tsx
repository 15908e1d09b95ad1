/**
 * "Followers" is the same number on every screen (who follows and confirmed
 * their email), and who still waits for email confirmation is said beside it, never counted in it.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { PLATFORM_LIMITS } from '../../../../../tests/support/web/notification-limits';
import { renderRoutes } from '../../../../../tests/support/web/render';
import type { Establishment, Member } from '../../../../shared/schemas/establishment.schema';
import { EstablishmentCard, EstablishmentCardGrid } from './establishment-card';
import { EstablishmentDetail } from './establishment-detail';
import { EstablishmentHeader } from './establishment-header';
import { EstablishmentTable } from './establishment-table';
import { MembersTab } from './members-tab';

const establishment = (overrides: Partial<Establishment> = {}): Establishment => ({
  audience: 'operator',
  id: 'e1',
  publicId: 'bakery',
  name: 'Corner Bakery',
  subheader: '',
  email: 'bakery@example.com',
  phone: '',
  website: '',
  address1: '',
  address2: '',
  city: 'Bratislava',
  state: '',
  zip: '',
  country: '',
  businessId: '',
  taxId: '',
  vatNumber: '',
  timeZone: 'Europe/Bratislava',
  logo: null,
  cover: null,
  active: true,
  commentsEnabled: true,
  welcomeText: '',
  welcomeTranslations: {},
  notificationLimits: PLATFORM_LIMITS,
  blocked: false,
  status: 'active',
  registeredById: null,
  followerCount: 0,
  waitingCount: 50,
  guestCount: 0,
  clientCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const member = (overrides: Partial<Member>): Member => ({
  userId: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  kind: 'customer',
  emailVerified: true,
  guest: false,
  discountedPrices: false,
  since: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

/** A confirmed follower, one waiting for email confirmation, and a client whose email is not confirmed. */
const MEMBERS = {
  items: [
    member({ userId: 'u1', firstName: 'Clara', lastName: 'Client', kind: 'client', emailVerified: false }),
    member({ userId: 'u2', firstName: 'Fiona', lastName: 'Confirmed' }),
    member({ userId: 'u3', firstName: 'Walter', lastName: 'Waiting', emailVerified: false }),
    member({ userId: 'u4', firstName: '', lastName: '', email: '', guest: true }),
  ],
  followerCount: 2,
  waitingCount: 1,
  guestCount: 1,
  clientCount: 1,
};

const WAITING_CHIP = 'Waiting for email confirmation';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/api/establishments/e1/members', { body: MEMBERS });
});

const rowOf = (name: RegExp) => screen.getByRole('row', { name });

describe('followers and those waiting for email confirmation', () => {
  it('the establishments list: a Followers column and a waiting column beside it', async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <EstablishmentTable
            items={[
              establishment(),
              establishment({ id: 'e2', name: 'Quiet Bar', followerCount: 1234, waitingCount: 0 }),
            ]}
            loading={false}
            hrefOf={(e) => `/e/${e.id}`}
            label="Establishments"
            emptyText="None"
            showClients
          />
        ),
      },
    ]);
    const table = await screen.findByRole('table', { name: 'Establishments' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'City', 'State', 'Followers', WAITING_CHIP, 'Clients', 'Created']);
    const cells = (name: RegExp) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(/Corner Bakery/).slice(3, 5)).toEqual(['0', '50']);
    expect(cells(/Quiet Bar/).slice(3, 5)).toEqual(['1,234', '0']);
  });

  it("the operator's header and card say the followers, and the waiting beside them", async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <EstablishmentHeader establishment={establishment()} locked={false} />
            <EstablishmentCardGrid>
              <EstablishmentCard establishment={establishment({ followerCount: 3, waitingCount: 1 })} />
            </EstablishmentCardGrid>
          </>
        ),
      },
    ]);
    expect(
      await screen.findByText('Followers: 0, and 50 waiting for email confirmation'),
    ).toBeInTheDocument();
    expect(screen.getByText('Followers: 3, and 1 waiting for email confirmation')).toBeInTheDocument();
  });

  it('tells the operator how many followers are devices without an account, so a flood of them shows', async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <EstablishmentHeader
              establishment={establishment({ followerCount: 120, guestCount: 45, waitingCount: 3 })}
              locked={false}
            />
            <EstablishmentCardGrid>
              <EstablishmentCard
                establishment={establishment({ followerCount: 2, guestCount: 1, waitingCount: 0 })}
              />
            </EstablishmentCardGrid>
          </>
        ),
      },
    ]);
    expect(
      await screen.findByText(
        'Followers: 120, of them 45 devices without an account, and 3 waiting for email confirmation',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Followers: 2, of them 1 device without an account')).toBeInTheDocument();
  });

  it('a follower sees the followers only: nobody waiting is shown or counted', async () => {
    const {
      audience: _audience,
      waitingCount: _waiting,
      guestCount: _guests,
      ...rest
    } = establishment({ followerCount: 7, guestCount: 3 });
    renderRoutes([
      {
        path: '/',
        element: (
          <EstablishmentHeader
            establishment={{ ...rest, audience: 'follower', status: 'active' }}
            locked={false}
          />
        ),
      },
    ]);
    expect(await screen.findByText('Followers: 7')).toBeInTheDocument();
    expect(screen.queryByText(/waiting/)).not.toBeInTheDocument();
  });

  it("the members tab counts the confirmed followers, says who waits, and marks only waiting followers' rows", async () => {
    renderRoutes([{ path: '/', element: <MembersTab establishment={establishment()} /> }]);
    expect(await screen.findByText('and 1 waiting for email confirmation')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getAllByText(WAITING_CHIP)).toHaveLength(1);
    expect(within(rowOf(/Walter Waiting/)).getByText(WAITING_CHIP)).toBeInTheDocument();
    // A client is no follower: an unconfirmed email does not make them "waiting".
    expect(within(rowOf(/Clara Client/)).queryByText(WAITING_CHIP)).not.toBeInTheDocument();
    expect(within(rowOf(/Fiona Confirmed/)).queryByText(WAITING_CHIP)).not.toBeInTheDocument();
    // A guest has no name nor email: the row says what it is.
    expect(within(rowOf(/Device without an account/)).queryByText(WAITING_CHIP)).not.toBeInTheDocument();
  });

  it("the admin's establishment page: the followers figure with who waits under it, and the members' counts", async () => {
    renderRoutes([
      {
        path: '/',
        element: <EstablishmentDetail establishment={establishment()} back={{ to: '/', label: 'Back' }} />,
      },
    ]);
    expect(await screen.findByText('and 50 waiting for email confirmation')).toBeInTheDocument();
    expect(
      await screen.findByText('Clients: 1 · Followers: 2, and 1 waiting for email confirmation'),
    ).toBeInTheDocument();
  });
});
