import { z } from 'zod';
import { Msg } from '../messages';
import { ROLES } from '../permissions';
import { NOTIFY_CHOICES } from './channels';
import { EstablishmentSchema } from './establishment.schema';
import { ManagedUserSchema, UserListQuerySchema } from './user-management.schema';

/** The file formats of an export: CSV for spreadsheets, JSON for programs (and data portability). */
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What can be exported, as the web's export menu names it. */
export const EXPORT_KINDS = ['users', 'establishments', 'followers', 'user', 'account'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const format = (byDefault: ExportFormat) =>
  z.enum(EXPORT_FORMATS, { error: `Choose one of: ${EXPORT_FORMATS.join(', ')}` }).default(byDefault);

const list = UserListQuerySchema.shape;

/**
 * The people export takes the people list's filters and order (not its paging: it is every match).
 * UserListQuerySchema carries a refinement, which zod refuses to `.pick()` from, so the fields are
 * taken from its shape and the date-range rule is applied again, with the same message.
 */
export const UserExportQuerySchema = z
  .object({
    format: format('csv'),
    search: list.search,
    role: list.role,
    establishmentId: list.establishmentId,
    verified: list.verified,
    createdFrom: list.createdFrom,
    createdTo: list.createdTo,
    sort: list.sort,
  })
  .refine((q) => !q.createdFrom || !q.createdTo || q.createdTo >= q.createdFrom, {
    path: ['createdTo'],
    message: Msg.endAfterStart,
  });
export type UserExportQuery = z.output<typeof UserExportQuerySchema>;

export const EstablishmentExportQuerySchema = z.object({ format: format('csv') });

export const FollowerExportQuerySchema = z.object({
  format: format('csv'),
  establishmentId: z.uuid({ error: Msg.establishmentNotFound }),
});
export type FollowerExportQuery = z.output<typeof FollowerExportQuerySchema>;

/** One person's data (theirs, or an admin's copy): JSON is the portability format, CSV has sections. */
export const PersonalExportQuerySchema = z.object({ format: format('json') });

/** One row of the people export: the person as the people list shows them, and how many establishments they follow or operate. */
export const UserExportRowSchema = ManagedUserSchema.omit({ guest: true }).extend({
  establishments: z.number(),
});
export type UserExportRow = z.infer<typeof UserExportRowSchema>;

/** One row of the establishments export: the public fields, its state, its followers and those waiting. */
export const EstablishmentExportRowSchema = EstablishmentSchema.pick({
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
  active: true,
  blocked: true,
  createdAt: true,
}).extend({
  /** Followers with a confirmed email, as the establishment's page counts them. */
  followers: z.number(),
  /** Who follows it and has not confirmed their email yet (not counted in `followers`). */
  waitingForConfirmation: z.number(),
});
export type EstablishmentExportRow = z.infer<typeof EstablishmentExportRowSchema>;

/** One row of an establishment's followers export. */
export const FollowerExportRowSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  emailVerified: z.boolean(),
  discountedPrices: z.boolean(),
  followedSince: z.string(),
  /** How they chose to hear from the business: auto, phone, email, both or feed. */
  notify: z.enum(NOTIFY_CHOICES),
  /** They paused its notifications for now. */
  paused: z.boolean(),
  /** Names of the preferences they picked. */
  preferences: z.array(z.string()),
});
export type FollowerExportRow = z.infer<typeof FollowerExportRowSchema>;

/** Everything stored about one person, as they may take it elsewhere (no password hash, token or push key). */
export const PersonalDataSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    bio: z.string(),
    role: z.enum(ROLES),
    language: z.string(),
    emailVerified: z.boolean(),
    discountedPrices: z.boolean(),
    marketingConsent: z.boolean(),
    termsAcceptedAt: z.string().nullable(),
    avatar: z.string().nullable(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  }),
  memberships: z.array(
    z.object({
      establishmentId: z.string(),
      establishmentName: z.string(),
      kind: z.enum(['customer', 'client']),
      since: z.string(),
    }),
  ),
  preferences: z.array(z.object({ id: z.string(), name: z.string(), group: z.string() })),
  /** Browsers subscribed to push: which push service, never the endpoint or its keys. */
  devices: z.array(
    z.object({
      id: z.string(),
      userAgent: z.string(),
      pushService: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
  /** When their devices get no notification; null: none set. Times are HH:MM in timeZone. */
  quietHours: z.object({ start: z.string(), end: z.string(), timeZone: z.string() }).nullable(),
  /** Their own time zone (IANA), reported by their device or chosen (chosen: true); null: none known. */
  timeZone: z.object({ timeZone: z.string(), chosen: z.boolean() }).nullable(),
  /** The birthday they gave for birthday messages, and when they agreed to it. */
  birthday: z.object({ month: z.number(), day: z.number(), consentAt: z.string() }).nullable(),
  /** Their reactions to posts, oldest first. */
  reactions: z.array(
    z.object({
      notificationId: z.string(),
      establishmentName: z.string(),
      kind: z.string(),
      at: z.string(),
    }),
  ),
  /** The comments they wrote, oldest first, removed ones too (with when). */
  comments: z.array(
    z.object({
      id: z.string(),
      notificationId: z.string(),
      establishmentName: z.string(),
      text: z.string(),
      createdAt: z.string(),
      editedAt: z.string().nullable(),
      removedAt: z.string().nullable(),
    }),
  ),
  /** Their private conversations with businesses: every message, theirs and the businesses', oldest first. */
  messages: z.array(
    z.object({
      conversationId: z.string(),
      establishmentName: z.string(),
      fromBusiness: z.boolean(),
      text: z.string(),
      /** A picture: the address the signed-in follower fetches it at (a JPEG). */
      picture: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Each notification delivered to each of their devices, oldest first. */
  notifications: z.array(
    z.object({
      notificationId: z.string(),
      establishmentName: z.string(),
      text: z.string(),
      sentAt: z.string(),
      deviceId: z.string(),
      outcome: z.enum(['pending', 'sent', 'failed', 'gone']),
      receivedAt: z.string().nullable(),
      clickedAt: z.string().nullable(),
    }),
  ),
});
export type PersonalData = z.infer<typeof PersonalDataSchema>;

/**
 * The 200 answer of an export, for /api/docs. The handler sends a stream, which Fastify pipes as it
 * is, so this schema documents the answer and is never used to serialize it.
 */
export const exportResponse = <T extends z.ZodType>(json: T) =>
  z
    .union([z.string().describe('text/csv; charset=utf-8: a header line, then one line per row'), json])
    .describe('A file download (Content-Disposition: attachment), streamed; its type follows `format`.');
