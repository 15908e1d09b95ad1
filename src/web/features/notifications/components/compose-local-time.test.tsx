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

/** Sends at each follower's local time: the switch under a chosen time, scheduled or weekly. */
const ZONE = 'Europe/Vienna';
const establishment = composeEstablishment({ name: 'Friday Bar', timeZone: ZONE, publicId: 'bar' });
const LOCAL = "Each follower's local time";

/** Two days ahead on the business's calendar. */
const first = () => instantToZoned(Date.now() + 2 * 24 * 3600_000, ZONE).date;
const weekdayName = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
const setValue = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** A notification scheduled two days ahead at `time`. */
async function scheduled(time: string) {
  const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  // A send now goes now: no local time to choose.
  expect(within(card).queryByRole('switch', { name: LOCAL })).toBeNull();
  await view.user.click(within(card).getByRole('radio', { name: 'Schedule' }));
  await enterText(view.user, within(card).getByRole('textbox', { name: 'Message' }), 'Happy hour');
  setValue(within(card).getByLabelText(/^Date/), first());
  setValue(within(card).getByLabelText(/^Time/), time);
  return { ...view, card, local: within(card).getByRole('switch', { name: LOCAL }) };
}

describe("compose card: each follower's local time", () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationScheduled);
  });

  it('says what the switch does with the chosen time, and sends localTime with the schedule', async () => {
    const { card, local, user } = await scheduled('17:00');
    expect(local).not.toBeChecked();
    expect(local).toHaveAccessibleDescription(
      "Each follower gets it at 17:00 on their own clock (the business's time zone when theirs is unknown). Where 17:00 has passed when it goes out, the next day.",
    );
    await user.click(local);
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));

    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      text: 'Happy hour',
      scheduledFor: zonedToInstant({ date: first(), time: '17:00' }, ZONE)!.toISOString(),
      localTime: true,
    });
    expect(await screen.findByText('Notification scheduled.')).toBeInTheDocument();
    // The next one goes now, and at the business's time unless asked again.
    expect(within(card).queryByRole('switch', { name: LOCAL })).toBeNull();
    await user.click(within(card).getByRole('radio', { name: 'Schedule' }));
    expect(within(card).getByRole('switch', { name: LOCAL })).not.toBeChecked();
  });

  it('leaves localTime out when the switch is off, and after switching back to Send now', async () => {
    const { card, local, user } = await scheduled('09:30');
    expect(local).toHaveAccessibleDescription(/at 09:30 on their own clock/);
    await user.click(within(card).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).not.toHaveProperty('localTime');

    server.on('POST', SEND, { status: 202, body: { notification: {}, message: Msg.notificationSent } });
    await user.click(within(card).getByRole('radio', { name: 'Schedule' }));
    await user.click(within(card).getByRole('switch', { name: LOCAL }));
    await user.click(within(card).getByRole('radio', { name: 'Send now' }));
    await enterText(user, within(card).getByRole('textbox', { name: 'Message' }), 'Now');
    await user.click(within(card).getByRole('button', { name: 'Send and post' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(2));
    expect(server.sent('POST', SEND)[1]!.body).not.toHaveProperty('localTime');
    expect(server.sent('POST', SEND)[1]!.body).not.toHaveProperty('scheduledFor');
  });

  it("puts the server's refusal beside the switch", async () => {
    server.on('POST', SEND, {
      status: 400,
      body: {
        code: 'VALIDATION',
        error: Msg.localTimeNeedsSchedule,
        fields: { localTime: Msg.localTimeNeedsSchedule },
      },
    });
    const { card, local, user } = await scheduled('17:00');
    await user.click(local);
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));

    await waitFor(() => expect(local).toHaveAttribute('aria-invalid', 'true'));
    expect(local).toHaveAccessibleDescription(
      expect.stringMatching(
        /^A send at each follower's local time must be scheduled: choose when\. Each follower/,
      ),
    );
    expect(within(card).queryByRole('alert', { name: /went wrong/ })).toBeNull();
    // Changed, the problem is gone.
    await user.click(local);
    expect(local).toHaveAttribute('aria-invalid', 'false');
  });

  it('says a weekly send goes at each follower’s local time, and sends it with the rule', async () => {
    server = composeApi(Msg.weeklySendScheduled);
    const { card, local, user } = await scheduled('17:00');
    const repeat = within(card).getByRole('switch', { name: 'Repeat every week' });
    expect(repeat).toHaveAccessibleDescription(`Every ${weekdayName(first())} at 17:00, Europe/Vienna time`);
    await user.click(local);
    expect(repeat).toHaveAccessibleDescription(
      `Every ${weekdayName(first())} at 17:00, each follower's local time`,
    );
    await user.click(repeat);
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));

    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      scheduledFor: zonedToInstant({ date: first(), time: '17:00' }, ZONE)!.toISOString(),
      repeat: { weekdays: [weekdayOfDate(first())], until: null },
      localTime: true,
    });
  });
});
