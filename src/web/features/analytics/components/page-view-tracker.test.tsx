import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { CookieConsent } from '../../../components/cookie-consent';
import { CONSENT_COOKIE } from '../../../lib/storage-keys';
import { rememberedVisitSource } from '../../../lib/visit-source';
import { PageViewTracker } from './page-view-tracker';

const PAGEVIEW = '/api/analytics/pageview';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('POST', PAGEVIEW, { status: 204 });
  // jsdom has no ResizeObserver; the banner measures itself with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the banner stores its consent as a cookie
  document.cookie = `${CONSENT_COOKIE}=; path=/; max-age=0`;
  sessionStorage.clear();
  Reflect.deleteProperty(document, 'referrer');
});

/** The consent cookie as "Accept" stores it (`true`: as it did before "Only necessary" existed). */
const consent = (value: 'all' | 'true' = 'all') => {
  // biome-ignore lint/suspicious/noDocumentCookie: the banner stores its consent as a cookie
  document.cookie = `${CONSENT_COOKIE}=${value}; path=/`;
};

/** The tracker as the router mounts it, the whole tree under StrictMode (effects run twice on mount). */
function renderAt(at: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <PageViewTracker />
            <Link to="/cafe-roma-k7q2/register">Follow</Link>
            <CookieConsent />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { router, user: userEvent.setup({ delay: null }) };
}

const sentBodies = () => api.sent('POST', PAGEVIEW).map((request) => request.body);

describe('the page-view tracker', () => {
  it('sends nothing before consent, then the page being read once, then each new path once', async () => {
    const { router, user } = renderAt('/home');
    await act(() => router.navigate('/login'));
    expect(sentBodies()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await expect.poll(sentBodies).toEqual([{ path: '/login' }]);

    await act(() => router.navigate('/app/social/feed'));
    // The same page with another query: not a new view.
    await act(() => router.navigate('/app/social/feed?page=2'));
    await act(() => router.navigate('/login'));
    await expect
      .poll(sentBodies)
      .toEqual([{ path: '/login' }, { path: '/app/social/feed' }, { path: '/login' }]);
  });

  it('sends nothing after "Only necessary", on this page or the next', async () => {
    const { router, user } = renderAt('/cafe-roma-k7q2/register');
    await user.click(screen.getByRole('button', { name: 'Only necessary' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=necessary`);
    await act(() => router.navigate('/login'));
    await act(() => router.navigate('/app/social/feed'));
    // Nothing on its way either.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentBodies()).toEqual([]);
  });

  it('counts a consent stored before "Only necessary" existed (consent=true) as Accept', async () => {
    consent('true');
    renderAt('/home');
    await expect.poll(sentBodies).toEqual([{ path: '/home' }]);
  });

  it('sends the referrer with the first view only', async () => {
    consent();
    Object.defineProperty(document, 'referrer', {
      value: 'https://search.example/?q=bistro',
      configurable: true,
    });
    const { router } = renderAt('/home');
    await expect.poll(sentBodies).toEqual([{ path: '/home', referrer: 'https://search.example/?q=bistro' }]);
    await act(() => router.navigate('/login'));
    await expect.poll(sentBodies).toHaveLength(2);
    expect(sentBodies()[1]).toEqual({ path: '/login' });
  });

  it('carries a public page’s ?src= and remembers it for that business’s follow and registration', async () => {
    consent();
    const { router, user } = renderAt('/cafe-roma-k7q2?src=qr');
    await expect.poll(sentBodies).toEqual([{ path: '/cafe-roma-k7q2', source: 'qr' }]);
    expect(rememberedVisitSource('other-id', 'Cafe-Roma-K7Q2')).toBe('qr');
    expect(rememberedVisitSource('another-place')).toBeUndefined();

    // Its registration page is the same visit; the app's own pages have no source.
    await user.click(screen.getByRole('link', { name: 'Follow' }));
    await act(() => router.navigate('/app/social/feed?src=poster'));
    await expect
      .poll(sentBodies)
      .toEqual([
        { path: '/cafe-roma-k7q2', source: 'qr' },
        { path: '/cafe-roma-k7q2/register', source: 'qr' },
        { path: '/app/social/feed' },
      ]);
  });

  it('counts ?utm_source= like ?src=, and ?src= first when both say a source', async () => {
    consent();
    const { router } = renderAt('/cafe-roma-k7q2?utm_source=qr&utm_medium=print');
    await expect.poll(sentBodies).toEqual([{ path: '/cafe-roma-k7q2', source: 'qr' }]);
    expect(rememberedVisitSource('cafe-roma-k7q2')).toBe('qr');

    await act(() => router.navigate('/poster-place?src=poster&utm_source=share'));
    // An unknown ?src= says nothing: the utm_source that does counts.
    await act(() => router.navigate('/share-place?src=billboard&utm_source=share'));
    // An unknown utm_source is ignored as an unknown ?src= is: a direct visit.
    await act(() => router.navigate('/news-place?utm_source=newsletter'));
    await expect
      .poll(sentBodies)
      .toEqual([
        { path: '/cafe-roma-k7q2', source: 'qr' },
        { path: '/poster-place', source: 'poster' },
        { path: '/share-place', source: 'share' },
        { path: '/news-place' },
      ]);
    expect(rememberedVisitSource('news-place')).toBeUndefined();
  });

  it('ignores a ?src= that is not a visit source, and remembers a source without consent', async () => {
    const { router } = renderAt('/bistro-abcd?src=billboard');
    expect(rememberedVisitSource('bistro-abcd')).toBeUndefined();
    await act(() => router.navigate('/poster-place?src=poster'));
    // No consent, no view; the follow still learns where the visit came from.
    expect(rememberedVisitSource('poster-place')).toBe('poster');
    expect(sentBodies()).toEqual([]);

    // Consent given in another tab (the cookie, without this banner's event): from the next new path on.
    consent();
    await act(() => router.navigate('/bistro-abcd?src=billboard'));
    await act(() => router.navigate('/bistro-abcd'));
    await act(() => router.navigate('/poster-place/register'));
    await expect
      .poll(sentBodies)
      .toEqual([{ path: '/bistro-abcd' }, { path: '/poster-place/register', source: 'poster' }]);
  });
});
