import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/drafts.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as drafts from './drafts.service';

/** Drafts and templates of the compose form. */
export async function draftRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listDrafts, {
    handler: async (request) => drafts.list(ctx, actorOf(request), request.params.id, request.query.kind),
  });
  route(app, contracts.createDraft, {
    handler: async (request, reply) => {
      const created = await drafts.create(ctx, actorOf(request), request.params.id, request.body);
      reply.status(201);
      return created;
    },
  });
  route(app, contracts.updateDraft, {
    handler: async (request) => drafts.update(ctx, actorOf(request), request.params.id, request.body),
  });
  route(app, contracts.deleteDraft, {
    handler: async (request) => ({ message: await drafts.remove(ctx, actorOf(request), request.params.id) }),
  });
}
