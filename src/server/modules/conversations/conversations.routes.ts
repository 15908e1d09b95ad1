import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '../../../shared/contracts/conversations.contracts';
import { ConversationMsg } from '../../../shared/schemas/conversation.schema';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as conversations from './conversations.service';
import * as inbox from './inbox.service';

/** Messages a follower (or operator) may write a minute, every conversation counted together. */
export const MESSAGES_PER_USER_PER_MINUTE = 10;

const messagesPerUser: RateLimitOptions = {
  max: MESSAGES_PER_USER_PER_MINUTE,
  timeWindow: 60_000,
  groupId: 'messages',
  keyGenerator: (request: FastifyRequest) =>
    request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`,
};

/** Ask the business: starting, reading and answering conversations, the inbox, close and block. */
export async function conversationRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.startConversation, {
    config: { rateLimit: messagesPerUser },
    handler: async (request, reply) => {
      const conversation = await conversations.start(ctx, actorOf(request), request.params.id, request.body);
      reply.status(201);
      return { conversation, message: ConversationMsg.sent };
    },
  });

  route(app, contracts.listInbox, {
    handler: async (request) => inbox.listInbox(ctx, actorOf(request), request.params.id, request.query),
  });

  route(app, contracts.inboxUnread, {
    handler: async (request) => inbox.inboxUnread(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.listMyConversations, {
    handler: async (request) => inbox.listMine(ctx, actorOf(request), request.query),
  });

  route(app, contracts.getConversation, {
    handler: async (request) => ({
      conversation: await conversations.get(ctx, actorOf(request), request.params.id),
    }),
  });

  route(app, contracts.sendMessage, {
    config: { rateLimit: messagesPerUser },
    handler: async (request, reply) => {
      const conversation = await conversations.send(ctx, actorOf(request), request.params.id, request.body);
      reply.status(201);
      return { conversation, message: ConversationMsg.sent };
    },
  });

  route(app, contracts.closeConversation, {
    handler: async (request) => ({
      conversation: await conversations.close(ctx, actorOf(request), request.params.id),
      message: ConversationMsg.closed,
    }),
  });

  route(app, contracts.blockConversationFollower, {
    handler: async (request) => ({
      conversation: await conversations.setBlocked(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.blocked,
      ),
      message: request.body.blocked ? ConversationMsg.blocked : ConversationMsg.unblocked,
    }),
  });
}
