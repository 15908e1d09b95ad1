import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { FieldLabel, Msg, required } from '../messages';
import { ROLES } from '../permissions';
import {
  emailField,
  newPasswordField,
  optionalText,
  passwordField,
  phoneField,
  requiredText,
  tokenField,
  visitSourceField,
} from './fields';
import { preferenceIdsField } from './preference.schema';

export const LanguageSchema = z.enum(LANGUAGES, { error: Msg.chooseLanguage });
export const RoleSchema = z.enum(ROLES);

/** How a user belongs to an establishment: follows it (customer) or operates it (client). */
export const MembershipKindSchema = z.enum(['customer', 'client']);

/** The session user: what the server tells a signed-in user about themselves. */
export const UserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  bio: z.string(),
  avatar: z.string().nullable(),
  role: RoleSchema,
  roles: z.array(RoleSchema),
  emailVerified: z.boolean(),
  /**
   * A follower without an account: made by following with one tap (no email, no password, no
   * name); registering or signing in on that device turns it into that account.
   */
  guest: z.boolean(),
  discountedPrices: z.boolean(),
  marketingConsent: z.boolean(),
  language: LanguageSchema,
  establishments: z.array(z.object({ establishmentId: z.string(), kind: MembershipKindSchema })),
  /** Set while an admin acts as this user ("log in as"): the acting admin, for the bar "Signed in as X by Admin Y". */
  impersonatedBy: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });

// Sign-in accepts any address an account can have, such as the first admin's admin@localhost (no
// top-level domain, so refused by the strict check that registration keeps); malformed input still fails.
const signInEmailField = z
  .string({ error: (issue) => (issue.input == null ? required(FieldLabel.email) : Msg.invalidEmail) })
  .trim()
  .min(1, required(FieldLabel.email))
  .max(254, Msg.invalidEmail)
  .pipe(z.string().regex(/^[^\s@]+@[^\s@]+$/, Msg.invalidEmail))
  .transform((email) => email.toLowerCase());

export const LoginBodySchema = z.object({ email: signInEmailField, password: passwordField });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({ user: UserSchema, accessToken: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RegisterBodySchema = z.object({
  firstName: requiredText(FieldLabel.firstName),
  lastName: requiredText(FieldLabel.lastName),
  email: emailField,
  phone: phoneField,
  terms: z.literal(true, { error: Msg.mustBeChecked }),
  marketingConsent: z.boolean({ error: 'Marketing consent must be true or false' }).default(false),
  establishmentId: z.string().trim().min(1).max(64).optional(),
  language: LanguageSchema.optional(),
  /** What the customer cares about (optional, on the register-and-follow page): operators target sends at it. */
  preferenceIds: preferenceIdsField.optional(),
  /** Where the visit to the business's page came from (its ?src=), kept with the follow. */
  source: visitSourceField.optional(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

/**
 * Registering signs the person in on that device at once: `accessToken` is a provisional
 * session, with what an unverified account may do, until the emailed link confirms the address.
 */
export const RegisterResponseSchema = z.object({
  user: UserSchema,
  message: z.string(),
  accessToken: z.string(),
});

/**
 * The verification link's answer: "You are now verified." and, opened on a device with no session
 * within VERIFY_SIGN_IN_MINUTES of the email, a session there (`accessToken`, `user`). `establishmentId`:
 * the business the person followed last, whose feed they land on.
 */
export const VerifyResponseSchema = z.object({
  message: z.string(),
  /** True: the address was confirmed before (the link opened again); nothing changed, no session opened. */
  alreadyVerified: z.boolean().optional(),
  accessToken: z.string().optional(),
  user: UserSchema.optional(),
  establishmentId: z.string().nullable(),
});
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

export const VerifyBodySchema = z.object({ token: tokenField });

/** A one-time code that signs the installed app in as this session. */
export const AppHandoffSchema = z.object({ code: z.string(), expiresAt: z.iso.datetime() });
export type AppHandoff = z.infer<typeof AppHandoffSchema>;
export const AppHandoffBodySchema = z.object({ code: tokenField });
/**
 * GET /api/app-manifest: `handoff`, the code that signs the installed app in (a signed-in page); or
 * `business`, the public id of the business whose page the installed app opens on (a visitor not
 * signed in, so that after "Add to Home Screen" the app opens where "Get notifications" is one tap).
 */
export const AppHandoffQuerySchema = z
  .object({
    handoff: tokenField.optional(),
    business: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/i, 'business must be a business’s public id')
      .optional(),
  })
  .refine((query) => query.handoff !== undefined || query.business !== undefined, {
    message: 'Give handoff or business',
    path: ['handoff'],
  });

export const ProfileBodySchema = z.object({
  firstName: requiredText(FieldLabel.firstName),
  lastName: requiredText(FieldLabel.lastName),
  email: emailField,
  phone: phoneField,
  bio: optionalText(FieldLabel.bio, 300).default(''),
  language: LanguageSchema.optional(),
  marketingConsent: z.boolean({ error: 'Marketing consent must be true or false' }).optional(),
  /** Needed only to change the email address; the server checks it then and ignores it otherwise. */
  currentPassword: z
    .string({ error: Msg.currentPasswordForEmail })
    .max(200, 'Password must be at most 200 characters')
    .optional(),
});
export type ProfileBody = z.input<typeof ProfileBodySchema>;

export const ProfileResponseSchema = z.object({ user: UserSchema, message: z.string() });

export const ChangePasswordBodySchema = z.object({
  currentPassword: passwordField,
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangePasswordResponseSchema = z.object({ message: z.string(), accessToken: z.string() });

/**
 * Deleting one's account: the current password, which the server asks of every account that has one
 * (a guest follower has none, nor an account whose emailed password has not come yet).
 */
export const DeleteAccountFieldsSchema = z.object({
  currentPassword: z
    .string({ error: Msg.currentPasswordToDelete })
    .max(200, 'Password must be at most 200 characters')
    .optional(),
});
// A call without a body (a guest's) has none: Fastify hands null.
export const DeleteAccountBodySchema = DeleteAccountFieldsSchema.nullish();
export type DeleteAccountBody = z.input<typeof DeleteAccountBodySchema>;

export const ForgotPasswordBodySchema = z.object({ email: emailField });

export const ResetPasswordBodySchema = z.object({ token: tokenField, password: newPasswordField });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** Form-side extension: the new password typed twice (spec: "Passwords must match"). */
export const withPasswordConfirmation = <Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  field: keyof Shape & string,
) =>
  schema
    .extend({ confirmPassword: z.string() })
    .refine((v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>).confirmPassword, {
      message: Msg.passwordsMustMatch,
      path: ['confirmPassword'],
    });

/** Public configuration the web app reads at start. */
export const PublicConfigSchema = z.object({
  supportEmail: z.string(),
  androidAppUrl: z.string(),
  publicUrl: z.string(),
  /** The company's identity provider staff may sign in with ("Sign in with <name>"); null: none configured. */
  signInProvider: z.object({ name: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
