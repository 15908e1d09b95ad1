import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/management.contracts';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as customers from './customers.service';
import * as edits from './user-update.service';
import * as users from './users.service';

/** Admin management of users: list, read, create (any role, e.g. representatives), edit, delete; customers. */
export async function userManagementRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listUsers, {
    handler: async (request) => users.listUsers(ctx, actorOf(request), request.query),
  });

  route(app, contracts.getUser, {
    handler: async (request) => ({ user: await users.getUser(ctx, actorOf(request), request.params.id) }),
  });

  route(app, contracts.createUser, {
    handler: async (request, reply) => {
      reply.status(201);
      return { user: await users.createUser(ctx, actorOf(request), request.body), message: Msg.userCreated };
    },
  });

  route(app, contracts.createCustomer, {
    handler: async (request, reply) => {
      const user = await customers.createCustomer(ctx, actorOf(request), request.body);
      reply.status(201);
      return { user, message: Msg.userCreated };
    },
  });

  route(app, contracts.updateUser, {
    handler: async (request) => edits.updateUser(ctx, actorOf(request), request.params.id, request.body),
  });

  route(app, contracts.deleteUser, {
    handler: async (request) => {
      await edits.deleteUser(ctx, actorOf(request), request.params.id);
      return { message: Msg.userDeleted };
    },
  });
}
