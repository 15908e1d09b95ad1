import { z } from 'zod';
import { FieldLabel } from '../messages';
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
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

export const UserListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const UserListSchema = z.object({
  items: z.array(ManagedUserSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
