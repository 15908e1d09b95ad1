import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/reactions.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as reactions from './reactions.service';

/** Reactions to posts: set, change or remove one's own; operators see who reacted. */
export async function reactionRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.setReaction, {
    handler: async (request) => ({
      reactions: await reactions.setReaction(ctx, actorOf(request), request.params.id, request.body.kind),
    }),
  });

  route(app, contracts.removeReaction, {
    handler: async (request) => ({
      reactions: await reactions.removeReaction(ctx, actorOf(request), request.params.id),
    }),
  });

  route(app, contracts.listReactions, {
    handler: async (request) =>
      reactions.listReactions(ctx, actorOf(request), request.params.id, request.query),
  });
}
