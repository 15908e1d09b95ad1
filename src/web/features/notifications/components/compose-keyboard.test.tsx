import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment, SEND } from '../../../../../tests/support/web/compose';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { ComposeCard } from './compose-card';

// Compose with the keyboard alone: the pressed button waits disabled while the send runs, and the
// focus must not fall to the page meanwhile.

describe('compose with the keyboard', () => {
  it('after "Send and post" pressed with Enter, the focus is in the emptied message, ready for the next', async () => {
    const api = composeApi('Notification has been sent!');
    const { user } = renderRoutes([
      {
        path: '/',
        element: (
          <ComposeCard establishment={composeEstablishment({ name: 'Corner Bakery', timeZone: 'UTC' })} />
        ),
      },
    ]);
    const card = screen.getByRole('region', { name: 'New notification' });
    const message = within(card).getByRole('textbox', { name: 'Message' });
    const sendAndPost = within(card).getByRole('button', { name: 'Send and post' });
    for (let press = 0; press < 10 && document.activeElement !== message; press++) await user.tab();
    expect(message).toHaveFocus();
    await user.keyboard('Fresh bread at seven');
    for (let press = 0; press < 60 && document.activeElement !== sendAndPost; press++) await user.tab();
    expect(sendAndPost).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Notification has been sent!')).toBeVisible();
    expect(api.sent('POST', SEND)[0]!.body).toMatchObject({ text: 'Fresh bread at seven', post: true });
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveValue('');
  });
});
