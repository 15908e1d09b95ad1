import { z } from 'zod';
import { type AuditAction, isAuditAction, WRITE_OUTCOMES } from '../audit-actions';
import { FieldLabel, Msg, tooLong } from '../messages';
import { ROLES } from '../permissions';
import { LanguageSchema, LoginResponseSchema } from './account.schema';
import { emailField, phoneField, requiredText } from './fields';

/** An admin creates a user of any role; the password is generated and emailed. */
export const CreateUserBodySchema = z.object({
  firstName: requiredText(FieldLabel.firstName),
  lastName: requiredText(FieldLabel.lastName),
  email: emailField,
  phone: phoneField,
  role: z.enum(ROLES, { error: 'Choose a role' }),
  /** The new user's language, for their welcome email and after; absent: the admin's. */
  language: LanguageSchema.optional(),
});
export type CreateUserBody = z.input<typeof CreateUserBodySchema>;

/** A user as the admin screens list them. */
export const ManagedUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  /** A follower without an account (one tap on a business's page): no name, no email. */
  guest: z.boolean(),
  discountedPrices: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

/** How a people list may be ordered; the cursor pages in that order. */
export const USER_SORTS = ['newest', 'oldest', 'name', 'email'] as const;
export type UserSort = (typeof USER_SORTS)[number];

const day = z.iso.date({ error: Msg.invalidDate });

/**
 * The people lists' query (customers, users, clients): a search ignoring case and accents over
 * name, email and phone, filters, an order, and a cursor from the previous page's `nextCursor`.
 */
