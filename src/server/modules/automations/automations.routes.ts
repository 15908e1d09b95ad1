import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/automations.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as automations from './automations.service';

/** A business's automations: its senders read and set them. */
export async function automationsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listAutomations, {
    handler: async (request) => automations.listAutomations(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.saveAutomation, {
    handler: async (request) =>
      automations.saveAutomation(ctx, actorOf(request), request.params.id, request.params.kind, request.body),
  });
}
