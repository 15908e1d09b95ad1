import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../tests/support/web/render';
import { CONSENT_GIVEN_EVENT } from '../lib/consent-cookie';
import { CONSENT_COOKIE } from '../lib/storage-keys';
import { CookieConsent } from './cookie-consent';

/** jsdom has no ResizeObserver: this one reports the banner's size once it is observed. */
let resize: (() => void) | null = null;
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        resize = this.callback;
      }
      unobserve() {}
      disconnect() {
        resize = null;
      }
    },
  );
});
afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the banner stores its consent as a cookie
  document.cookie = `${CONSENT_COOKIE}=; path=/; max-age=0`;
  document.documentElement.style.removeProperty('scroll-padding-bottom');
});

const setCookie = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the banner stores its consent as a cookie
  document.cookie = `${CONSENT_COOKIE}=${value}; path=/`;
};
const consentValue = () =>
  document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);

function renderBanner() {
  const view = renderRoutes([{ path: '/', element: <CookieConsent /> }]);
  return { ...view, banner: () => screen.queryByRole('region', { name: 'Cookie consent' }) };
}

describe('the cookie banner', () => {
  it.each([
    ['Only necessary', 'necessary'],
    ['Accept', 'all'],
  ])(
    'offers "Only necessary" beside "Accept"; %s stores "%s" in the consent cookie and hides the banner',
    async (button, stored) => {
      const chosen = vi.fn();
      window.addEventListener(CONSENT_GIVEN_EVENT, chosen);
      const { banner, user, unmount } = renderBanner();
      expect(await screen.findByRole('button', { name: 'Only necessary' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Accept' })).toBeVisible();
      expect(banner()).toHaveTextContent('With your consent we count visits anonymously.');

      await user.click(screen.getByRole('button', { name: button }));
      expect(banner()).toBeNull();
      expect(consentValue()).toBe(stored);
      expect(chosen).toHaveBeenCalledTimes(1);
      window.removeEventListener(CONSENT_GIVEN_EVENT, chosen);
      unmount();
      // Stored: the next page load shows no banner.
      expect(renderBanner().banner()).toBeNull();
    },
  );

  it('stays hidden for a consent stored before "Only necessary" existed, and asks again for a value it never wrote', async () => {
    setCookie('true');
    const legacy = renderBanner();
    expect(legacy.banner()).toBeNull();
    legacy.unmount();
    setCookie('maybe');
    const { banner } = renderBanner();
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeVisible();
    expect(banner()).not.toBeNull();
  });

  it('keeps what is focused or scrolled to above itself while it shows, and lets go once a choice is made', async () => {
    const { user } = renderBanner();
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    vi.spyOn(banner, 'offsetHeight', 'get').mockReturnValue(132);
    act(() => resize?.());
    expect(document.documentElement.style.scrollPaddingBottom).toBe('148px');

    await user.click(screen.getByRole('button', { name: 'Only necessary' }));
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });
});
