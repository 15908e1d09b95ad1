import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/webhooks.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as webhooks from './webhooks.service';

/** An establishment's outgoing webhooks. */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listWebhooks, {
    handler: async (request) => webhooks.list(ctx, actorOf(request), request.params.id),
  });
  route(app, contracts.createWebhook, {
    handler: async (request, reply) => {
      reply.status(201);
      return webhooks.create(ctx, actorOf(request), request.params.id, request.body);
    },
  });
  route(app, contracts.updateWebhook, {
    handler: async (request) => webhooks.update(ctx, actorOf(request), request.params, request.body),
  });
  route(app, contracts.deleteWebhook, {
    handler: async (request) => webhooks.remove(ctx, actorOf(request), request.params),
  });
  route(app, contracts.rotateWebhookSecret, {
    handler: async (request) => webhooks.rotateSecret(ctx, actorOf(request), request.params),
  });
  route(app, contracts.testWebhook, {
    handler: async (request, reply) => {
      reply.status(202);
      return webhooks.sendTest(ctx, actorOf(request), request.params, request.query.type);
    },
  });
  route(app, contracts.listWebhookCalls, {
    handler: async (request) => webhooks.calls(ctx, actorOf(request), request.params),
  });
  route(app, contracts.resendWebhookDelivery, {
    handler: async (request, reply) => {
      reply.status(202);
      return webhooks.resend(ctx, actorOf(request), request.params);
    },
  });
}