export const UserListQuerySchema = z
  .object({
    search: z.string().trim().max(100, tooLong('search', 100)).optional(),
    role: z.enum(ROLES, { error: 'Choose a role' }).optional(),
    establishmentId: z.uuid({ error: Msg.establishmentNotFound }).optional(),
    verified: z
      .enum(['true', 'false'], { error: 'Choose true or false' })
      .transform((value) => value === 'true')
      .optional(),
    createdFrom: day.optional(),
    createdTo: day.optional(),
    sort: z.enum(USER_SORTS, { error: `Choose one of: ${USER_SORTS.join(', ')}` }).default('newest'),
    cursor: z.string().max(400, Msg.invalidCursor).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  // A one-day range (the same date twice) is allowed: the dates are whole days.
  .refine((q) => !q.createdFrom || !q.createdTo || q.createdTo >= q.createdFrom, {
    path: ['createdTo'],
    message: Msg.endAfterStart,
  });
export type UserListQuery = z.output<typeof UserListQuerySchema>;

export const UserListSchema = z.object({
  items: z.array(ManagedUserSchema),
  /** How many match the search and filters, over all pages. */
  total: z.number(),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type UserList = z.infer<typeof UserListSchema>;

/** An admin or an operating client creates a customer who follows the establishment; the registration email goes out. */
export const CreateCustomerBodySchema = z.object({
  firstName: requiredText(FieldLabel.firstName),
  lastName: requiredText(FieldLabel.lastName),
  email: emailField,
  phone: phoneField,
  establishmentId: z.uuid({ error: Msg.establishmentNotFound }),
  /** The customer's language, for their welcome email and after; absent: the registering person's. */
  language: LanguageSchema.optional(),
  discountedPrices: z.boolean().default(false),
  preferenceIds: z
    .array(z.uuid({ error: Msg.notFound }))
    .max(100)
    .default([]),
});
export type CreateCustomerBody = z.input<typeof CreateCustomerBodySchema>;

/** A user's link to an establishment, as the admin edits it. */
export const UserMembershipSchema = z.object({
  establishmentId: z.uuid({ error: Msg.establishmentNotFound }),
  kind: z.enum(['customer', 'client'], { error: 'Choose customer or client' }),
});

/**
 * Every User field of spec section 3 an admin may change; omitted fields stay. `establishments`,
 * when given, replaces the user's memberships. Turning `emailVerified` off emails a verification link.
 */
export const UpdateUserBodySchema = z
  .object({
    firstName: requiredText(FieldLabel.firstName),
    lastName: requiredText(FieldLabel.lastName),
    email: emailField,
    phone: phoneField,
    role: z.enum(ROLES, { error: 'Choose a role' }),
    emailVerified: z.boolean({ error: 'Choose true or false' }),
    discountedPrices: z.boolean({ error: 'Choose true or false' }),
    establishments: z
      .array(UserMembershipSchema)
      .max(500)
      .refine(
        (links) => new Set(links.map((link) => link.establishmentId)).size === links.length,
        Msg.duplicateEstablishment,
      ),
  })
  .partial();
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

/** What the admin sees on a user's page besides the profile. */
export const ManagedUserDetailSchema = ManagedUserSchema.extend({
  establishments: z.array(
    z.object({
      establishmentId: z.string(),
      publicId: z.string(),
      name: z.string(),
      kind: z.enum(['customer', 'client']),
      since: z.string(),
    }),
  ),
  /** Browsers subscribed to push. */
  devices: z.array(
    z.object({ id: z.string(), userAgent: z.string(), createdAt: z.string(), lastSeenAt: z.string() }),
  ),
  preferences: z.array(z.object({ id: z.string(), name: z.string(), groupName: z.string() })),
  /** The last notifications delivered to them, newest first, with their outcome. */
  deliveries: z.array(
    z.object({
      notificationId: z.string(),
      /** The device it went to: a notification reaches each of the user's devices once. */
      subscriptionId: z.string(),
      establishmentId: z.string(),
      establishmentName: z.string(),
      text: z.string(),
      sentAt: z.string(),
      outcome: z.enum(['pending', 'sent', 'failed', 'gone']),
      httpStatus: z.number().nullable(),
      receivedAt: z.string().nullable(),
      clickedAt: z.string().nullable(),
    }),
  ),
});
export type ManagedUserDetail = z.infer<typeof ManagedUserDetailSchema>;

/** "Log in as": the target's session, which records the acting admin. */
export const ImpersonationResponseSchema = LoginResponseSchema;

export const MessageResponseSchema = z.object({ message: z.string() });

/** One admin action: who, what, whom, when. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetEstablishmentId: z.string().nullable(),
  targetLabel: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** The actor's role when they acted (recorded since the log kept it), else their role now; null for a deleted account. */
  actorRole: z.enum(ROLES).nullable(),
  /** For a write made while logged in as someone: whether it was made, refused (4xx) or failed (5xx). */
  outcome: z.enum(WRITE_OUTCOMES).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** A moment: a date alone is that whole day (UTC); a date and time (with its offset) is that instant. */
const moment = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Must be a date (YYYY-MM-DD) or a date and time (ISO 8601)',
});

/**
 * The log's filters, all optional and combined: the actions (comma-separated), who acted, about
 * which user or business, and between which moments (both included). Paged by cursor.
 */
export const AuditLogQuerySchema = z
  .object({
    targetUserId: z.uuid({ error: Msg.notFound }).optional(),
    action: z
      .string()
      .max(2000, 'Too many actions')
      .transform((value, ctx) => {
        const actions = value
          .split(',')
          .map((action) => action.trim())
          .filter(Boolean);
        const unknown = actions.find((action) => !isAuditAction(action));
        if (unknown) {
          ctx.addIssue({ code: 'custom', message: `Not an action the log records: ${unknown}` });
          return z.NEVER;
        }
        return actions as AuditAction[];
      })
      .optional(),
    actorId: z.uuid({ error: Msg.notFound }).optional(),
    establishmentId: z.uuid({ error: Msg.establishmentNotFound }).optional(),
    from: moment.optional(),
    to: moment.optional(),
    cursor: z.string().max(400, Msg.invalidCursor).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine(
    (q) => !q.from || !q.to || Date.parse(momentBounds(q.to).end) >= Date.parse(momentBounds(q.from).start),
    {
      path: ['to'],
      message: Msg.endAfterStart,
    },
  );
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

/** The instants a moment covers: a whole UTC day for a date, the instant itself for a date and time. */
export function momentBounds(moment: string): { start: string; end: string } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(moment))
    return { start: `${moment}T00:00:00.000000Z`, end: `${moment}T23:59:59.999999Z` };
  return { start: moment, end: moment };
}
export const AuditLogSchema = z.object({
  items: z.array(AuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditLog = z.infer<typeof AuditLogSchema>;

/**
 * What an admin did in or to one's own account, as the user sees it: the action, the
 * admin, when, and for a change made while logged in as them, which operation.
 */
export const AdminActivityEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  adminName: z.string(),
  createdAt: z.string(),
  operation: z.string().nullable(),
  /** For a change made while signed in as them: made, refused (nothing changed) or failed. */
  outcome: z.enum(WRITE_OUTCOMES).nullable(),
});
export type AdminActivityEntry = z.infer<typeof AdminActivityEntrySchema>;
export const AdminActivitySchema = z.object({ items: z.array(AdminActivityEntrySchema) });
export type AdminActivity = z.infer<typeof AdminActivitySchema>;
