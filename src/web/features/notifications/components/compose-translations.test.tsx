import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment, SEND } from '../../../../../tests/support/web/compose';
import { enterText } from '../../../../../tests/support/web/enter-text';
import type { FakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { languageLabel } from '../../../../shared/i18n/language-names';
import { LANGUAGES } from '../../../../shared/i18n/languages';
import { Msg } from '../../../../shared/messages';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { changeLanguage } from '../../../app/i18n';
import { ComposeCard } from './compose-card';
import { PostCard } from './post-card';

/** One post in several languages: its text, title and buttons translated in compose, and shown in the reader's. */
const establishment = composeEstablishment({
  name: 'Piano Bar',
  timeZone: 'Europe/Vienna',
  publicId: 'piano',
});
const german = languageLabel('de', 'en');

function renderCompose() {
  const view = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
  const card = screen.getByRole('region', { name: 'New notification' });
  return { ...view, card, text: within(card).getByRole('textbox', { name: 'Message' }) };
}

/** Open "Title, link and buttons", give a title and `labels.length` buttons. */
async function richPart(
  card: HTMLElement,
  user: ReturnType<typeof renderCompose>['user'],
  title: string,
  labels: string[],
) {
  await user.click(within(card).getByRole('button', { name: 'Title, link and buttons' }));
  await enterText(user, within(card).getByRole('textbox', { name: 'Title' }), title);
  for (const [i, label] of labels.entries()) {
    await user.click(within(card).getByRole('button', { name: 'Add a button' }));
    await enterText(user, within(card).getByRole('textbox', { name: `Button ${i + 1}: label` }), label);
    await enterText(
      user,
      within(card).getByRole('textbox', { name: `Button ${i + 1}: link` }),
      `piano.example.com/${i}`,
    );
  }
}

afterEach(() => changeLanguage('en'));

describe('compose card: translations of the text, title and buttons', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationSent);
  });

  it('offers every language but the app’s, each with its text, title and button labels, and sends them', async () => {
    const { card, text, user } = renderCompose();
    await enterText(user, text, 'Happy hour from 17:00');
    await richPart(card, user, 'Friday', ['Book a table']);
    const section = within(card).getByRole('button', { name: /^Translations/ });
    expect(section).toHaveTextContent('0 of 7 languages filled');
    await user.click(section);
    // The app is in English: the post is taken to be, and the seven others are offered.
    for (const code of LANGUAGES.filter((other) => other !== 'en'))
      expect(within(card).getByRole('group', { name: languageLabel(code, 'en') })).toBeVisible();
    expect(within(card).queryByRole('group', { name: languageLabel('en', 'en') })).toBeNull();
    expect(within(card).getByText(/Language of the text above: English/)).toBeVisible();

    const inGerman = within(card).getByRole('group', { name: german });
    const title = within(inGerman).getByRole('textbox', { name: `Title (${german})` });
    expect(title).toHaveAttribute('placeholder', 'Friday');
    expect(title).toHaveAttribute('lang', 'de-DE');
    await enterText(
      user,
      within(inGerman).getByRole('textbox', { name: `Message (${german})` }),
      'Happy Hour ab 17 Uhr',
    );
    await enterText(user, title, 'Freitag');
    await enterText(
      user,
      within(inGerman).getByRole('textbox', { name: `Button 1: label (${german})` }),
      'Tisch buchen',
    );
    const hungarian = languageLabel('hu', 'en');
    await enterText(
      user,
      within(card).getByRole('textbox', { name: `Button 1: label (${hungarian})` }),
      'Asztalfoglalás',
    );
    expect(section).toHaveTextContent('2 of 7 languages filled');

    await user.click(within(card).getByRole('button', { name: 'Send and post' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      text: 'Happy hour from 17:00',
      title: 'Friday',
      translations: { de: 'Happy Hour ab 17 Uhr' },
      richTranslations: {
        de: { title: 'Freitag', actions: ['Tisch buchen'] },
        hu: { actions: ['Asztalfoglalás'] },
      },
    });
  });

  it('offers English when the app is in another language', async () => {
    await changeLanguage('sk');
    const { user } = renderRoutes([{ path: '/', element: <ComposeCard establishment={establishment} /> }]);
    const section = screen.getByRole('button', { name: /^Preklady/ });
    expect(section).toHaveTextContent('Vyplnené jazyky: 0 z 7');
    await user.click(section);
    expect(screen.getByRole('group', { name: languageLabel('en', 'sk') })).toBeVisible();
    expect(screen.queryByRole('group', { name: languageLabel('sk', 'sk') })).toBeNull();
    expect(screen.getByText(new RegExp(`Jazyk textu vyššie: ${languageLabel('sk', 'sk')}`))).toBeVisible();
  });

  it('sends a removed button’s labels with it gone, and no title translated once the title is empty', async () => {
    const { card, text, user } = renderCompose();
    await enterText(user, text, 'Quiz tonight');
    await richPart(card, user, 'Quiz', ['Book', 'Menu']);
    await user.click(within(card).getByRole('button', { name: /^Translations/ }));
    const inGerman = within(card).getByRole('group', { name: german });
    await enterText(user, within(inGerman).getByRole('textbox', { name: `Title (${german})` }), 'Quiz');
    await enterText(
      user,
      within(inGerman).getByRole('textbox', { name: `Button 1: label (${german})` }),
      'Buchen',
    );
    await enterText(
      user,
      within(inGerman).getByRole('textbox', { name: `Button 2: label (${german})` }),
      'Speisekarte',
    );

    await user.click(within(card).getByRole('button', { name: 'Remove button 1' }));
    // The second button moved up, its German label with it.
    expect(within(inGerman).getByRole('textbox', { name: `Button 1: label (${german})` })).toHaveValue(
      'Speisekarte',
    );
    expect(within(inGerman).queryByRole('textbox', { name: `Button 2: label (${german})` })).toBeNull();
    await user.clear(within(card).getByRole('textbox', { name: 'Title' }));
    expect(within(inGerman).queryByRole('textbox', { name: `Title (${german})` })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Send and post' }));
    await waitFor(() => expect(server.sent('POST', SEND)).toHaveLength(1));
    expect(server.sent('POST', SEND)[0]!.body).toMatchObject({
      richTranslations: { de: { actions: ['Speisekarte'] } },
    });
    expect(server.sent('POST', SEND)[0]!.body).not.toHaveProperty('richTranslations.de.title');
  });

  it('says a translation too long, or the server’s refusal, beside its field', async () => {
    const { card, text, user } = renderCompose();
    await enterText(user, text, 'Quiz tonight');
    await richPart(card, user, 'Quiz', ['Book']);
    await user.click(within(card).getByRole('button', { name: /^Translations/ }));
    const label = within(card).getByRole('textbox', { name: `Button 1: label (${german})` });
    await enterText(user, label, 'Reservieren Sie einen Tisch jetzt');
    await user.click(within(card).getByRole('button', { name: 'Send and post' }));
    await waitFor(() =>
      expect(label).toHaveAccessibleDescription('Button label must be at most 25 characters'),
    );
    expect(label).toHaveAttribute('aria-invalid', 'true');
    expect(server.sent('POST', SEND)).toHaveLength(0);

    await user.clear(label);
    await enterText(user, label, 'Buchen');
    server.on('POST', SEND, {
      status: 400,
      body: {
        code: 'VALIDATION',
        error: Msg.noButtonToTranslate,
        fields: { 'richTranslations.de.actions.0': Msg.noButtonToTranslate },
      },
    });
    await user.click(within(card).getByRole('button', { name: 'Send and post' }));
    await waitFor(() => expect(label).toHaveAccessibleDescription(Msg.noButtonToTranslate));
  });
});

