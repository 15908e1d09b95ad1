import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { weeklyPostAt } from '../../../../../tests/support/web/weekly-post';
import { Msg } from '../../../../shared/messages';
import { instantToZoned, zonedToInstant } from '../../../../shared/zoned-time';
import { dueText } from './schedule-helpers';
import { ScheduledList } from './scheduled-list';

/** Editing a weekly send from the scheduled list: its rule (days, time, end) with its next sends, or this send only. */
const ZONE = 'Europe/Vienna';
const DAY = 24 * 3600_000;
const LIST = '/api/establishments/e1/scheduled';

const dayAhead = (days: number) => instantToZoned(Date.now() + days * DAY, ZONE).date;
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const weekdayName = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
const at = (date: string, time: string) => zonedToInstant({ date, time }, ZONE)!.toISOString();
const due = (date: string, time: string) => dueText('en-GB', at(date, time), ZONE);
const setValue = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

// The waiting send: three days ahead at 17:00, every week on its weekday, no end.
const waitingDate = dayAhead(3);

/** The waiting send of the weekly send, at the business's time or (`localTime`) each follower's. */
const weeklyPost = (localTime = false) =>
  weeklyPostAt(at(waitingDate, '17:00'), ZONE, isoWeekday(waitingDate), { localTime });

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn();
  api.on('GET', '/api/account/me', {
    body: {
      user: makeUser({
        id: 'u3',
        role: 'client',
        establishments: [{ establishmentId: 'e1', kind: 'client' }],
      }),
    },
  });
  api.on('GET', LIST, { body: { items: [weeklyPost()] } });
});

async function openEdit(rule = `Every ${weekdayName(waitingDate)} at 17:00, no end date`) {
  const view = renderRoutes([
    { path: '/', element: <ScheduledList establishment={{ id: 'e1', name: 'Quiz Bar', timeZone: ZONE }} /> },
  ]);
  const item = await screen.findByRole('listitem', { name: due(waitingDate, '17:00') });
  expect(within(item).getByText(rule)).toBeVisible();
  await view.user.click(within(item).getByRole('button', { name: /^Edit the notification due/ }));
  const dialog = await screen.findByRole('dialog');
  const nextSends = () =>
    within(within(dialog).getByRole('list', { name: 'Next sends (Europe/Vienna time)' }))
      .getAllByRole('listitem')
      .map((entry) => entry.textContent);
  return { ...view, dialog, nextSends };
}

