import { z } from 'zod';
import { Msg } from '../messages';
import {
  CreateUserBodySchema,
  ManagedUserSchema,
  UserListQuerySchema,
  UserListSchema,
} from '../schemas/user-management.schema';
import { defineContract, errorResponses } from './contract';

const tags = ['management'] as const;

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
  params: z.object({ id: z.uuid({ error: Msg.notFound }) }),
  responses: { 200: z.object({ user: ManagedUserSchema }), ...errorResponses(400, 401, 403, 404) },
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
