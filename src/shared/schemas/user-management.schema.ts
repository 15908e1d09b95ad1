import { z } from 'zod';
import { FieldLabel, Msg, tooLong } from '../messages';
import { ROLES } from '../permissions';
import { emailField, phoneField, requiredText } from './fields';

/** An admin creates a user of any role; the password is generated and emailed. */
export const CreateUserBodySchema = z.object({
  firstName: requiredText(FieldLabel.firstName),
  lastName: requiredText(FieldLabel.lastName),
  email: emailField,
  phone: phoneField,
  role: z.enum(ROLES, { error: 'Choose a role' }),
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
