import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/comments.contracts';
import { CommentMsg } from '../../../shared/schemas/comment.schema';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import { commentsPerUser } from '../../plugins/rate-limit.plugin';
import * as comments from './comments.service';

/** Comments on posts: the conversation, writing, editing, removing, and the post's switch. */
export async function commentRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listComments, {
    handler: async (request) => comments.list(ctx, actorOf(request), request.params.id, request.query),
  });

  route(app, contracts.createComment, {
    config: { rateLimit: commentsPerUser(ctx) },
    handler: async (request, reply) => {
      const comment = await comments.create(ctx, actorOf(request), request.params.id, request.body);
      reply.status(201);
      return { comment, message: comment.parentId ? CommentMsg.replied : CommentMsg.created };
    },
  });

  route(app, contracts.editComment, {
    config: { rateLimit: commentsPerUser(ctx) },
    handler: async (request) => ({
      comment: await comments.edit(ctx, actorOf(request), request.params.id, request.body),
      message: CommentMsg.updated,
    }),
  });

  route(app, contracts.deleteComment, {
    handler: async (request) => {
      await comments.remove(ctx, actorOf(request), request.params.id);
      return { message: CommentMsg.deleted };
    },
  });

  route(app, contracts.setCommentSettings, {
    handler: async (request) =>
      comments.setEnabled(ctx, actorOf(request), request.params.id, request.body.enabled),
  });
}
