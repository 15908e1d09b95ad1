import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit-actions';
import { Msg } from '../messages';
import { EmailHealthSchema } from '../schemas/email-health.schema';
import {
  AdminActivitySchema,
  AuditLogQuerySchema,
  AuditLogSchema,
  CreateCustomerBodySchema,
  CreateUserBodySchema,
  ImpersonationResponseSchema,
  ManagedUserDetailSchema,
  ManagedUserSchema,
  MessageResponseSchema,
  UpdateUserBodySchema,
  UserListQuerySchema,
  UserListSchema,
} from '../schemas/user-management.schema';
import { defineContract, errorResponses } from './contract';

const tags = ['management'] as const;
const idParams = z.object({ id: z.uuid({ error: Msg.notFound }) });

export const listUsers = defineContract({
  operationId: 'listUsers',
  summary: 'Users (admin)',
  tags,
  method: 'GET',
  path: '/api/management/users',
  access: 'user:admin',
  query: UserListQuerySchema,
  responses: { 200: UserListSchema, ...errorResponses(400, 401, 403) },
});

export const getUser = defineContract({
  operationId: 'getUser',
  summary: 'One user (admin)',
  tags,
  method: 'GET',
  path: '/api/management/users/:id',
  access: 'user:admin',
  params: idParams,
  responses: { 200: z.object({ user: ManagedUserDetailSchema }), ...errorResponses(400, 401, 403, 404) },
});

export const createUser = defineContract({
  operationId: 'createUser',
  summary: 'Create a user of any role (admin); the password is emailed',
  tags,
  method: 'POST',
  path: '/api/management/users',
  access: 'user:admin',
  body: CreateUserBodySchema,
  responses: {
    201: z.object({ user: ManagedUserSchema, message: z.string() }),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const createCustomer = defineContract({
  operationId: 'createCustomer',
  summary:
    'Create a customer following an establishment (admin, or a client of it); the registration email goes out',
  tags,
  method: 'POST',
  path: '/api/management/customers',
  access: 'customer:create',
  body: CreateCustomerBodySchema,
  responses: {
    201: z.object({ user: ManagedUserSchema, message: z.string() }),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const updateUser = defineContract({
  operationId: 'updateUser',
  summary: 'Edit a user (admin); turning emailVerified off emails a verification link',
  description: 'Answers "Customer updated" for a customer and "User updated!" for any other role.',
  tags,
  method: 'PATCH',
  path: '/api/management/users/:id',
  access: 'user:admin',
  params: idParams,
  body: UpdateUserBodySchema,
  responses: {
    200: z.object({ user: ManagedUserDetailSchema, message: z.string() }),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const deleteUser = defineContract({
  operationId: 'deleteUser',
  summary: "Delete a user's account and all their data (admin); it cannot be undone",
  tags,
  method: 'DELETE',
  path: '/api/management/users/:id',
  access: 'user:delete',
  params: idParams,
  responses: { 200: MessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const impersonateUser = defineContract({
  operationId: 'impersonateUser',
  summary: 'Log in as this user (admin); the session records the acting admin',
  tags,
  method: 'POST',
  path: '/api/management/users/:id/impersonate',
  access: 'user:impersonate',
  params: idParams,
  responses: { 200: ImpersonationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const endImpersonation = defineContract({
  operationId: 'endImpersonation',
  summary: 'Return from "log in as" to the acting admin\'s own session',
  description: 'Ends the impersonation session and answers a new session of the admin who started it.',
  tags,
  method: 'POST',
  path: '/api/account/impersonation/end',
  access: 'signedIn',
  responses: { 200: ImpersonationResponseSchema, ...errorResponses(401, 403) },
});

export const resetUserPassword = defineContract({
  operationId: 'resetUserPassword',
  summary: 'Email the user a new random password and end their sessions (admin)',
  description:
    "The old password stops working at once; the email carries the new one. 409 for one's own password (the account's password change); 429 when the address had its hourly share of such emails.",
  tags,
  method: 'POST',
  path: '/api/management/users/:id/reset-password',
  access: 'user:resetPassword',
  params: idParams,
  responses: { 200: MessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const sendUserVerification = defineContract({
  operationId: 'sendUserVerification',
  summary: 'Email the user the verification link again (admin)',
  tags,
  method: 'POST',
  path: '/api/management/users/:id/send-verification',
  access: 'user:sendVerification',
  params: idParams,
  responses: { 200: MessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const listAuditLog = defineContract({
  operationId: 'listAuditLog',
  summary: "The admin actions' audit log, newest first (admin)",
  description: `Filters, combined: \`action\` (one or several, comma-separated: ${AUDIT_ACTIONS.join(', ')}), \`actorId\` (who acted), \`targetUserId\` (about whom), \`establishmentId\` (about which business), \`from\` and \`to\` (both included: a date YYYY-MM-DD is that whole day in UTC, a date and time with its offset that instant). Each entry names the actor's role when they acted, and for a write made while logged in as someone its outcome (made, refused, failed).`,
  tags,
  method: 'GET',
  path: '/api/management/audit-log',
  access: 'auditLog:read',
  query: AuditLogQuerySchema,
  responses: { 200: AuditLogSchema, ...errorResponses(400, 401, 403) },
});

export const listMyAdminActivity = defineContract({
  operationId: 'listMyAdminActivity',
  summary: 'What admins did in or to my account, newest first (the last 50)',
  description:
    'Every "log in as" with its end, every change made while logged in as me, and every admin action on my account (edits, password resets, verification emails), from the audit log.',
  tags,
  method: 'GET',
  path: '/api/account/admin-activity',
  access: 'signedIn',
  responses: { 200: AdminActivitySchema, ...errorResponses(401) },
});

export const getEmailHealth = defineContract({
  operationId: 'getEmailHealth',
  summary: 'Email health: the SPF, DKIM and DMARC records to publish for MAIL_FROM, checked live (admin)',
  description:
    "Looks the records up in DNS now (EMAIL_HEALTH_DNS_SERVERS, or the system's resolvers) and says whether MAIL_FROM's domain is the DKIM domain (DMARC alignment).",
  tags,
  method: 'GET',
  path: '/api/management/email-health',
  access: 'user:admin',
  responses: { 200: EmailHealthSchema, ...errorResponses(401, 403) },
});
