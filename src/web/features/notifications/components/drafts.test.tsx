import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeApi, composeEstablishment } from '../../../../../tests/support/web/compose';
import { enterText } from '../../../../../tests/support/web/enter-text';
import type { FakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { languageLabel } from '../../../../shared/i18n/language-names';
import { Msg } from '../../../../shared/messages';
import type { Draft } from '../../../../shared/schemas/draft.schema';
import { ComposeCard } from './compose-card';
import { DraftsCard } from './drafts-card';

/** Keeping the compose form as a draft or template, and starting from one. */
const establishment = composeEstablishment({ name: 'Draft Bar', timeZone: 'Europe/Vienna', publicId: 'bar' });

const TEMPLATE: Draft = {
  id: 'd1',
  kind: 'template',
  name: 'Friday happy hour',
  content: {
    text: 'Two for one from 17:00',
    title: 'Happy hour',
    link: '',
    actions: [{ label: 'Book a table', url: 'https://bar.example.com/book' }],
    mediaId: null,
    mediaUrl: null,
    translations: { de: 'Zwei für eins ab 17 Uhr' },
    richTranslations: { de: { title: 'Happy Hour', actions: ['Tisch reservieren'] } },
  },
  authorName: 'Karol Klient',
  updatedAt: new Date().toISOString(),
};

function renderPage() {
  const element = (
    <>
      <ComposeCard establishment={establishment} />
      <DraftsCard establishmentId="e1" />
    </>
  );
  renderRoutes([
    { path: '/', element },
    { path: '/app/establishment/:id', element },
  ]);
  return screen.getByRole('region', { name: 'New notification' });
}

describe('drafts and templates', () => {
  let server: FakeApi;
  beforeEach(() => {
    server = composeApi(Msg.notificationSent)
      .on('GET', '/api/establishments/e1/drafts', { body: { items: [] } })
      .on('POST', '/api/establishments/e1/drafts', {
        status: 201,
        body: { draft: TEMPLATE, message: Msg.templateSaved },
      });
  });

  it('saves the form as a template under a name it suggests', async () => {
    const card = renderPage();
    const save = within(card).getByRole('button', { name: 'Save as template' });
    // Nothing written: nothing to keep.
    expect(save).toBeDisabled();
    const { user } = { user: (await import('@testing-library/user-event')).default.setup() };
    await enterText(
      user,
      within(card).getByRole('textbox', { name: 'Message' }),
      'Two for one from 17:00\nAll night',
    );
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Two for one from 17:00');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('name is required');
    await enterText(user, name, 'Friday happy hour');
    server.on('POST', '/api/establishments/e1/drafts', {
      status: 201,
      body: { draft: TEMPLATE, message: Msg.templateSaved },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent('POST', '/api/establishments/e1/drafts').length).toBeGreaterThan(0),
    );
    expect(server.sent('POST', '/api/establishments/e1/drafts').at(-1)!.body).toEqual({
      kind: 'template',
      name: 'Friday happy hour',
      content: {
        text: 'Two for one from 17:00\nAll night',
        title: '',
        link: '',
        actions: [],
        mediaId: null,
        translations: {},
        richTranslations: {},
      },
    });
    expect(await screen.findByText('Template saved.')).toBeInTheDocument();
  });

  it('fills the form from a template, its title, buttons and translations too', async () => {
    server.on('GET', '/api/establishments/e1/drafts', { body: { items: [TEMPLATE] } });
    const card = renderPage();
    const user = (await import('@testing-library/user-event')).default.setup();
    const drafts = screen.getByRole('region', { name: 'Drafts and templates' });
    await user.click(within(drafts).getByRole('button', { name: 'Templates' }));
    await user.click(
      await within(drafts).findByRole('button', { name: 'Use Friday happy hour in the form' }),
    );
    await waitFor(() =>
      expect(within(card).getByRole('textbox', { name: 'Message' })).toHaveValue('Two for one from 17:00'),
    );
    expect(within(card).getByRole('textbox', { name: 'Title' })).toHaveValue('Happy hour');
    expect(within(card).getByRole('textbox', { name: 'Button 1: label' })).toHaveValue('Book a table');
    // The translations open to show what came in.
    const german = languageLabel('de', 'en');
    expect(within(card).getByRole('button', { name: /^Translations/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(card).getByRole('textbox', { name: `Message (${german})` })).toHaveValue(
      'Zwei für eins ab 17 Uhr',
    );
    expect(within(card).getByRole('textbox', { name: `Title (${german})` })).toHaveValue('Happy Hour');
    expect(within(card).getByRole('textbox', { name: `Button 1: label (${german})` })).toHaveValue(
      'Tisch reservieren',
    );
  });
});
