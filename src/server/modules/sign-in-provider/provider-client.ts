import * as client from 'openid-client';
import type { OidcProviderSettings } from '../../config/oidc-settings';
import type { SignInFlow } from './flow-cookie';
import { FLOW_MINUTES } from './flow-cookie';

/** What the provider says about who signed in: the ID token's claims, completed by userinfo. */
export interface ProviderUser {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/**
 * The provider's discovered configuration, read once per process (again after a failure, so a
 * provider down at start does not need a restart).
 */
export function providerClient(settings: OidcProviderSettings, redirectUri: string) {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    /** Where to send the browser, and the flow its cookie keeps (PKCE verifier, state, nonce). */
    async start(): Promise<{ url: string; flow: SignInFlow }> {
      const config = await configuration();
      const verifier = client.randomPKCECodeVerifier();
      const flow: SignInFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        expires: Date.now() + FLOW_MINUTES * 60_000,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.href, flow };
    },

    /** Exchange the callback's code (once, with the PKCE verifier) and validate the ID token. */
    async finish(callbackUrl: URL, flow: SignInFlow): Promise<ProviderUser> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      // Many providers keep email and names out of the ID token: userinfo has them.
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      const email = typeof info.email === 'string' ? info.email : (claims.email as string | undefined);
      const verified = info.email_verified ?? claims.email_verified;
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: email?.trim().toLowerCase(),
        emailVerified: verified === true,
        givenName: String(info.given_name ?? claims.given_name ?? info.name ?? '').slice(0, 100),
        familyName: String(info.family_name ?? claims.family_name ?? '').slice(0, 100),
      };
    },
  };
}

export type ProviderClient = ReturnType<typeof providerClient>;
