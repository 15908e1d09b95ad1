import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/api-keys.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as apiKeys from './api-keys.service';

/** An establishment's API keys: list, create (the key shown once), revoke. */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listApiKeys, {
    handler: async (request) => apiKeys.list(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.createApiKey, {
    handler: async (request, reply) => {
      const created = await apiKeys.create(ctx, actorOf(request), request.params.id, request.body);
      reply.status(201);
      return created;
    },
  });

  route(app, contracts.revokeApiKey, {
    handler: async (request) =>
      apiKeys.revoke(ctx, actorOf(request), request.params.id, request.params.keyId),
  });
}
