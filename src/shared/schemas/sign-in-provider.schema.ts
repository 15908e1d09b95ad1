import { z } from 'zod';

/**
 * Why a sign-in through the company's provider was refused: the callback sends the browser to
 * /login?providerError=<reason>, and the sign-in page says it in the reader's language.
 */
export const PROVIDER_SIGN_IN_ERRORS = [
  /** The answer does not belong to a sign-in this browser started (wrong or missing state). */
  'state',
  /** The provider refused the code: used already, expired, or not its own. */
  'code',
  /** The provider did not confirm the email address. */
  'unverified',
  /** An admin turned this provider user's sign-in here off. */
  'disabled',
  /** The matching account is a follower's: only staff sign in through the provider. */
  'notStaff',
  /** No account has this email, and new ones are not made. */
  'noAccount',
  /** The provider answered with an error, or could not be reached. */
  'provider',
] as const;
export type ProviderSignInError = (typeof PROVIDER_SIGN_IN_ERRORS)[number];

/** The roles an account made at a first sign-in may get: staff, never admin. */
export const PROVIDER_CREATE_ROLES = ['client', 'representant'] as const;

export const ProviderSessionBodySchema = z.object({
  code: z.string().min(1).max(200),
});

export const ProviderSettingsSchema = z.object({
  /** Whether the provider is configured on the server (OIDC_ settings); the rest applies only then. */
  configured: z.boolean(),
  displayName: z.string().nullable(),
  issuer: z.string().nullable(),
  /** Someone the provider knows and no account matches gets one. */
  allowCreate: z.boolean(),
  createRole: z.enum(PROVIDER_CREATE_ROLES),
});
export type ProviderSettings = z.infer<typeof ProviderSettingsSchema>;

export const ProviderSettingsBodySchema = z.object({
  allowCreate: z.boolean(),
  // Any role is parsed so that admin is refused by name, not as an unknown value.
  createRole: z.enum(['customer', 'client', 'representant', 'admin']),
});

export const ProviderIdentitySchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  subject: z.string(),
  email: z.string(),
  name: z.string(),
  accountEmail: z.string(),
  role: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type ProviderIdentity = z.infer<typeof ProviderIdentitySchema>;

export const ProviderIdentityListSchema = z.object({ items: z.array(ProviderIdentitySchema) });
export type ProviderIdentityList = z.infer<typeof ProviderIdentityListSchema>;

export const ProviderIdentityParamsSchema = z.object({ id: z.uuid() });
export const ProviderIdentityBodySchema = z.object({ disabled: z.boolean() });
