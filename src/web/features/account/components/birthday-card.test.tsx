import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { ErrorCode } from '../../../../shared/errors';
import { Msg } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/account.schema';
import { changeLanguage } from '../../../app/i18n';
import { BirthdayCard } from './birthday-card';

const URL = '/api/account/birthday';
const SAVED = { month: 3, day: 14, consentAt: '2026-02-01T09:00:00.000Z' };

let api: FakeApi;

function renderCard(user: User = makeUser()) {
  signIn();
  api.on('GET', '/api/account/me', { body: { user } });
  return renderRoutes([{ path: '/', element: <BirthdayCard /> }]);
}

const card = () => screen.findByRole('region', { name: 'Birthday' });

/** Open a select by its name and pick an option. */
async function choose(user: ReturnType<typeof renderCard>['user'], name: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('birthday card', () => {
  beforeEach(() => {
    api = fakeApi();
    api.on('PUT', URL, (request) => {
      const { month, day } = request.body as { month: number; day: number };
      return {
        body: { birthday: { month, day, consentAt: '2026-03-01T09:00:00.000Z' }, message: Msg.birthdaySaved },
      };
    });
    api.on('DELETE', URL, { body: { birthday: null, message: Msg.birthdayDeleted } });
  });
  afterEach(() => changeLanguage('en'));

  it('says why it asks, and saves the day and month with the consent', async () => {
    api.on('GET', URL, { body: { birthday: null } });
    const { user } = renderCard();
    const section = await card();
    expect(
      within(section).getByText(
        'Only the day and month: no year. Businesses see no date, only whether a message goes out.',
      ),
    ).toBeVisible();
    const consent = await within(section).findByRole('checkbox', {
      name: 'The businesses I follow may send me a birthday message. I can delete my birthday at any time.',
    });
    expect(consent).not.toBeChecked();
    expect(within(section).queryByRole('button', { name: 'Delete birthday' })).toBeNull();

    await choose(user, /^Day/, '14');
    await choose(user, /^Month/, 'March');
    await user.click(consent);
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Birthday saved.')).toBeVisible();
    expect(api.sent('PUT', URL).map((request) => request.body)).toEqual([
      { month: 3, day: 14, consent: true },
    ]);
    expect(await within(section).findByText('Saved: 14 March (you agreed on 1 Mar 2026)')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Delete birthday' })).toBeVisible();
  });

  it('refuses 30 February beside the day and a missing tick beside the box, sending nothing', async () => {
    api.on('GET', URL, { body: { birthday: null } });
    const { user } = renderCard();
    const section = await card();
    await within(section).findByRole('checkbox');
    await choose(user, /^Day/, '30');
    await choose(user, /^Month/, 'February');
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    const day = within(section).getByRole('combobox', { name: /^Day/ });
    await waitFor(() =>
      expect(day).toHaveAccessibleDescription('There is no such day: check the day and the month.'),
    );
    expect(day).toHaveAttribute('aria-invalid', 'true');
    const consent = within(section).getByRole('checkbox');
    expect(consent).toHaveAccessibleDescription(
      'Tick the box to agree that the businesses you follow may send you a birthday message.',
    );
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByRole('combobox', { name: /^Month/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.sent('PUT', URL)).toHaveLength(0);
  });

  it('asks for the tick before saving a right date, then saves', async () => {
    api.on('GET', URL, { body: { birthday: null } });
    const { user } = renderCard();
    const section = await card();
    await within(section).findByRole('checkbox');
    await choose(user, /^Day/, '29');
    await choose(user, /^Month/, 'February');
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    const consent = within(section).getByRole('checkbox');
    await waitFor(() =>
      expect(consent).toHaveAccessibleDescription(
        'Tick the box to agree that the businesses you follow may send you a birthday message.',
      ),
    );
    expect(within(section).getByRole('combobox', { name: /^Day/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.sent('PUT', URL)).toHaveLength(0);

    await user.click(consent);
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Birthday saved.')).toBeVisible();
    expect(api.sent('PUT', URL).map((request) => request.body)).toEqual([
      { month: 2, day: 29, consent: true },
    ]);
  });

  it("puts the server's refusal beside its field, in the reader's language", async () => {
    await changeLanguage('de');
    api.on('GET', URL, { body: { birthday: SAVED } });
    api.on('PUT', URL, {
      status: 400,
      body: { error: Msg.birthdayInvalid, code: ErrorCode.VALIDATION, fields: { day: Msg.birthdayInvalid } },
    });
    const { user } = renderCard();
    const section = await screen.findByRole('region', { name: 'Geburtstag' });
    await user.click(await within(section).findByRole('button', { name: 'Speichern' }));

    const day = within(section).getByRole('combobox', { name: /^Tag/ });
    await waitFor(() =>
      expect(day).toHaveAccessibleDescription('Diesen Tag gibt es nicht: Prüfen Sie Tag und Monat.'),
    );
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT', URL)).toHaveLength(1);
  });

  it('shows the saved birthday, changes it, and deletes it with the server’s message', async () => {
    api.on('GET', URL, { body: { birthday: SAVED } });
    const { user } = renderCard();
    const section = await card();
    expect(await within(section).findByText('Saved: 14 March (you agreed on 1 Feb 2026)')).toBeVisible();
    expect(within(section).getByRole('combobox', { name: /^Day/ })).toHaveTextContent('14');
    expect(within(section).getByRole('combobox', { name: /^Month/ })).toHaveTextContent('March');
    expect(within(section).getByRole('checkbox')).toBeChecked();

    await choose(user, /^Month/, 'April');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Birthday saved.')).toBeVisible();
    expect(api.sent('PUT', URL).map((request) => request.body)).toEqual([
      { month: 4, day: 14, consent: true },
    ]);
    expect(await within(section).findByText(/^Saved: 14 April \(/)).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Delete birthday' }));
    expect(
      await screen.findByText('Birthday deleted: no business sends you a birthday message.'),
    ).toBeVisible();
    expect(api.sent('DELETE', URL)).toHaveLength(1);
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Delete birthday' })).toBeNull(),
    );
    expect(within(section).queryByText(/^Saved:/)).toBeNull();
    expect(within(section).getByRole('checkbox')).not.toBeChecked();
  });

  it('says why the birthday is missing and loads it again on request', async () => {
    api.on('GET', URL, { status: 500, body: { error: 'Internal error', code: 'INTERNAL' } });
    const { user } = renderCard();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Your birthday could not be loaded.')).toBeVisible();
    api.on('GET', URL, { body: { birthday: null } });
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeVisible();
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });
});
