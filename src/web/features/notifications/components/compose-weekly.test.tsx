import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment, SEND } from '../../../../../tests/support/web/compose';
import { enterText } from '../../../../../tests/support/web/enter-text';
import type { FakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import { weekdayOfDate } from '../../../../shared/recurrence';
import { instantToZoned, zonedToInstant } from '../../../../shared/zoned-time';
import { ComposeCard } from './compose-card';
import { dueText } from './schedule-helpers';

/** Weekly sends in the compose card: the days, the end (none unless chosen), the next sends listed. */
const ZONE = 'Europe/Vienna';
const DAY = 24 * 3600_000;
const establishment = composeEstablishment({ name: 'Friday Bar', timeZone: ZONE, publicId: 'bar' });

const dayAhead = (days: number) => instantToZoned(Date.now() + days * DAY, ZONE).date;
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const setValue = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const weekdayName = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
/** A send's time as the list says it, on the business's clock. */
const due = (date: string, time = '17:00') =>
  dueText('en-GB', zonedToInstant({ date, time }, ZONE)!.toISOString(), ZONE);

/** A scheduled send at `first` 17:00, "Repeat every week" on. */
async function weeklyFrom(first: string) {
  const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  // Only a scheduled send repeats.
  expect(within(card).queryByRole('switch', { name: 'Repeat every week' })).toBeNull();
  await view.user.click(within(card).getByRole('radio', { name: 'Schedule' }));
  await enterText(view.user, within(card).getByRole('textbox', { name: 'Message' }), 'Happy hour from 17:00');
  setValue(within(card).getByLabelText(/^Date/), first);
  setValue(within(card).getByLabelText(/^Time/), '17:00');
  const repeat = within(card).getByRole('switch', { name: 'Repeat every week' });
  expect(repeat).toHaveAccessibleDescription(`Every ${weekdayName(first)} at 17:00, Europe/Vienna time`);
  await view.user.click(repeat);
  const nextSends = () =>
    within(within(card).getByRole('list', { name: 'Next sends (Europe/Vienna time)' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  return { ...view, card, nextSends };
}

describe('compose card: weekly sends', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.weeklySendScheduled);
  });

  it('repeats on the first send’s weekday with no end unless one is chosen, listing the next five sends', async () => {
    const first = dayAhead(2);
    const { card, user, nextSends } = await weeklyFrom(first);
    // No last date is set for the user: it never ends until they say otherwise.
    expect(within(card).getByRole('radio', { name: 'Never' })).toBeChecked();
    expect(within(card).queryByLabelText('Last date')).toBeNull();
    const days = within(card).getByRole('group', { name: 'Days' });
    expect(within(days).getByRole('button', { name: weekdayName(first) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(nextSends()).toEqual([0, 7, 14, 21, 28].map((days) => due(plusDays(first, days))));

    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      scheduledFor: zonedToInstant({ date: first, time: '17:00' }, ZONE)!.toISOString(),
      repeat: { weekdays: [weekdayOfDate(first)], until: null },
    });
    expect(await screen.findByText('Weekly send scheduled.')).toBeInTheDocument();
  });

  it('goes on the days chosen, and its next sends follow them', async () => {
    const first = dayAhead(2);
    const { card, user, nextSends } = await weeklyFrom(first);
    const dayAfter = plusDays(first, 1);
    await user.click(within(card).getByRole('button', { name: weekdayName(dayAfter) }));
    expect(within(card).getByRole('switch', { name: 'Repeat every week' })).toHaveAccessibleDescription(
      `Every ${weekdayName(first)} and ${weekdayName(dayAfter)} at 17:00, Europe/Vienna time`,
    );
    expect(nextSends()).toEqual([0, 1, 7, 8, 14].map((days) => due(plusDays(first, days))));

    // None chosen is refused beside the days, before asking.
    await user.click(within(card).getByRole('button', { name: weekdayName(first) }));
    await user.click(within(card).getByRole('button', { name: weekdayName(dayAfter) }));
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));
    expect(await within(card).findByText('Choose at least one weekday.')).toBeVisible();
    expect(server.sent('POST', SEND)).toEqual([]);

    await user.click(within(card).getByRole('button', { name: weekdayName(dayAfter) }));
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      repeat: { weekdays: [weekdayOfDate(dayAfter)], until: null },
    });
  });

  it('ends after a last date only once one is chosen; one before the first send is refused', async () => {
    const first = dayAhead(2);
    const { card, user, nextSends } = await weeklyFrom(first);
    await user.click(within(card).getByRole('radio', { name: 'After a last date' }));
    const last = within(card).getByLabelText(/^Last date/);
    expect(last).toHaveValue('');
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));
    await waitFor(() =>
      expect(last).toHaveAccessibleDescription('Choose the last date, or that it never ends.'),
    );

    setValue(last, dayAhead(1));
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));
    await waitFor(() => expect(last).toHaveAccessibleDescription(Msg.repeatNeverFires));
    expect(server.sent('POST', SEND)).toEqual([]);

    const until = plusDays(first, 14);
    setValue(last, until);
    expect(nextSends()).toEqual([0, 7, 14].map((days) => due(plusDays(first, days))));
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      repeat: { weekdays: [weekdayOfDate(first)], until },
    });
  });

  it('says the server’s refusal of the rule beside its field', async () => {
    const { card, user } = await weeklyFrom(dayAhead(2));
    server.on('POST', SEND, {
      status: 400,
      body: {
        code: 'VALIDATION',
        error: Msg.repeatWeekdaysInvalid,
        fields: { 'repeat.weekdays.0': Msg.repeatWeekdaysInvalid },
      },
    });
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));
    expect(await within(card).findByText(Msg.repeatWeekdaysInvalid)).toBeVisible();
  });
});
