/**
 * The route tests' side of sign-in through an identity provider: the app with a real provider
 * (tests/support/oidc-provider.ts) and the browser's walk from the app's button to its sign-in page.
 */
import { afterAll, expect } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from './oidc-provider';
import { type RouteFixture, setupRouteFixture } from './route-fixture';

export const APP_URL = 'http://app.test';
export const CALLBACK = `${APP_URL}/api/auth/oidc/callback`;

export interface ProviderFixture {
  f: RouteFixture;
  provider: TestOidcProvider;
}

/** The app configured with a provider started for the file (and an admin). */
export function setupProviderApp(): ProviderFixture {
  const env: Record<string, string> = {};
  const fixture = { provider: undefined } as unknown as ProviderFixture;
  fixture.f = setupRouteFixture({
    env,
    before: async () => {
      fixture.provider = await startOidcProvider({ redirectUris: [CALLBACK] });
      Object.assign(env, fixture.provider.env());
    },
  });
  afterAll(async () => fixture.provider?.close());
  return fixture;
}

/** The browser's state after the provider sent it back: the address the app redirected it to. */
export interface Landing {
  /** Where the app sent the browser at the end: /login with a code or an error. */
  location: URL;
  /** The callback address the provider sent the browser to (to replay it). */
  callback: URL;
  /** The flow cookie the start set (a browser sends it with the callback). */
  cookie: string;
}

/** Press the button, sign in at the provider as `login`, come back: where does the app send us? */
export async function walkSignIn(fx: ProviderFixture, login: string): Promise<Landing> {
  const start = await fx.f.t.request({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const callback = await fx.provider.signIn(String(start.headers.location), login);
  expect(callback.href.startsWith(CALLBACK), callback.href).toBe(true);
  return { location: await comeBack(fx, callback, cookie), callback, cookie };
}

/** The provider's redirect back, with this cookie: where the app sends the browser next. */
export async function comeBack(fx: ProviderFixture, callback: URL, cookie: string | undefined): Promise<URL> {
  const res = await fx.f.t.request({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(String(res.headers.location));
}

/** The refusal the sign-in page is told about, or null when it got a code. */
export const errorOf = (landing: URL) => landing.searchParams.get('providerError');

/** The one-time code in the sign-in page's fragment. */
export function codeOf(landing: URL): string {
  const code = new URLSearchParams(landing.hash.slice(1)).get('providerCode');
  expect(code, landing.href).toBeTruthy();
  return code!;
}

/** The web app's exchange of the code: the session's token. */
export async function takeSession(fx: ProviderFixture, code: string) {
  return fx.f.t.request({ method: 'POST', url: '/api/auth/oidc/session', payload: { code } });
}

/** Sign in through the provider all the way: the token a signed-in page holds. */
export async function signInThroughProvider(fx: ProviderFixture, login: string): Promise<string> {
  const { location } = await walkSignIn(fx, login);
  expect(errorOf(location), location.href).toBeNull();
  const res = await takeSession(fx, codeOf(location));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}
