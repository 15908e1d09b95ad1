import { z } from 'zod';
import { type SettingProblem, urlSetting } from './config-error';

/** Staff sign-in through the company's OpenID Connect provider; all three unset: the feature is off. */
export const oidcEnv = {
  /** The provider's issuer (its discovery document is read from ISSUER/.well-known/openid-configuration). */
  OIDC_ISSUER_URL: urlSetting('https://login.example.com/realms/staff').optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The provider's name on the sign-in button ("Sign in with …"); default: the issuer's host. */
  OIDC_DISPLAY_NAME: z.string().max(60, 'expected at most 60 characters').optional(),
};

export type OidcEnv = z.output<z.ZodObject<typeof oidcEnv>>;

export interface OidcProviderSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  displayName: string;
  /** Plain http is only ever allowed to a provider on this machine (tests, a local try-out). */
  allowHttp: boolean;
}

export interface OidcSettings {
  /** null: no provider configured; its routes answer 404 and the sign-in page shows no button. */
  oidc: OidcProviderSettings | null;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function oidcSettings(env: OidcEnv, problems: SettingProblem[]): OidcSettings {
  const { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = env;
  if (!issuer && !clientId && !secret) return { oidc: null };
  const missing = [
    ['OIDC_ISSUER_URL', issuer],
    ['OIDC_CLIENT_ID', clientId],
    ['OIDC_CLIENT_SECRET', secret],
  ].filter(([, value]) => !value);
  for (const [setting] of missing) {
    problems.push({
      setting: setting as string,
      message:
        'is required with the other OIDC_ settings (set all three, or none to turn sign-in through a provider off)',
    });
  }
  if (!issuer || !clientId || !secret) return { oidc: null };
  const url = new URL(issuer);
  const allowHttp = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !allowHttp) {
    problems.push({ setting: 'OIDC_ISSUER_URL', message: 'expected an https:// address' });
    return { oidc: null };
  }
  return {
    oidc: {
      issuerUrl: issuer,
      clientId,
      clientSecret: secret,
      displayName: env.OIDC_DISPLAY_NAME ?? url.host,
      allowHttp,
    },
  };
}