describe('editing a weekly send', () => {
  it('changes its rule, every week: days, time and end, with the next sends it makes', async () => {
    api.on('PUT', '/api/weekly-sends/r1', { body: { post: weeklyPost(), message: Msg.weeklySendUpdated } });
    const { dialog, user, nextSends } = await openEdit();
    expect(within(dialog).getByRole('radio', { name: /^Every week/ })).toBeChecked();
    const days = within(dialog).getByRole('group', { name: 'Days' });
    expect(within(days).getByRole('button', { name: weekdayName(waitingDate) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const time = within(dialog).getByLabelText(/^Time/);
    expect(time).toHaveValue('17:00');
    expect(within(dialog).getByRole('radio', { name: 'Never' })).toBeChecked();
    expect(nextSends()).toEqual([0, 7, 14, 21, 28].map((d) => due(plusDays(waitingDate, d), '17:00')));

    // The day after too, at 18:30: the waiting send's day is where the new rule takes over.
    const dayAfter = plusDays(waitingDate, 1);
    await user.click(within(days).getByRole('button', { name: weekdayName(dayAfter) }));
    setValue(time, '18:30');
    expect(nextSends()).toEqual([0, 1, 7, 8, 14].map((d) => due(plusDays(waitingDate, d), '18:30')));
    // An end, chosen: the list stops at it.
    await user.click(within(dialog).getByRole('radio', { name: 'After a last date' }));
    const until = plusDays(waitingDate, 7);
    setValue(within(dialog).getByLabelText(/^Last date/), until);
    expect(nextSends()).toEqual([0, 1, 7].map((d) => due(plusDays(waitingDate, d), '18:30')));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Weekly send updated: the next ones follow the new rule.')).toBeVisible();
    expect(api.sent('PUT', '/api/weekly-sends/r1')[0]!.body).toEqual({
      weekdays: [isoWeekday(waitingDate), isoWeekday(dayAfter)].sort(),
      time: '18:30',
      until,
      localTime: false,
    });
    expect(api.sent('PATCH', '/api/notifications/p1')).toHaveLength(0);
  });

  it("switches it to each follower's local time, said in the list, and back, with the server's refusal beside the switch", async () => {
    api.on('PUT', '/api/weekly-sends/r1', {
      body: { post: weeklyPost(true), message: Msg.weeklySendUpdated },
    });
    const { dialog, user } = await openEdit();
    const local = within(dialog).getByRole('switch', { name: "Each follower's local time" });
    expect(local).not.toBeChecked();
    expect(local).toHaveAccessibleDescription(/^Each follower gets it at 17:00 on their own clock/);
    // The time changed, the switch says the new one.
    setValue(within(dialog).getByLabelText(/^Time/), '18:00');
    expect(local).toHaveAccessibleDescription(/^Each follower gets it at 18:00 on their own clock/);
    setValue(within(dialog).getByLabelText(/^Time/), '17:00');
    await user.click(local);
    api.on('GET', LIST, { body: { items: [weeklyPost(true)] } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Weekly send updated: the next ones follow the new rule.')).toBeVisible();
    // Only the switch changed: the rule goes as it was, with it.
    expect(api.sent('PUT', '/api/weekly-sends/r1')[0]!.body).toEqual({
      weekdays: [isoWeekday(waitingDate)],
      time: '17:00',
      until: null,
      localTime: true,
    });

    // The list, read again, as the server has it now.
    const rule = `Every ${weekdayName(waitingDate)} at 17:00, each follower's local time, no end date`;
    expect(await screen.findByText(rule)).toBeVisible();
    const { dialog: again } = await openEditAgain(user);
    const switchAgain = within(again).getByRole('switch', { name: "Each follower's local time" });
    expect(switchAgain).toBeChecked();
    api.on('PUT', '/api/weekly-sends/r1', {
      status: 400,
      body: {
        code: 'VALIDATION',
        error: 'localTime must be true or false',
        fields: { localTime: 'localTime must be true or false' },
      },
    });
    await user.click(switchAgain);
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(switchAgain).toHaveAttribute('aria-invalid', 'true'));
    expect(switchAgain).toHaveAccessibleDescription(/^localTime must be true or false/);
    expect(api.sent('PUT', '/api/weekly-sends/r1')[1]!.body).toMatchObject({ localTime: false });
  });

  it('moves this send only when asked, leaving the rule', async () => {
    api.on('PATCH', '/api/notifications/p1', { body: { post: weeklyPost(), message: Msg.scheduleUpdated } });
    const { dialog, user } = await openEdit();
    await user.click(within(dialog).getByRole('radio', { name: /^This send only/ }));
    expect(within(dialog).queryByRole('group', { name: 'Days' })).toBeNull();
    setValue(within(dialog).getByLabelText(/^Time/), '19:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/notifications/p1')).toHaveLength(1));
    expect(api.sent('PATCH', '/api/notifications/p1')[0]!.body).toEqual({
      scheduledFor: at(waitingDate, '19:00'),
    });
    expect(api.sent('PUT', '/api/weekly-sends/r1')).toHaveLength(0);
  });

  it("puts this send only at each follower's local time, leaving the rule", async () => {
    api.on('PATCH', '/api/notifications/p1', { body: { post: weeklyPost(), message: Msg.scheduleUpdated } });
    const { dialog, user } = await openEdit();
    await user.click(within(dialog).getByRole('radio', { name: /^This send only/ }));
    const local = within(dialog).getByRole('switch', { name: "Each follower's local time" });
    expect(local).not.toBeChecked();
    await user.click(local);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/notifications/p1')).toHaveLength(1));
    expect(api.sent('PATCH', '/api/notifications/p1')[0]!.body).toEqual({ localTime: true });
    expect(api.sent('PUT', '/api/weekly-sends/r1')).toHaveLength(0);
  });

  it("sends only the text when the rule is left as it is, and says the server's refusal beside its field", async () => {
    api.on('PATCH', '/api/notifications/p1', { body: { post: weeklyPost(), message: Msg.scheduleUpdated } });
    const { dialog, user } = await openEdit();
    const text = within(dialog).getByRole('textbox', { name: /Message/ });
    await user.type(text, ', new host');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/notifications/p1')).toHaveLength(1));
    expect(api.sent('PATCH', '/api/notifications/p1')[0]!.body).toEqual({ text: 'Quiz night, new host' });
    expect(api.sent('PUT', '/api/weekly-sends/r1')).toHaveLength(0);

    const { dialog: again } = await openEditAgain(user);
    api.on('PUT', '/api/weekly-sends/r1', {
      status: 400,
      body: { code: 'VALIDATION', error: Msg.repeatTimeInvalid, fields: { time: Msg.repeatTimeInvalid } },
    });
    setValue(within(again).getByLabelText(/^Time/), '18:00');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(again).getByLabelText(/^Time/)).toHaveAccessibleDescription(Msg.repeatTimeInvalid),
    );
  });
});

describe("a single send at each follower's local time", () => {
  it("is said so in the list and in its edit dialog, whose switch turns it back to the business's time", async () => {
    const { recurrence: _none, ...single } = weeklyPost(true);
    api.on('GET', LIST, { body: { items: [{ ...single, recurrence: null }] } });
    const view = renderRoutes([
      {
        path: '/',
        element: <ScheduledList establishment={{ id: 'e1', name: 'Quiz Bar', timeZone: ZONE }} />,
      },
    ]);
    const item = await screen.findByRole('listitem', {
      name: `${due(waitingDate, '17:00')} · each follower's local time`,
    });
    await view.user.click(within(item).getByRole('button', { name: /^Edit the notification due/ }));
    const dialog = await screen.findByRole('dialog');
    const local = within(dialog).getByRole('switch', { name: "Each follower's local time" });
    expect(local).toBeChecked();
    expect(within(dialog).getByText(/Each follower gets it at 17:00 on their own clock/)).toBeVisible();
    setValue(within(dialog).getByLabelText(/^Time/), '18:15');
    expect(within(dialog).getByText(/Each follower gets it at 18:15 on their own clock/)).toBeVisible();
    api.on('PATCH', '/api/notifications/p1', { body: { post: single, message: Msg.scheduleUpdated } });
    await view.user.click(local);
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/notifications/p1')).toHaveLength(1));
    expect(api.sent('PATCH', '/api/notifications/p1')[0]!.body).toEqual({
      scheduledFor: at(waitingDate, '18:15'),
      localTime: false,
    });
  });
});

/** Open the edit dialog of the (only) listed send again. */
async function openEditAgain(user: Awaited<ReturnType<typeof openEdit>>['user']) {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await user.click(screen.getByRole('button', { name: /^Edit the notification due/ }));
  return { dialog: await screen.findByRole('dialog') };
}