describe('a post in several languages, as its reader sees it', () => {
  const post: Post = {
    id: 'p1',
    establishment: { id: 'e1', publicId: 'piano', name: 'Piano Bar', logo: null },
    text: 'Happy hour od 17:00',
    media: null,
    inFeed: true,
    ownerId: 'u9',
    authorName: null,
    createdAt: new Date().toISOString(),
    editedAt: null,
    delivery: null,
    targets: null,
    scheduledFor: null,
    localTime: false,
    validUntil: null,
    title: 'Piatok',
    link: null,
    actions: [
      { label: 'Rezervovať stôl', url: 'https://piano.example.com/book' },
      { label: 'Menu', url: 'https://piano.example.com/menu' },
    ],
    translations: { de: 'Happy Hour ab 17 Uhr' },
    richTranslations: { de: { title: 'Freitag', actions: ['', 'Speisekarte'] } },
    recurrence: null,
    reactions: { counts: [], mine: null },
    comments: { count: 0, enabled: true },
  };
  const render = () => renderRoutes([{ path: '/', element: <PostCard post={post} /> }]);

  it('shows the text, title and buttons in the reader’s language, each piece not translated as written', async () => {
    await changeLanguage('de');
    render();
    expect(screen.getByText('Freitag')).toBeVisible();
    expect(screen.getByText('Happy Hour ab 17 Uhr')).toBeVisible();
    expect(screen.getByRole('link', { name: /Rezervovať stôl/ })).toHaveAttribute(
      'href',
      'https://piano.example.com/book',
    );
    expect(screen.getByRole('link', { name: /Speisekarte/ })).toHaveAttribute(
      'href',
      'https://piano.example.com/menu',
    );
    expect(screen.queryByText('Piatok')).toBeNull();
  });

  it('shows what was written to a reader in a language not translated', async () => {
    await changeLanguage('hu');
    render();
    expect(screen.getByText('Piatok')).toBeVisible();
    expect(screen.getByText('Happy hour od 17:00')).toBeVisible();
    expect(screen.getByRole('link', { name: /^Menu/ })).toBeVisible();
  });
});
