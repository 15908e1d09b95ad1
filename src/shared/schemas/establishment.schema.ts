import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { FieldLabel, Msg, tooLong } from '../messages';
import { LanguageSchema } from './account.schema';
import { emailField, optionalText, phoneField, requiredText } from './fields';
import { NotificationLimitsSchema } from './notification-limits.schema';
import { urlField } from './url-field';

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** PostgreSQL text cannot hold a NUL character: refuse it as bad input instead of failing in the database. */
const noNul = <T extends z.ZodString>(schema: T) =>
  schema.refine((value) => !value.includes('\u0000'), 'Contains a character that is not allowed');

const websiteField = z
  .string({ error: Msg.invalidUrl })
  .trim()
  .max(300, Msg.invalidUrl)
  .refine((value) => value === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(value), Msg.invalidUrl)
  .refine((value) => !value.includes('\u0000'), Msg.invalidUrl)
  .pipe(urlField(['http:', 'https:'], { invalid: Msg.invalidUrl, credentials: Msg.urlCredentials }, true))
  .default('');

/** Short enough to read on a lock screen; well inside a push message's 4 KB. */
export const WELCOME_TEXT_MAX = 300;

/** The welcome notification in the other interface languages; a language left out gets `welcomeText`. */
export const WelcomeTranslationsSchema = z.partialRecord(
  z.enum(LANGUAGES),
  noNul(
    z
      .string({ error: 'A translation must be text' })
      .trim()
      .max(WELCOME_TEXT_MAX, tooLong(FieldLabel.welcomeText, WELCOME_TEXT_MAX)),
  ),
);

/** The editable profile of an establishment (spec section 3), with the spec's required-field messages. */
export const EstablishmentFieldsSchema = z.object({
  name: noNul(requiredText(FieldLabel.name, 120)),
  subheader: noNul(optionalText(FieldLabel.subheader, 200)).default(''),
  email: emailField,
  phone: phoneField,
  website: websiteField,
  address1: noNul(requiredText(FieldLabel.address, 200)),
  address2: noNul(optionalText(FieldLabel.address2, 200)).default(''),
  city: noNul(requiredText(FieldLabel.city, 100)),
  state: noNul(requiredText(FieldLabel.state, 100)),
  zip: noNul(requiredText(FieldLabel.zip, 20)),
  country: noNul(requiredText(FieldLabel.country, 100)),
  businessId: noNul(requiredText(FieldLabel.businessId, 50)),
  taxId: noNul(requiredText(FieldLabel.taxId, 50)),
  vatNumber: noNul(requiredText(FieldLabel.vatNumber, 50)),
  timeZone: z
    .string({ error: Msg.chooseTimeZone })
    .refine(isTimeZone, Msg.chooseTimeZone)
    .default('Europe/Bratislava'),
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
  /** Followers may comment on its posts; off: no new comments on any of them. */
  commentsEnabled: z.boolean({ error: 'commentsEnabled must be true or false' }).default(true),
  /** The welcome notification a new follower's phone gets once push is on; empty: none. */
  welcomeText: noNul(optionalText(FieldLabel.welcomeText, WELCOME_TEXT_MAX)).default(''),
  welcomeTranslations: WelcomeTranslationsSchema.default({}),
});
export type EstablishmentFields = z.input<typeof EstablishmentFieldsSchema>;

export const EstablishmentStateSchema = z.enum(['active', 'inactive', 'blocked', 'deleted']);
export type EstablishmentState = z.infer<typeof EstablishmentStateSchema>;

