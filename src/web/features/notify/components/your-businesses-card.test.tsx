import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/account.schema';
import {
  type FollowList,
  type FollowNotify,
  type NotifyBody,
  PAUSED_UNTIL_RESUMED,
} from '../../../../shared/schemas/notify.schema';
import { useSession } from '../../../lib/session';
import { NotifyChoiceBar } from './notify-choice-bar';
import { YourBusinessesCard } from './your-businesses-card';

const URL = '/api/account/follows';
const ROMA = 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01';
const BOOKS = 'b1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b02';
const putUrl = (id: string) => `/api/establishments/${id}/notify`;

const roma: FollowNotify = {
  establishment: { id: ROMA, publicId: 'cafe-roma', name: 'Café Roma', logo: null, blocked: false },
  notify: 'auto',
  pausedUntil: null,
};
const books: FollowNotify = {
  establishment: {
    id: BOOKS,
    publicId: 'corner-books',
    name: 'Corner Books',
    logo: 'logo-books',
    blocked: false,
  },
  notify: 'phone',
  pausedUntil: PAUSED_UNTIL_RESUMED,
};
const list = (overrides: Partial<FollowList> = {}): FollowList => ({
  items: [roma, books],
  marketingConsent: true,
  emailBounced: false,
  hasDevice: true,
  ...overrides,
});

let api: FakeApi;

/** Who the session holds, once it has loaded them. */
function SessionEmail() {
  const { user } = useSession();
  return <output aria-label="session">{user?.email}</output>;
}

function renderCard(user: User = makeUser(), element = <YourBusinessesCard />) {
  signIn();
  api.on('GET', '/api/account/me', { body: { user } });
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <SessionEmail />
          {element}
        </>
      ),
    },
  ]);
}

/** The PUT answers the choice as saved, paused as asked. */
function answerPuts() {
  for (const follow of [roma, books]) {
    api.on('PUT', putUrl(follow.establishment.id), (request) => {
      const body = request.body as NotifyBody;
      const pausedUntil =
        body.pause === undefined
          ? follow.pausedUntil
          : body.pause === null
            ? null
            : body.pause === 'untilResumed'
              ? PAUSED_UNTIL_RESUMED
              : '2026-03-17T21:00:00.000Z';
      return { body: { follow: { ...follow, notify: body.notify, pausedUntil }, message: Msg.changesSaved } };
    });
  }
}

