import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment, SEND } from '../../../../../tests/support/web/compose';
import { enterText } from '../../../../../tests/support/web/enter-text';
import type { FakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { languageLabel } from '../../../../shared/i18n/language-names';
import { Msg } from '../../../../shared/messages';
import { ComposeCard } from './compose-card';

/** The compose card's title, link and buttons (weekly sends: compose-weekly.test.tsx). */
const ZONE = 'Europe/Vienna';
const establishment = composeEstablishment({ name: 'Friday Bar', timeZone: ZONE, publicId: 'bar' });

function renderCompose() {
  const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  return { ...view, card, text: within(card).getByRole('textbox', { name: 'Message' }) };
}

describe('compose card: title, link and buttons', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationSent);
  });

  it('sends them, shows them in the preview, and counts them in the room left', async () => {
    const { card, text, user } = renderCompose();
    await enterText(user, text, 'Happy hour from 17:00');
    const room = () => text.getAttribute('aria-describedby');
    const before = document.getElementById(room() ?? '')?.textContent;
    const section = within(card).getByRole('button', { name: 'Title, link and buttons' });
    expect(section).toHaveAttribute('aria-expanded', 'false');
    await user.click(section);
    const title = within(card).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAccessibleDescription('Empty: Friday Bar');
    await enterText(user, title, 'Friday happy hour');
    await enterText(
      user,
      within(card).getByRole('textbox', { name: 'Link to open' }),
      'https://bar.example.com/happy',
    );
    await user.click(within(card).getByRole('button', { name: 'Add a button' }));
    await enterText(user, within(card).getByRole('textbox', { name: 'Button 1: label' }), 'Book a table');
    const url = within(card).getByRole('textbox', { name: 'Button 1: link' });
    expect(url).toHaveValue('https://');
    await enterText(user, url, 'book.example.com');
    await user.click(within(card).getByRole('button', { name: 'Add a button' }));
    // Two at most.
    expect(within(card).queryByRole('button', { name: 'Add a button' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Remove button 2' }));

    expect(
      within(card).getByRole('img', { name: /^Preview of the push notification: Friday happy hour\./ }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Book a table', { selector: 'span' })).toBeInTheDocument();
    expect(document.getElementById(room() ?? '')?.textContent).not.toBe(before);

    await user.click(within(card).getByRole('button', { name: 'Send and post' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toEqual({
      text: 'Happy hour from 17:00',
      mediaId: null,
      post: true,
      title: 'Friday happy hour',
      link: 'https://bar.example.com/happy',
      // As parsed (WHATWG URL): what is sent is what a phone opens.
      actions: [{ label: 'Book a table', url: 'https://book.example.com/' }],
    });
  });

  it('says beside each field what is wrong before sending, and the server’s problem too', async () => {
    const { card, text, user } = renderCompose();
    await enterText(user, text, 'Hello');
    await user.click(within(card).getByRole('button', { name: 'Title, link and buttons' }));
    await user.click(within(card).getByRole('textbox', { name: 'Title' }));
    await user.paste('x'.repeat(61));
    await enterText(
      user,
      within(card).getByRole('textbox', { name: 'Link to open' }),
      'http://bar.example.com',
    );
    await user.click(within(card).getByRole('button', { name: 'Add a button' }));
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    expect(within(card).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'Title must be at most 60 characters',
    );
    expect(within(card).getByRole('textbox', { name: 'Link to open' })).toHaveAccessibleDescription(
      'Link must be an https:// address',
    );
    expect(within(card).getByRole('textbox', { name: 'Button 1: label' })).toHaveAccessibleDescription(
      'button label is required',
    );
    expect(within(card).getByRole('textbox', { name: 'Button 1: link' })).toHaveAccessibleDescription(
      Msg.buttonLinkInvalid,
    );
    expect(server.sent('POST', SEND)).toEqual([]);

    // Fixed here, refused by the server: its message beside the field it names.
    await user.clear(within(card).getByRole('textbox', { name: 'Title' }));
    await user.clear(within(card).getByRole('textbox', { name: 'Link to open' }));
    await user.click(within(card).getByRole('button', { name: 'Remove button 1' }));
    server.on('POST', SEND, {
      status: 400,
      body: { code: 'VALIDATION', error: Msg.linkNotHttps, fields: { link: Msg.linkNotHttps } },
    });
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(card).getByRole('textbox', { name: 'Link to open' })).toHaveAccessibleDescription(
        'Link must be an https:// address',
      ),
    );
  });
});

describe('compose card: call and email buttons', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationSent);
  });

  it('a button calls a number or writes an email: typed without the scheme, checked, sent as tel: and mailto:', async () => {
    const { card, text, user } = renderCompose();
    await user.click(text);
    await user.paste('Tables tonight');
    await user.click(within(card).getByRole('button', { name: 'Title, link and buttons' }));
    await user.click(within(card).getByRole('button', { name: 'Add a button' }));
    await user.click(within(card).getByRole('textbox', { name: 'Button 1: label' }));
    await user.paste('Call us');
    await user.click(within(card).getByRole('combobox', { name: 'Button 1: what it does' }));
    await user.click(screen.getByRole('option', { name: 'Calls a phone number' }));
    const number = within(card).getByRole('textbox', { name: 'Button 1: phone number' });
    expect(number).toHaveValue('');
    expect(number).toHaveAttribute('inputmode', 'tel');
    await user.click(number);
    await user.paste('0900 123 456');
    await user.click(within(card).getByRole('button', { name: 'Add a button' }));
    await user.click(within(card).getByRole('textbox', { name: 'Button 2: label' }));
    await user.paste('Write us');
    await user.click(within(card).getByRole('combobox', { name: 'Button 2: what it does' }));
    await user.click(screen.getByRole('option', { name: 'Writes an email' }));
    await user.click(within(card).getByRole('textbox', { name: 'Button 2: email address' }));
    await user.paste('table@cafe');

    await user.click(within(card).getByRole('button', { name: 'Send' }));
    expect(number).toHaveAccessibleDescription(Msg.buttonPhoneInvalid);
    expect(
      within(card).getByRole('textbox', { name: 'Button 2: email address' }),
    ).toHaveAccessibleDescription(Msg.buttonEmailInvalid);
    expect(server.sent('POST', SEND)).toEqual([]);

    await user.clear(number);
    await user.click(number);
    await user.paste('+421 900 123 456');
    await user.click(within(card).getByRole('textbox', { name: 'Button 2: email address' }));
    await user.paste('.example');
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      actions: [
        { label: 'Call us', url: 'tel:+421900123456' },
        { label: 'Write us', url: 'mailto:table@cafe.example' },
      ],
    });
  });
});

describe('compose card: one post in several languages', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationSent);
  });

  it('sends the translations written, and shows the server’s problem beside the language', async () => {
    const { card, text, user } = renderCompose();
    await enterText(user, text, 'Happy hour from 17:00');
    await user.click(within(card).getByRole('button', { name: /^Translations/ }));
    const german = within(card).getByRole('textbox', { name: `Message (${languageLabel('de', 'en')})` });
    await enterText(user, german, 'Happy Hour ab 17 Uhr');
    server.on('POST', SEND, {
      status: 400,
      body: {
        code: 'PAYLOAD_TOO_LARGE',
        error: Msg.pushTooLarge,
        fields: { 'translations.de': Msg.pushTooLarge },
      },
    });
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(german).toHaveAccessibleDescription(Msg.pushTooLarge));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      text: 'Happy hour from 17:00',
      translations: { de: 'Happy Hour ab 17 Uhr' },
    });
  });
});
