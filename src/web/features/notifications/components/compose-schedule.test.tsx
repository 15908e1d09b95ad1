import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment, SEND } from '../../../../../tests/support/web/compose';
import { enterText } from '../../../../../tests/support/web/enter-text';
import type { FakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import { instantToZoned, zonedToInstant } from '../../../../shared/zoned-time';
import { ComposeCard } from './compose-card';

/** Scheduling in the compose card: a date and time on the establishment's clock. */
const ZONE = 'America/New_York';
const establishment = composeEstablishment({ name: 'Corner Bakery', timeZone: ZONE, publicId: 'bakery' });

/** Tomorrow on the establishment's calendar. */
const tomorrow = () => instantToZoned(Date.now() + 24 * 3600_000, ZONE).date;

function renderCompose() {
  const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  return { ...view, card, text: within(card).getByRole('textbox', { name: 'Message' }) };
}

/** Native date and time inputs take their value as typed in one go. */
const setValue = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('compose card: scheduling', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationScheduled);
  });

  it("sends at the chosen date and time on the establishment's clock, said as such", async () => {
    const { card, text, user } = renderCompose();
    expect(within(card).queryByLabelText(/Date/)).toBeNull();
    await user.click(within(card).getByRole('radio', { name: 'Schedule' }));
    const date = within(card).getByLabelText(/Date/);
    const time = within(card).getByLabelText(/Time/);
    expect(date).toHaveAccessibleDescription(/America\/New York time, up to 90 days ahead/);
    expect(within(card).queryByRole('button', { name: 'Send and post' })).toBeNull();

    await enterText(user, text, 'Happy hour starts at 17:00');
    setValue(date, tomorrow());
    setValue(time, '17:00');
    await user.click(within(card).getByRole('button', { name: 'Schedule and post' }));

    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    const expected = zonedToInstant({ date: tomorrow(), time: '17:00' }, ZONE)!.toISOString();
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      text: 'Happy hour starts at 17:00',
      post: true,
      scheduledFor: expected,
    });
    expect(await screen.findByText('Notification scheduled.')).toBeInTheDocument();
    // Back to "Send now" for the next one.
    expect(within(card).getByRole('radio', { name: 'Send now' })).toBeChecked();
  });

  it('asks for a date and time before sending, and shows the server message beside them', async () => {
    const { card, text, user } = renderCompose();
    await user.click(within(card).getByRole('radio', { name: 'Schedule' }));
    await enterText(user, text, 'Later');
    const date = within(card).getByLabelText(/Date/);
    setValue(date, '');
    await user.click(within(card).getByRole('button', { name: 'Schedule' }));
    expect(date).toHaveAccessibleDescription('Choose a date and a time.');
    expect(server.sent('POST', SEND)).toEqual([]);

    server.on('POST', SEND, {
      status: 400,
      body: { code: 'VALIDATION', error: Msg.scheduleTooSoon, fields: { scheduledFor: Msg.scheduleTooSoon } },
    });
    setValue(date, tomorrow());
    setValue(within(card).getByLabelText(/Time/), '09:30');
    await user.click(within(card).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription('Choose a time at least 1 minute from now.'),
    );
    expect(within(card).queryByRole('alert', { name: /went wrong/ })).toBeNull();
  });
});
