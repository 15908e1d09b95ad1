import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import {
  CreateUserBodySchema,
  ManagedUserSchema,
  UserListQuerySchema,
  UserListSchema,
} from '../../../shared/schemas/user-management.schema';
import type { AppContext } from '../../context';
import { actorOf } from '../../plugins/auth.plugin';
import * as users from './users.service';

const tags = ['management'];
const bearer = [{ bearerAuth: [] }];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Admin management of users: list, read, create (any role, e.g. representatives). */
export async function userManagementRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  app.get(
    '/api/management/users',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Users (admin)',
        security: bearer,
        querystring: UserListQuerySchema,
        response: { 200: UserListSchema, ...errors },
      },
    },
    async (request) => users.listUsers(ctx, actorOf(request), request.query),
  );

  app.get(
    '/api/management/users/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'One user (admin)',
        security: bearer,
        params: z.object({ id: z.uuid({ error: Msg.notFound }) }),
        response: { 200: z.object({ user: ManagedUserSchema }), ...errors },
      },
    },
    async (request) => ({ user: await users.getUser(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/management/users',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Create a user of any role (admin); the password is emailed',
        security: bearer,
        body: CreateUserBodySchema,
        response: {
          201: z.object({ user: ManagedUserSchema, message: z.string() }),
          409: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        user: await users.createUser(ctx, actorOf(request), request.body),
        message: Msg.userCreated,
      }),
  );
}
