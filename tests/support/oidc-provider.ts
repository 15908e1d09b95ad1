/**
 * A real OpenID Connect provider for the tests (oidc-provider), on a free port of 127.0.0.1, with
 * one confidential client registered and scripted users. Its development login page takes any
 * password: signIn() walks it over HTTP as a browser would, or a Playwright test fills it in.
 */
import type { Server } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import { freePort } from './free-port';

export interface ProviderUser {
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's users by login (their subject): add or change them at any time. */
  users: Map<string, ProviderUser>;
  /** The settings the app needs to use it. */
  env(): Record<string, string>;
  /**
   * Follow an authorization request as a browser signed in as `login` would, up to the redirect
   * back to the app: answers that address (with code, state and iss).
   */
  signIn(authorizeUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/** Cookies by name, as a browser keeps them for the provider's host. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface OidcProviderOptions {
  redirectUris: string[];
  /** A login that is an email address and no scripted user is that address, verified (end-to-end runs). */
  anyEmail?: boolean;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'broadcast-test';
  const clientSecret = 'broadcast-test-secret-broadcast-test-secret';
  const users = new Map<string, ProviderUser>();
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-oidc-cookie-key-0123456789'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    // The app is a first-party client: no consent screen (as a company's own provider is set up).
    async loadExistingGrant(ctx) {
      const existing = ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({
        accountId: ctx.oidc.session!.accountId!,
        clientId: ctx.oidc.client!.clientId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const user =
        users.get(id) ??
        (options.anyEmail && id.includes('@') ? { email: id, emailVerified: true } : undefined);
      if (!user) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: user.email,
            email_verified: user.emailVerified,
            given_name: user.givenName ?? 'Staff',
            family_name: user.familyName ?? id,
            name: `${user.givenName ?? 'Staff'} ${user.familyName ?? id}`,
          };
        },
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, '127.0.0.1', () => resolve(listening));
  });

  async function signIn(authorizeUrl: string, login: string): Promise<URL> {
    const jar = new CookieJar();
    let url = new URL(authorizeUrl);
    let init: RequestInit = { method: 'GET' };
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
      });
      jar.take(response);
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next;
        init = { method: 'GET' };
        continue;
      }
      const page = await response.text();
      if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${page}`);
      // The development login (or consent) form: submit it as the user would.
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? 'login';
      const body = new URLSearchParams({ prompt, login, password: 'any' });
      init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    throw new Error('the provider did not send the browser back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    env: () => ({
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_DISPLAY_NAME: 'Company login',
    }),
    signIn,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
