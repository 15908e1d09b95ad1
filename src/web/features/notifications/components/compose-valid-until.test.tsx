import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment, SEND } from '../../../../../tests/support/web/compose';
import { enterText } from '../../../../../tests/support/web/enter-text';
import type { FakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import { instantToZoned, zonedToInstant } from '../../../../shared/zoned-time';
import { ComposeCard } from './compose-card';

/** An offer's end in the compose card: a date and time on the establishment's clock. */
const ZONE = 'America/New_York';
const establishment = composeEstablishment({ name: 'Corner Bakery', timeZone: ZONE, publicId: 'bakery' });

/** A day on the establishment's calendar, `days` from today. */
const day = (days: number) => instantToZoned(Date.now() + days * 24 * 3600_000, ZONE).date;

function renderCompose() {
  const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  return { ...view, card, text: within(card).getByRole('textbox', { name: 'Message' }) };
}

/** Native date and time inputs take their value as typed in one go. */
const setValue = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('compose card: offer ends', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationOnlySent);
  });

  it("is off by default, says what it does, and sends the end on the establishment's clock", async () => {
    const { card, text, user } = renderCompose();
    const ends = within(card).getByRole('switch', { name: 'Offer ends' });
    expect(ends).not.toBeChecked();
    expect(ends).toHaveAccessibleDescription(
      'The notification stops being delivered at that time and the post shows as ended.',
    );
    expect(within(card).queryByLabelText(/End date/)).toBeNull();

    await user.click(ends);
    const date = within(card).getByLabelText(/End date/);
    const time = within(card).getByLabelText(/End time/);
    expect(date).toHaveAccessibleDescription(/America\/New York time/);
    await enterText(user, text, 'Two for one until ten');
    setValue(date, day(1));
    setValue(time, '22:00');
    await user.click(within(card).getByRole('button', { name: 'Send and post' }));

    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      text: 'Two for one until ten',
      post: true,
      validUntil: zonedToInstant({ date: day(1), time: '22:00' }, ZONE)!.toISOString(),
    });
    expect(await screen.findByText('Notification has been sent!')).toBeInTheDocument();
    // Off again for the next one.
    expect(within(card).getByRole('switch', { name: 'Offer ends' })).not.toBeChecked();
  });

  it('sends no end unless asked', async () => {
    const { card, text, user } = renderCompose();
    await enterText(user, text, 'No end');
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).not.toHaveProperty('validUntil');
  });

  it('refuses an end before the send, and shows the server message beside the field', async () => {
    const { card, text, user } = renderCompose();
    await enterText(user, text, 'Ends too soon');
    await user.click(within(card).getByRole('switch', { name: 'Offer ends' }));
    const date = within(card).getByLabelText(/End date/);
    setValue(date, day(-1));
    setValue(within(card).getByLabelText(/End time/), '12:00');
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    expect(date).toHaveAccessibleDescription('The offer must end after the notification is sent.');
    expect(server.sent('POST', SEND)).toEqual([]);

    server.on('POST', SEND, {
      status: 400,
      body: { code: 'VALIDATION', error: Msg.endAfterStart, fields: { validUntil: Msg.endAfterStart } },
    });
    setValue(date, day(2));
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription('The offer must end after the notification is sent.'),
    );
    expect(date).toHaveAttribute('aria-invalid', 'true');

    server.on('POST', SEND, {
      status: 400,
      body: { code: 'VALIDATION', error: Msg.scheduleInvalid, fields: { validUntil: Msg.scheduleInvalid } },
    });
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription('Choose a valid date and time.'));
    expect(within(card).queryByRole('alert', { name: /went wrong/ })).toBeNull();
  });
});
