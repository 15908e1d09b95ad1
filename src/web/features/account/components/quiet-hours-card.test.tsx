import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import type { User } from '../../../../shared/schemas/account.schema';
import { QuietMsg } from '../../../../shared/schemas/quiet-hours.schema';
import { useSession } from '../../../lib/session';
import { QuietHoursCard } from './quiet-hours-card';

const URL = '/api/account/quiet-hours';
const OFF = { enabled: false, start: null, end: null, timeZone: null };

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
          <QuietHoursCard />
        </>
      ),
    },
  ]);
}

describe('quiet hours card', () => {
  beforeEach(() => {
    api = fakeApi();
    api.on('PUT', URL, (request) => {
      const body = request.body as { enabled: boolean };
      return { body: body.enabled ? body : OFF };
    });
  });

  it('starts off with 22:00 to 07:00 offered, and saves them on with the chosen zone', async () => {
    api.on('GET', URL, { body: OFF });
    const { user } = renderCard();
    const on = await screen.findByRole('switch', { name: 'Pause notifications during quiet hours' });
    expect(on).not.toBeChecked();
    expect(screen.getByLabelText('From')).toHaveValue('22:00');
    expect(screen.getByLabelText('From')).toBeDisabled();
    expect(
      screen.getByText(
        'Notifications that arrive during your quiet hours wait and reach your devices when they end, unless they are more than a day old by then.',
      ),
    ).toBeVisible();

    await user.click(on);
    expect(screen.getByText('Ends the next day')).toBeVisible();
    const zone = screen.getByRole('combobox', { name: /Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Auckland');
    await user.click(await screen.findByRole('option', { name: 'Pacific/Auckland' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Quiet hours saved')).toBeVisible();
    expect(api.sent('PUT', URL)[0]!.body).toEqual({
      enabled: true,
      start: '22:00',
      end: '07:00',
      timeZone: 'Pacific/Auckland',
    });
  });

  it('shows the saved setting, refuses the same start and end beside the field, and turns them off', async () => {
    api.on('GET', URL, { body: { enabled: true, start: '23:00', end: '06:30', timeZone: 'Europe/Vienna' } });
    const { user } = renderCard();
    expect(await screen.findByRole('switch')).toBeChecked();
    expect(screen.getByLabelText(/^From/)).toHaveValue('23:00');
    expect(screen.getByLabelText(/^To/)).toHaveValue('06:30');
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Europe/Vienna');

    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '23:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quiet hours must end at a different time than they start')).toBeVisible();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT', URL)).toHaveLength(0);

    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quiet hours turned off')).toBeVisible();
    expect(api.sent('PUT', URL)[0]!.body).toEqual({ enabled: false });
  });

  it("puts the server's field message beside its field", async () => {
    api.on('GET', URL, { body: OFF });
    api.on('PUT', URL, {
      status: 400,
      body: { error: QuietMsg.time, code: 'VALIDATION', fields: { start: QuietMsg.time } },
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('switch'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a time (HH:MM)')).toBeVisible();
    expect(screen.getByLabelText(/^From/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('is shown to someone who just registered (an unconfirmed email): choices come before the link', async () => {
    api.on('GET', URL, { body: OFF });
    renderCard(makeUser({ emailVerified: false }));
    expect(await screen.findByText('Quiet hours')).toBeVisible();
    // The title is drawn before the settings are asked for: wait for the request, not a moment.
    await waitFor(() => expect(api.sent('GET', URL)).toHaveLength(1));
  });
});
