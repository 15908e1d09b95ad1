import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../tests/support/web/fake-api';
import { CurrentPath, renderRoutes } from '../../../../tests/support/web/render';
import { InstallPage } from './install-page';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const renderPage = () =>
  renderRoutes(
    [
      { path: '/install', element: <InstallPage /> },
      { path: '*', element: <CurrentPath /> },
    ],
    { at: '/install' },
  );

/** What Chrome fires when the app can be installed, answered with `outcome`; counts its prompt() calls. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return prompt;
}

const sectionTitles = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

beforeEach(() => {
  fakeApi();
});

// The install prompt's store lives for the module, as in the app: the tests run in this order.
describe('the install page', () => {
  it('shows a guest the Android and iPhone steps, Android first off an iPhone, and how to sign in', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Install the app' })).toBeVisible();
    expect(screen.getByText(/the businesses you follow reach you with a notification/)).toBeVisible();
    expect(sectionTitles()).toEqual(['Android phone', 'iPhone and iPad']);
    const android = screen.getByRole('region', { name: 'Android phone' });
    expect(within(android).getAllByRole('listitem')).toHaveLength(4);
    expect(within(android).getByText(/Install app/)).toBeVisible();
    expect(screen.getByText(/On a computer\?/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('/login')).toBeVisible();
  });

  it('puts the iPhone steps first in Safari on an iPhone', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Install the app' });
    expect(sectionTitles()).toEqual(['iPhone and iPad', 'Android phone']);
    const iphone = screen.getByRole('region', { name: /iPhone and iPad/ });
    expect(within(iphone).getByText('This device')).toBeVisible();
    expect(within(iphone).getByText(/Add to Home Screen/)).toBeVisible();
    expect(within(iphone).getByText(/tap “Turn on notifications”/)).toBeVisible();
    expect(screen.queryByText(/On a computer\?/)).toBeNull();
  });

  it('says so when opened as the installed app, with a way to sign in', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(display-mode: standalone)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The app is installed' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Install it in a few taps' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it("offers the browser's install dialog, and after a refusal the steps", async () => {
    const prompt = offerInstall('dismissed');
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledOnce();
    const answer = await screen.findByRole('alert');
    expect(answer).toHaveTextContent('The app was not installed');
    expect(answer).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Install it in a few taps' })).toBeVisible();
  });

  it('installs through the dialog caught before the page was drawn', async () => {
    const prompt = offerInstall('accepted');
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledOnce();
    const answer = await screen.findByRole('alert');
    expect(answer).toHaveTextContent('Done: Broadcast is installed.');
    expect(answer).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
