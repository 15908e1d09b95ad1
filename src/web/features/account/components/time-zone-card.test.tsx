import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { ErrorCode } from '../../../../shared/errors';
import { Msg } from '../../../../shared/messages';
import { changeLanguage } from '../../../app/i18n';
import { TimeZoneCard } from './time-zone-card';

const URL = '/api/account/time-zone';
/** The zone this device reports. */
const DEVICE = 'Europe/Bratislava';

let api: FakeApi;

function renderCard() {
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser() } });
  return renderRoutes([{ path: '/', element: <TimeZoneCard /> }]);
}

const card = () => screen.findByRole('region', { name: 'Time zone' });
const zoneField = (section: HTMLElement) => within(section).getByRole('combobox', { name: /^Time zone/ });

describe('time zone card', () => {
  beforeEach(() => {
    api = fakeApi();
    // This device's clock: only the zone a formatter takes by default changes.
    const system = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      const options = resolved.call(this);
      return options.timeZone === system ? { ...options, timeZone: DEVICE } : options;
    });
    // As the server does: a zone is kept as chosen; null follows the device, whose header sets it.
    api.on('PUT', URL, (request) => {
      const { timeZone } = request.body as { timeZone: string | null };
      return timeZone === null
        ? {
            body: {
              timeZone: { timeZone: request.headers.get('x-time-zone'), chosen: false },
              message: Msg.timeZoneFollowsDevice,
            },
          }
        : { body: { timeZone: { timeZone, chosen: true }, message: Msg.timeZoneSaved } };
    });
  });
  afterEach(() => changeLanguage('en'));

  it('says what it is for and which zone follows the device, and saves a zone chosen', async () => {
    api.on('GET', URL, { body: { timeZone: { timeZone: 'Europe/Paris', chosen: false } } });
    const { user } = renderCard();
    const section = await card();
    expect(
      within(section).getByText('Businesses that send at a local time reach you at that time where you are.'),
    ).toBeVisible();
    expect(await within(section).findByText('Your time zone: Europe/Paris')).toBeVisible();
    expect(within(section).getByText('Follows this device')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Follow my device' })).toBeNull();

    const zone = zoneField(section);
    expect(zone).toHaveValue('Europe/Paris');
    await user.clear(zone);
    await user.type(zone, 'New York');
    await user.click(await screen.findByRole('option', { name: 'America/New York' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Time zone saved.')).toBeVisible();
    expect(api.sent('PUT', URL).map((request) => request.body)).toEqual([{ timeZone: 'America/New_York' }]);
    expect(await within(section).findByText('Your time zone: America/New York')).toBeVisible();
    expect(within(section).getByText('Chosen by you')).toBeVisible();
    expect(zoneField(section)).toHaveAccessibleDescription(
      'Kept whatever your device says. This device is in Europe/Bratislava.',
    );
  });

  it('follows the device again on request, telling the server the device’s zone', async () => {
    api.on('GET', URL, { body: { timeZone: { timeZone: 'Asia/Tokyo', chosen: true } } });
    const { user } = renderCard();
    const section = await card();
    expect(await within(section).findByText('Chosen by you')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Follow my device' }));
    expect(await screen.findByText('Your time zone now follows your device.')).toBeVisible();
    const [sent] = api.sent('PUT', URL);
    expect(sent?.body).toEqual({ timeZone: null });
    expect(sent?.headers.get('x-time-zone')).toBe(DEVICE);
    expect(await within(section).findByText('Follows this device')).toBeVisible();
    expect(within(section).getByText('Your time zone: Europe/Bratislava')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Follow my device' })).toBeNull();
  });

  it("puts the server's refusal of a zone beside the field, in the reader's language", async () => {
    await changeLanguage('de');
    api.on('GET', URL, { body: { timeZone: { timeZone: null, chosen: false } } });
    api.on('PUT', URL, {
      status: 400,
      body: {
        error: Msg.chooseTimeZone,
        code: ErrorCode.VALIDATION,
        fields: { timeZone: Msg.chooseTimeZone },
      },
    });
    const { user } = renderCard();
    const section = await screen.findByRole('region', { name: 'Zeitzone' });
    expect(
      await within(section).findByText(
        'Noch unbekannt: Bis Ihr Gerät sie meldet oder Sie eine wählen, gilt die Zeitzone des Unternehmens.',
      ),
    ).toBeVisible();
    // No zone known yet: the device's is offered.
    const zone = within(section).getByRole('combobox', { name: /^Zeitzone/ });
    expect(zone).toHaveValue('Europe/Bratislava');
    await user.click(within(section).getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(zone).toHaveAccessibleDescription('Wählen Sie eine Zeitzone'));
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT', URL).map((request) => request.body)).toEqual([{ timeZone: 'Europe/Bratislava' }]);
  });

  it('refuses a zone this browser does not know before sending it', async () => {
    api.on('GET', URL, { body: { timeZone: { timeZone: 'Mars/Olympus_Mons', chosen: true } } });
    const { user } = renderCard();
    const section = await card();
    expect(await within(section).findByText('Your time zone: Mars/Olympus Mons')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    const zone = zoneField(section);
    await waitFor(() => expect(zone).toHaveAccessibleDescription('Choose a time zone'));
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT', URL)).toHaveLength(0);
  });

  it('says why the zone is missing and loads it again on request', async () => {
    api.on('GET', URL, { status: 500, body: { error: 'Internal error', code: 'INTERNAL' } });
    const { user } = renderCard();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Your time zone could not be loaded.')).toBeVisible();
    api.on('GET', URL, { body: { timeZone: { timeZone: 'Europe/Paris', chosen: false } } });
    await user.click(retry);
    expect(await screen.findByText('Your time zone: Europe/Paris')).toBeVisible();
  });
});
