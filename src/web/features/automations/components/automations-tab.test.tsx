import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enterText } from '../../../../../tests/support/web/enter-text';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { ErrorCode } from '../../../../shared/errors';
import { Msg } from '../../../../shared/messages';
import type { Automation, AutomationKind } from '../../../../shared/schemas/automation.schema';
import { changeLanguage } from '../../../app/i18n';
import { AutomationsTab } from './automations-tab';

const LIST = '/api/establishments/e1/automations';
const MONDAYS = [
  '2026-01-05',
  '2026-01-12',
  '2026-01-19',
  '2026-01-26',
  '2026-02-02',
  '2026-02-09',
  '2026-02-16',
  '2026-02-23',
];
const quiet = MONDAYS.map((week) => ({ week, sent: 0, opened: 0 }));

function automation(kind: AutomationKind, fields: Partial<Automation> = {}): Automation {
  return {
    kind,
    enabled: false,
    channels: 'choice',
    days: null,
    text: '',
    translations: {},
    reachToday: 0,
    weeks: quiet,
    updatedAt: null,
    ...fields,
  };
}

const list = (winBack: Partial<Automation> = {}) => ({
  automations: [
    automation('followUp', {
      enabled: true,
      days: 3,
      text: 'Thanks for following!',
      reachToday: 1,
      weeks: quiet.map((week, index) => (index === 7 ? { ...week, sent: 12, opened: 5 } : week)),
      updatedAt: '2026-02-20T10:00:00.000Z',
    }),
    automation('winBack', { reachToday: 42, ...winBack }),
    automation('anniversary', { reachToday: 0 }),
    automation('birthday', { reachToday: 3 }),
  ],
  runHour: 10,
  timeZone: 'Europe/Vienna',
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', LIST, { body: list() });
});
afterEach(() => changeLanguage('en'));

const renderTab = (locked = false) =>
  renderRoutes([{ path: '/', element: <AutomationsTab establishmentId="e1" locked={locked} /> }]);
const card = (name: string) => screen.findByRole('form', { name });

