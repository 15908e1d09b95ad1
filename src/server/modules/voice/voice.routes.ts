import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '../../../shared/contracts/business-voice.contracts';
import { CommentMsg } from '../../../shared/schemas/comment.schema';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import { perIpPerMinute } from '../../plugins/rate-limit.plugin';
import * as comments from '../comments/comments.service';
import * as invitations from './invitations.service';
import * as mutes from './mutes.service';
import * as pins from './pins.service';

/** Invitations send email: a few a minute per inviter is what a person does. */
const invitationsPerUser = {
  max: 10,
  timeWindow: 60_000,
  groupId: 'operator-invitations',
  keyGenerator: (request: FastifyRequest) =>
    request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`,
};

/** The business's own voice: the pinned post, hiding and muting, inviting colleagues. */
export async function voiceRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getPinnedPost, {
    handler: async (request) => pins.getPinned(ctx, actorOf(request), request.params.id),
  });
  route(app, contracts.pinPost, {
    handler: async (request) => pins.pin(ctx, actorOf(request), request.params.id, request.body.postId),
  });
  route(app, contracts.unpinPost, {
    handler: async (request) => pins.unpin(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.setCommentHidden, {
    handler: async (request) => ({
      comment: await comments.setHidden(ctx, actorOf(request), request.params.id, request.body.hidden),
      message: request.body.hidden ? CommentMsg.hidden : CommentMsg.shown,
    }),
  });

  route(app, contracts.listCommentMutes, {
    handler: async (request) => mutes.list(ctx, actorOf(request), request.params.id),
  });
  route(app, contracts.muteCommenter, {
    handler: async (request) => mutes.mute(ctx, actorOf(request), request.params.id, request.params.userId),
  });
  route(app, contracts.unmuteCommenter, {
    handler: async (request) => mutes.unmute(ctx, actorOf(request), request.params.id, request.params.userId),
  });

  route(app, contracts.listOperatorInvitations, {
    handler: async (request) => invitations.list(ctx, actorOf(request), request.params.id),
  });
  route(app, contracts.inviteOperator, {
    config: { rateLimit: invitationsPerUser },
    handler: async (request, reply) => {
      const answer = await invitations.invite(ctx, actorOf(request), request.params.id, request.body);
      reply.status(201);
      return answer;
    },
  });
  route(app, contracts.withdrawOperatorInvitation, {
    handler: async (request) =>
      invitations.withdraw(ctx, actorOf(request), request.params.id, request.params.invitationId),
  });
  route(app, contracts.previewOperatorInvitation, {
    config: { rateLimit: perIpPerMinute(30) },
    handler: async (request) => invitations.preview(ctx, request.body.token),
  });
  route(app, contracts.acceptOperatorInvitation, {
    config: { rateLimit: perIpPerMinute(30) },
    handler: async (request) => invitations.accept(ctx, actorOf(request), request.body.token),
  });
}
