import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../tests/support/web/fake-api';
import { CurrentPath, renderRoutes } from '../../../../tests/support/web/render';
import { Msg } from '../../../shared/messages';
import { UnsubscribePage } from './unsubscribe-page';

const TOKEN = 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01.b1c2d3e4-2b62-4e5f-8a1c-9f4d4f2a1b02.sig';
const URL = `/api/email/unsubscribe/${encodeURIComponent(TOKEN)}`;
const info = (emailing: boolean) => ({
  body: { establishment: { name: 'Café Roma', publicId: 'cafe-roma' }, emailing },
});

let api: FakeApi;

const renderPage = () =>
  renderRoutes(
    [
      { path: '/unsubscribe/:token', element: <UnsubscribePage /> },
      { path: '*', element: <CurrentPath /> },
    ],
    { at: `/unsubscribe/${encodeURIComponent(TOKEN)}` },
  );

describe('the unsubscribe page', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('asks before it stops anything, then stops the emails with one POST and says so', async () => {
    api.on('GET', URL, info(true));
    api.on('POST', URL, { body: { message: Msg.emailUnsubscribed } });
    const { user } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stop emails from Café Roma?' }),
    ).toBeVisible();
    expect(screen.getByText(/You keep following Café Roma/)).toBeVisible();
    // Opening the link (as a link checker does) stops nothing.
    expect(api.sent('POST', URL)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Stop emails' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'You will no longer get emails from this business.',
      }),
    ).toBeVisible();
    expect(api.sent('POST', URL)).toHaveLength(1);
    // No session: the signed link is the proof.
    expect(api.sent('POST', URL)[0]!.headers.get('authorization')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Choose how each business reaches you' }));
    expect(await screen.findByText('/app/account')).toBeVisible();
  });

  it('says so when the business emails them no more already', async () => {
    api.on('GET', URL, info(false));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You get no emails from Café Roma.' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Stop emails' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose how each business reaches you' })).toHaveAttribute(
      'href',
      '/app/account',
    );
  });

  it('says an unknown link is not valid any more, with a way home', async () => {
    api.on('GET', URL, { status: 404, body: { code: 'NOT_FOUND', error: Msg.notFound } });
    const { user } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid any more.' }),
    ).toBeVisible();
    expect(api.sent('GET', URL)).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByText('/home')).toBeVisible();
    expect(api.sent('POST', URL)).toHaveLength(0);
  });

  it('says the link is not valid when the business was unfollowed between opening and stopping', async () => {
    api.on('GET', URL, info(true));
    api.on('POST', URL, { status: 404, body: { code: 'NOT_FOUND', error: Msg.notFollowing } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Stop emails' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This link is not valid any more.'),
    );
  });
});
