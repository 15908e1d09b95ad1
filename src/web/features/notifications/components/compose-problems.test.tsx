import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment, SEND } from '../../../../../tests/support/web/compose';
import type { FakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import { ComposeCard } from './compose-card';

/** A send refused for a field far above the Send button: where the person learns it, and goes. */
const establishment = composeEstablishment({ name: 'Phone Cafe', timeZone: 'Europe/Bratislava' });

function renderCompose() {
  const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  return { ...view, card, text: within(card).getByRole('textbox', { name: 'Message' }) };
}

/** Type a value at once (pasted): each keystroke would render the whole card again. */
async function fill(user: ReturnType<typeof renderCompose>['user'], field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

/** The summary beside Send, and whether it stands between the form's fields and the Send button. */
function summary(card: HTMLElement) {
  const alert = within(card).getByRole('alert');
  const send = within(card).getByRole('button', { name: 'Send' });
  expect(alert.compareDocumentPosition(send) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(alert).toHaveTextContent('Nothing was sent yet');
  return alert;
}

describe('compose card: a send refused for a field', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationSent);
  });

  it('takes the focus to the wrong button field, names every problem beside Send, and forgets those put right', async () => {
    const { card, text, user } = renderCompose();
    await user.click(within(card).getByRole('button', { name: 'Title, link and buttons' }));
    await user.click(within(card).getByRole('button', { name: 'Add a button' }));
    await fill(user, within(card).getByRole('textbox', { name: 'Button 1: label' }), 'Call us');
    const link = within(card).getByRole('textbox', { name: 'Button 1: link' });
    await user.clear(link);
    await fill(user, link, 'tel:0900 123 456');
    const number = within(card).getByRole('textbox', { name: 'Button 1: phone number' });

    // The message is missing too: both are named, the first in the form gets the keyboard.
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    const alert = summary(card);
    expect(
      within(alert)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Message', 'Button 1: phone number']);
    await waitFor(() => expect(text).toHaveFocus());
    expect(number).toHaveAccessibleDescription(Msg.buttonPhoneInvalid);
    await user.click(within(alert).getByRole('button', { name: 'Button 1: phone number' }));
    expect(number).toHaveFocus();

    await fill(user, text, 'Call us for a table');
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(number).toHaveFocus());
    expect(
      within(summary(card))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Button 1: phone number']);
    expect(server.sent('POST', SEND)).toEqual([]);

    // Put right, the summary goes; the server then refuses it: beside the field, the focus there, named again.
    await user.clear(number);
    await fill(user, number, '+421 900 123 456');
    expect(within(card).queryByRole('alert')).toBeNull();
    server.on('POST', SEND, {
      status: 400,
      body: {
        code: 'VALIDATION',
        error: Msg.buttonPhoneInvalid,
        fields: { 'actions.0.url': Msg.buttonPhoneInvalid },
      },
    });
    await user.click(within(card).getByRole('button', { name: 'Send and post' }));
    await waitFor(() => expect(number).toHaveFocus());
    expect(number).toHaveAccessibleDescription(Msg.buttonPhoneInvalid);
    expect(within(summary(card)).getByRole('button', { name: 'Button 1: phone number' })).toBeVisible();
    expect(server.sent('POST', SEND)).toHaveLength(1);
  });
});