const rowOf = async (name: string) => {
  const card = await screen.findByRole('region', { name: 'Your businesses' });
  const rows = await within(card).findAllByRole('listitem');
  const row = rows.find((item) => within(item).queryByRole('link', { name }));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('your businesses card', () => {
  beforeEach(() => {
    api = fakeApi();
    answerPuts();
  });

  it('lists each business with its link, its choice and its pause', async () => {
    api.on('GET', URL, { body: list() });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Your businesses' });
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(2);

    const cafe = await rowOf('Café Roma');
    expect(within(cafe).getByRole('link', { name: 'Café Roma' })).toHaveAttribute(
      'href',
      `/app/establishment/${ROMA}`,
    );
    // No logo: its initials stand in.
    expect(within(cafe).getByText('CR')).toBeVisible();
    expect(within(cafe).getByRole('combobox', { name: 'How you get their news' })).toHaveTextContent(
      'Automatic: phone, else email',
    );
    expect(within(cafe).queryByText(/^Paused/)).toBeNull();

    const corner = await rowOf('Corner Books');
    expect(within(corner).getByRole('combobox', { name: 'How you get their news' })).toHaveTextContent(
      'Phone',
    );
    expect(within(corner).getByText('Paused until you turn it back on')).toBeVisible();
    expect(screen.queryByText(/bounce/)).toBeNull();
  });

  it('saves a new choice at once, with the server message', async () => {
    api.on('GET', URL, { body: list() });
    const { user } = renderCard();
    const cafe = await rowOf('Café Roma');
    await user.click(within(cafe).getByRole('combobox', { name: 'How you get their news' }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Automatic: phone, else email', 'Phone', 'Email', 'Phone and email', 'Feed only']);
    await user.click(within(options).getByRole('option', { name: 'Feed only' }));

    expect(await screen.findByText('Changes saved!')).toBeVisible();
    expect(api.sent('PUT', putUrl(ROMA)).map((request) => request.body)).toEqual([{ notify: 'feed' }]);
    await waitFor(() =>
      expect(within(cafe).getByRole('combobox', { name: 'How you get their news' })).toHaveTextContent(
        'Feed only',
      ),
    );
  });

  it('asks for consent before the first email choice, and sends it with the choice', async () => {
    api.on('GET', URL, { body: list({ marketingConsent: false }) });
    const { user } = renderCard();
    const cafe = await rowOf('Café Roma');
    await user.click(within(cafe).getByRole('combobox', { name: 'How you get their news' }));
    await user.click(await screen.findByRole('option', { name: 'Phone and email' }));

    const dialog = await screen.findByRole('dialog', { name: 'Get their news by email?' });
    expect(api.sent('PUT', putUrl(ROMA))).toHaveLength(0);
    // The box is required: confirming without it says so beside it, and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Get news by email' }));
    const box = within(dialog).getByRole('checkbox', { name: /I agree to receive news by email/ });
    expect(box).toHaveAccessibleDescription('To get news by email, agree to receive them by email.');
    expect(api.sent('PUT', putUrl(ROMA))).toHaveLength(0);

    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Get news by email' }));
    expect(await screen.findByText('Changes saved!')).toBeVisible();
    expect(api.sent('PUT', putUrl(ROMA)).map((request) => request.body)).toEqual([
      { notify: 'both', marketingConsent: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Consent given: the next email choice goes straight through.
    const corner = await rowOf('Corner Books');
    await user.click(within(corner).getByRole('combobox', { name: 'How you get their news' }));
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    await waitFor(() => expect(api.sent('PUT', putUrl(BOOKS))).toHaveLength(1));
    expect(api.sent('PUT', putUrl(BOOKS))[0]!.body).toEqual({ notify: 'email' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("puts the server's refusal of the consent beside the box", async () => {
    api.on('GET', URL, { body: list({ marketingConsent: false }) });
    api.on('PUT', putUrl(ROMA), {
      status: 400,
      body: {
        code: 'VALIDATION',
        error: Msg.emailNeedsConsent,
        fields: { marketingConsent: Msg.emailNeedsConsent },
      },
    });
    const { user } = renderCard();
    const cafe = await rowOf('Café Roma');
    await user.click(within(cafe).getByRole('combobox', { name: 'How you get their news' }));
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get their news by email?' });
    const box = within(dialog).getByRole('checkbox', { name: /I agree to receive news by email/ });
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Get news by email' }));

    await waitFor(() =>
      expect(box).toHaveAccessibleDescription('To get news by email, agree to receive them by email.'),
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT', putUrl(ROMA))[0]!.body).toEqual({ notify: 'email', marketingConsent: true });
    // Cancelled: the saved choice stays.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(cafe).getByRole('combobox', { name: 'How you get their news' })).toHaveTextContent(
      'Automatic: phone, else email',
    );
  });

  it('pauses for a week and resumes a pause, keeping the choice', async () => {
    api.on('GET', URL, { body: list() });
    const { user } = renderCard();
    const cafe = await rowOf('Café Roma');
    await user.click(within(cafe).getByRole('button', { name: 'Pause news from Café Roma' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Pause for a day', 'Pause for a week', 'Pause until I turn it back on']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Pause for a week' }));
    expect(await within(cafe).findByText(/^Paused until \d/)).toBeVisible();
    expect(api.sent('PUT', putUrl(ROMA)).map((request) => request.body)).toEqual([
      { notify: 'auto', pause: 'week' },
    ]);

    const corner = await rowOf('Corner Books');
    await user.click(within(corner).getByRole('button', { name: 'Pause news from Corner Books' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resume' }));
    await waitFor(() => expect(within(corner).queryByText('Paused until you turn it back on')).toBeNull());
    expect(api.sent('PUT', putUrl(BOOKS)).map((request) => request.body)).toEqual([
      { notify: 'phone', pause: null },
    ]);
  });

  it('says why a choice was refused, and asks the list again', async () => {
    api.on('GET', URL, { body: list() });
    api.on('PUT', putUrl(ROMA), { status: 404, body: { code: 'NOT_FOUND', error: Msg.notFollowing } });
    const { user } = renderCard();
    const cafe = await rowOf('Café Roma');
    await user.click(within(cafe).getByRole('combobox', { name: 'How you get their news' }));
    await user.click(await screen.findByRole('option', { name: 'Phone' }));
    expect(await screen.findByText('You do not follow this business.')).toBeVisible();
    await waitFor(() => expect(api.sent('GET', URL)).toHaveLength(2));
  });

  it('warns when emails to the address bounce, and when the phone is chosen without a device', async () => {
    api.on('GET', URL, { body: list({ emailBounced: true, hasDevice: false }) });
    renderCard();
    expect(
      await screen.findByText('Emails to your address bounce. Check your email address under Profile.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open Profile' })).toHaveAttribute(
      'href',
      '/app/account?tab=profile',
    );
    const corner = await rowOf('Corner Books');
    expect(
      within(corner).getByRole('combobox', { name: 'How you get their news' }),
    ).toHaveAccessibleDescription(
      'None of your devices gets notifications yet: turn them on with the bell at the top of the page.',
    );
  });

  it('says so when the user follows no business', async () => {
    api.on('GET', URL, { body: list({ items: [] }) });
    renderCard();
    expect(await screen.findByText('You follow no business yet.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    api.on('GET', URL, { status: 500, body: { code: 'INTERNAL', error: 'Internal error' } });
    const { user } = renderCard();
    expect(await screen.findByText('Your businesses could not be loaded.')).toBeVisible();

    api.on('GET', URL, { body: list({ items: [roma] }) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Café Roma' })).toBeVisible();
    expect(screen.queryByText('Your businesses could not be loaded.')).toBeNull();
  });

  it('is shown before the email is confirmed: pushes reach their devices already', async () => {
    api.on('GET', URL, { body: list() });
    renderCard(makeUser({ emailVerified: false }));
    expect(await screen.findByText('Your businesses')).toBeVisible();
    // The heading shows while the list loads: wait for what the request brought.
    expect(await screen.findByRole('link', { name: 'Café Roma' })).toBeVisible();
    expect(api.sent('GET', URL)).toHaveLength(1);
  });
});

describe("a business's page: the follower's choice", () => {
  beforeEach(() => {
    api = fakeApi();
    answerPuts();
  });

  it('shows the same control for the business followed, and saves from there', async () => {
    api.on('GET', URL, { body: list() });
    const { user } = renderCard(makeUser(), <NotifyChoiceBar establishmentId={ROMA} />);
    const choice = await screen.findByRole('combobox', { name: 'How you get their news' });
    expect(choice).toHaveTextContent('Automatic: phone, else email');
    expect(screen.getAllByRole('combobox')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Pause news from Café Roma' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pause until I turn it back on' }));
    expect(await screen.findByText('Paused until you turn it back on')).toBeVisible();
    expect(api.sent('PUT', putUrl(ROMA))[0]!.body).toEqual({ notify: 'auto', pause: 'untilResumed' });
  });

  it('shows nothing for a business the user does not follow', async () => {
    api.on('GET', URL, { body: list({ items: [books] }) });
    renderCard(makeUser(), <NotifyChoiceBar establishmentId={ROMA} />);
    expect(await screen.findByText('ada@example.com')).toBeVisible();
    await waitFor(() => expect(api.sent('GET', URL)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
  });
});
