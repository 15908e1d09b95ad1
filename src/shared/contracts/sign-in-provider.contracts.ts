import { z } from 'zod';
import { MessageSchema } from '../errors';
import { LoginResponseSchema } from '../schemas/account.schema';
import {
  ProviderIdentityBodySchema,
  ProviderIdentityListSchema,
  ProviderIdentityParamsSchema,
  ProviderSessionBodySchema,
  ProviderSettingsBodySchema,
  ProviderSettingsSchema,
} from '../schemas/sign-in-provider.schema';
import { defineContract, errorResponses } from './contract';

const tags = ['account'] as const;
const adminTags = ['management'] as const;

export const startProviderSignIn = defineContract({
  operationId: 'startProviderSignIn',
  summary: "Sign in through the company's OpenID Connect provider: a redirect there",
  description:
    'Staff only. Answers 404 when no provider is configured (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET). The PKCE verifier, state and nonce travel in a signed cookie good for 10 minutes.',
  tags,
  method: 'GET',
  path: '/api/auth/oidc/start',
  access: 'public',
  responses: { 302: z.null(), ...errorResponses(404, 429) },
});

export const finishProviderSignIn = defineContract({
  operationId: 'finishProviderSignIn',
  summary: "The provider's redirect back: the sign-in page, signed in or told why not",
  description:
    'Redirects to /login#providerCode=<one-time code> (exchanged with POST /api/auth/oidc/session), or to /login?providerError=state|code|unverified|disabled|notStaff|noAccount|provider.',
  tags,
  method: 'GET',
  path: '/api/auth/oidc/callback',
  access: 'public',
  query: z.object({
    code: z.string().max(2000).optional(),
    state: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    iss: z.string().max(500).optional(),
  }),
  responses: { 302: z.null(), ...errorResponses(404, 429) },
});

export const takeProviderSession = defineContract({
  operationId: 'takeProviderSession',
  summary: 'The session a provider sign-in opened, for its one-time code (once, within 2 minutes)',
  tags,
  method: 'POST',
  path: '/api/auth/oidc/session',
  access: 'public',
  body: ProviderSessionBodySchema,
  responses: { 200: LoginResponseSchema, ...errorResponses(400, 404, 429) },
});

export const getProviderSettings = defineContract({
  operationId: 'getProviderSettings',
  summary: 'Sign-in through the identity provider: whether it is configured, and who may get an account',
  tags: adminTags,
  method: 'GET',
  path: '/api/management/sign-in-provider',
  access: 'signInProvider:manage',
  responses: { 200: ProviderSettingsSchema, ...errorResponses(401, 403) },
});

export const updateProviderSettings = defineContract({
  operationId: 'updateProviderSettings',
  summary: 'Whether unknown provider users get an account, and which staff role (never admin)',
  tags: adminTags,
  method: 'PUT',
  path: '/api/management/sign-in-provider',
  access: 'signInProvider:manage',
  body: ProviderSettingsBodySchema,
  responses: { 200: ProviderSettingsSchema, ...errorResponses(400, 401, 403) },
});

export const listProviderIdentities = defineContract({
  operationId: 'listProviderIdentities',
  summary: 'The provider users linked to accounts, newest first (the latest 500)',
  tags: adminTags,
  method: 'GET',
  path: '/api/management/sign-in-provider/identities',
  access: 'signInProvider:manage',
  responses: { 200: ProviderIdentityListSchema, ...errorResponses(401, 403) },
});

export const updateProviderIdentity = defineContract({
  operationId: 'updateProviderIdentity',
  summary: "Turn a provider user's sign-in here off or on again (the account's password is not affected)",
  tags: adminTags,
  method: 'PATCH',
  path: '/api/management/sign-in-provider/identities/:id',
  access: 'signInProvider:manage',
  params: ProviderIdentityParamsSchema,
  body: ProviderIdentityBodySchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const removeProviderIdentity = defineContract({
  operationId: 'removeProviderIdentity',
  summary: 'Unlink a provider user from its account (a next sign-in matches by verified email again)',
  tags: adminTags,
  method: 'DELETE',
  path: '/api/management/sign-in-provider/identities/:id',
  access: 'signInProvider:manage',
  params: ProviderIdentityParamsSchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});