/** An establishment as its operators (admins, its clients, the representative who registered it) see it. */
export const EstablishmentSchema = z.object({
  /** Which view this is: operators get every field. */
  audience: z.literal('operator'),
  id: z.string(),
  publicId: z.string(),
  name: z.string(),
  subheader: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  businessId: z.string(),
  taxId: z.string(),
  vatNumber: z.string(),
  timeZone: z.string(),
  logo: z.string().nullable(),
  cover: z.string().nullable(),
  active: z.boolean(),
  commentsEnabled: z.boolean(),
  welcomeText: z.string(),
  welcomeTranslations: WelcomeTranslationsSchema,
  /** How often a follower may be notified (its fatigue guard limits), with the platform's. */
  notificationLimits: NotificationLimitsSchema,
  blocked: z.boolean(),
  status: EstablishmentStateSchema,
  registeredById: z.string().nullable(),
  /** Followers with a confirmed email; those still waiting are not counted. */
  followerCount: z.number(),
  /** Operators only: who followed and has not confirmed their email yet (email waits for them). */
  waitingCount: z.number(),
  /** Operators only: of the followers, devices that follow with one tap and no account. */
  guestCount: z.number(),
  clientCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Establishment = z.infer<typeof EstablishmentSchema>;

export const GalleryImageSchema = z.object({
  id: z.string(),
  image: z.string(),
  caption: z.string(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/** The fields anyone may see, on the public page and in a follower's app: never tax ids, counts of clients or who registered it. */
const PublicFieldsSchema = EstablishmentSchema.pick({
  id: true,
  publicId: true,
  name: true,
  subheader: true,
  email: true,
  phone: true,
  website: true,
  address1: true,
  address2: true,
  city: true,
  zip: true,
  country: true,
  logo: true,
  cover: true,
  followerCount: true,
});

/** What anyone may see on the public page /{publicId}. */
export const PublicEstablishmentSchema = PublicFieldsSchema.extend({
  /** Inactive: the page is visible but new followers cannot join. */
  status: z.enum(['active', 'inactive']),
  gallery: z.array(GalleryImageSchema),
  /** Set for a signed-in caller. */
  viewer: z.object({ following: z.boolean(), operating: z.boolean() }).nullable(),
});
export type PublicEstablishment = z.infer<typeof PublicEstablishmentSchema>;

/** An establishment as its followers see it in the app: the public fields and its state. */
export const FollowerEstablishmentSchema = PublicFieldsSchema.extend({
  /** Which view this is: followers get the public fields only. */
  audience: z.literal('follower'),
  status: EstablishmentStateSchema.exclude(['deleted']),
  blocked: z.boolean(),
});
export type FollowerEstablishment = z.infer<typeof FollowerEstablishmentSchema>;

/** One establishment as the caller may see it: `audience` says which view it is. */
export const EstablishmentViewSchema = z.discriminatedUnion('audience', [
  EstablishmentSchema,
  FollowerEstablishmentSchema,
]);
export type EstablishmentView = z.infer<typeof EstablishmentViewSchema>;

/** Create, update, block, pictures: answered to operators only. */
export const EstablishmentResponseSchema = z.object({
  establishment: EstablishmentSchema,
  message: z.string().optional(),
});

/** GET /api/establishments/{id}: the operator view to its operators, the follower view to its followers. */
export const EstablishmentViewResponseSchema = z.object({
  establishment: EstablishmentViewSchema,
});

/**
 * Orders of an establishment list: newest first (the default: what a representative just signed up
 * is on top), or by name, whatever the case and accents ("Álfa" between "alfa" and "Beta").
 */
export const ESTABLISHMENT_SORTS = ['newest', 'name'] as const;
export type EstablishmentSort = (typeof ESTABLISHMENT_SORTS)[number];

export const EstablishmentListQuerySchema = z.object({
  q: noNul(z.string().trim().max(100)).optional(),
  status: EstablishmentStateSchema.exclude(['deleted']).optional(),
  sort: z
    .enum(ESTABLISHMENT_SORTS, { error: `Choose one of: ${ESTABLISHMENT_SORTS.join(', ')}` })
    .default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** Each item in the view its caller gets: operator for those they manage, follower for those they follow. */
export const EstablishmentListSchema = z.object({
  items: z.array(EstablishmentViewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type EstablishmentList = z.infer<typeof EstablishmentListSchema>;

/** A representative signs up a client together with their establishment, in one form. */
export const ClientSignupBodySchema = z.object({
  client: z.object({
    firstName: noNul(requiredText(FieldLabel.firstName)),
    lastName: noNul(requiredText(FieldLabel.lastName)),
    email: emailField,
    phone: phoneField,
    /** The operator's language, for their welcome email and after; absent: the registering person's. */
    language: LanguageSchema.optional(),
  }),
  establishment: EstablishmentFieldsSchema,
});
export type ClientSignupBody = z.input<typeof ClientSignupBodySchema>;

/** An admin adds an existing user to an establishment, as a client (operator) or a user (follower). */
export const AddMemberBodySchema = z.object({
  email: emailField,
  kind: z.enum(['client', 'customer'], { error: 'Choose client or user' }),
});
export type AddMemberBody = z.infer<typeof AddMemberBodySchema>;

export const MemberSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  kind: z.enum(['client', 'customer']),
  /** False: "waiting for email confirmation", not counted as a follower; their devices get pushes, email waits. */
  emailVerified: z.boolean(),
  /** A device that follows with one tap and no account: no name, no email. */
  guest: z.boolean(),
  /** Gets discounted prices on all products (spec section 3): the operator honours it at the counter. */
  discountedPrices: z.boolean(),
  since: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberListSchema = z.object({
  items: z.array(MemberSchema),
  /** Followers with a confirmed email (the establishment's followerCount). */
  followerCount: z.number(),
  /** Followers waiting for email confirmation (the establishment's waitingCount). */
  waitingCount: z.number(),
  /** Of the followers, devices without an account (the establishment's guestCount). */
  guestCount: z.number(),
  clientCount: z.number(),
});

export const CaptionBodySchema = z.object({
  caption: noNul(optionalText(FieldLabel.caption, 200)).default(''),
});

export const GalleryListSchema = z.object({ items: z.array(GalleryImageSchema) });