describe('the automations tab', () => {
  it('shows the four automations with who gets them, their reach and their last weeks', async () => {
    renderTab();
    const followUp = await card('Welcome series: second message');
    const winBack = await card('Win-back');
    const anniversary = await card('Follow anniversary');
    const birthday = await card('Birthday');

    expect(
      within(followUp).getByText(
        '3 days after someone follows you: the second message of your welcome series.',
      ),
    ).toBeVisible();
    expect(within(followUp).getByText('Goes out once a day at 10:00 (Europe/Vienna).')).toBeVisible();
    expect(within(followUp).getByText('Would reach today: 1 follower')).toBeVisible();
    expect(within(followUp).getByRole('switch', { name: 'Send automatically' })).toBeChecked();
    expect(within(followUp).getByRole('textbox', { name: /^Message/ })).toHaveValue('Thanks for following!');
    expect(within(followUp).getByRole('spinbutton', { name: /^Days/ })).toHaveValue(3);
    const figures = within(followUp).getByRole('table', {
      name: 'Welcome series: second message: sent and opened per week',
    });
    const newest = within(figures).getByRole('row', { name: /23 Feb/ });
    expect(within(newest).getByRole('cell', { name: '12' })).toBeVisible();
    expect(within(newest).getByRole('cell', { name: /^5 \(42\s?%\)$/ })).toBeVisible();

    expect(
      within(winBack).getByText(
        'To followers who clicked nothing and did not open your page for 30 days; at most once per follower in 90 days.',
      ),
    ).toBeVisible();
    expect(within(winBack).getByText('Would reach today: 42 followers')).toBeVisible();
    expect(within(winBack).getByRole('switch', { name: 'Send automatically' })).not.toBeChecked();
    expect(within(winBack).getByRole('spinbutton', { name: /^Days/ })).toHaveValue(30);
    expect(within(winBack).getByText(/^Nothing sent yet/)).toBeVisible();
    expect(within(winBack).queryByRole('table')).toBeNull();

    expect(within(anniversary).getByText('On the day they followed you, each year.')).toBeVisible();
    expect(within(anniversary).queryByRole('spinbutton')).toBeNull();

    expect(
      within(birthday).getByText(
        '7 days before the birthday of a follower who gave one in their account and agreed to birthday messages.',
      ),
    ).toBeVisible();
    expect(within(birthday).getByText('Would reach today: 3 followers')).toBeVisible();
    const birthdayDays = within(birthday).getByRole('spinbutton', { name: /^Days/ });
    expect(birthdayDays).toHaveValue(7);
    expect(birthdayDays).toHaveAccessibleDescription('From 0 to 30; 7 unless you change it.');
    expect(within(birthday).getByRole('textbox', { name: /^Message/ })).toHaveAttribute(
      'placeholder',
      'E.g. Happy birthday from all of us! Show this message this week for a free slice of cake.',
    );
  });

  it('says "on the birthday" for 0 days and refuses more than 30 beside the days field', async () => {
    const { user } = renderTab();
    const birthday = await card('Birthday');
    const days = within(birthday).getByRole('spinbutton', { name: /^Days/ });
    await user.clear(days);
    await user.type(days, '0');
    expect(
      within(birthday).getByText(
        'On the birthday of a follower who gave one in their account and agreed to birthday messages.',
      ),
    ).toBeVisible();
    await enterText(user, within(birthday).getByRole('textbox', { name: /^Message/ }), 'Happy birthday!');
    await user.clear(days);
    await user.type(days, '31');
    await user.click(within(birthday).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(days).toHaveAccessibleDescription('Give a number of days from 0 to 30.'));
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT', `${LIST}/birthday`)).toHaveLength(0);
  });

  it('turns the win-back on with its text and days, and says what the server answered', async () => {
    const saved = automation('winBack', { enabled: true, days: 45, text: 'We miss you!', reachToday: 40 });
    api.on('PUT', `${LIST}/winBack`, { body: { automation: saved, message: Msg.automationSaved } });
    const { user } = renderTab();
    const winBack = await card('Win-back');

    await user.click(within(winBack).getByRole('switch', { name: 'Send automatically' }));
    await enterText(user, within(winBack).getByRole('textbox', { name: /^Message/ }), 'We miss you!');
    const days = within(winBack).getByRole('spinbutton', { name: /^Days/ });
    await user.clear(days);
    await user.type(days, '45');
    // Phones only: no email for this one.
    await user.click(within(winBack).getByRole('radio', { name: 'Phones only' }));
    expect(
      within(winBack).getByText(
        'To followers who clicked nothing and did not open your page for 45 days; at most once per follower in 90 days.',
      ),
    ).toBeVisible();
    api.on('GET', LIST, { body: list({ enabled: true, days: 45, text: 'We miss you!', reachToday: 40 }) });
    await user.click(within(winBack).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Automation saved.')).toBeVisible();
    expect(api.sent('PUT', `${LIST}/winBack`).map((request) => request.body)).toEqual([
      { enabled: true, channels: 'push', days: 45, text: 'We miss you!', translations: {} },
    ]);
    expect(await within(winBack).findByText('Would reach today: 40 followers')).toBeVisible();
    expect(within(winBack).getByRole('switch', { name: 'Send automatically' })).toBeChecked();
  });

  it("puts the server's refusal of the days beside the days field, in the reader's language", async () => {
    await changeLanguage('de');
    api.on('PUT', `${LIST}/winBack`, {
      status: 400,
      body: {
        error: Msg.automationWinBackDays,
        code: ErrorCode.VALIDATION,
        fields: { days: Msg.automationWinBackDays },
      },
    });
    const { user } = renderTab();
    const winBack = await card('Rückgewinnung');
    await enterText(user, within(winBack).getByRole('textbox', { name: /^Nachricht/ }), 'Wir vermissen Sie!');
    await user.click(within(winBack).getByRole('button', { name: 'Speichern' }));

    const days = within(winBack).getByRole('spinbutton', { name: /^Tage/ });
    await waitFor(() =>
      expect(days).toHaveAccessibleDescription('Geben Sie eine Anzahl Tage von 14 bis 365 an.'),
    );
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT', `${LIST}/winBack`)).toHaveLength(1);
  });

  it('refuses an empty message beside the text field, sending nothing', async () => {
    const { user } = renderTab();
    const anniversary = await card('Follow anniversary');
    await user.click(within(anniversary).getByRole('switch', { name: 'Send automatically' }));
    await user.click(within(anniversary).getByRole('button', { name: 'Save' }));

    const text = within(anniversary).getByRole('textbox', { name: /^Message/ });
    await waitFor(() => expect(text).toHaveAccessibleDescription('message is required'));
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT', `${LIST}/anniversary`)).toHaveLength(0);
  });

  it('says why the list is missing and loads it again on request', async () => {
    api.on('GET', LIST, { status: 500, body: { error: 'Internal error', code: 'INTERNAL' } });
    const { user } = renderTab();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    api.on('GET', LIST, { body: list() });
    await user.click(retry);
    expect(await card('Win-back')).toBeVisible();
  });

  it('is read-only while the establishment is blocked', async () => {
    renderTab(true);
    const winBack = await card('Win-back');
    expect(screen.getByText(/automations send nothing and cannot be changed/)).toBeVisible();
    expect(within(winBack).getByRole('textbox', { name: /^Message/ })).toBeDisabled();
    expect(within(winBack).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
