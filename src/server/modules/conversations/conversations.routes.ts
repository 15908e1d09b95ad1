import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '../../../shared/contracts/conversations.contracts';
import { ConversationMsg } from '../../../shared/schemas/conversation.schema';
import type { AppContext } from '../../context';
import { sendSerialized } from '../../lib/http-cache';
import { route } from '../../lib/route';
import { withImageUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth.plugin';
import { uploadsPerUser } from '../../plugins/rate-limit.plugin';
import * as conversations from './conversations.service';
import * as inbox from './inbox.service';
import * as pictures from './message-pictures.service';
import { replyPrivately } from './private-reply.service';

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
    handler: async (request, reply) =>
      sendSerialized(reply, await inbox.listInbox(ctx, actorOf(request), request.params.id, request.query)),
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

  route(app, contracts.uploadMessagePicture, {
    config: { rateLimit: uploadsPerUser(ctx) },
    handler: async (request, reply) => {
      // The right first: nobody's upload is read into a conversation they may not write in.
      const row = await pictures.admitUpload(ctx, actorOf(request), request.params.id);
      const picture = await withImageUpload(request, ctx.config.dataDir, ({ file }) =>
        pictures.uploadPicture(ctx, row.id, file),
      );
      reply.status(201);
      return { picture };
    },
  });

  route(app, contracts.getMessagePicture, {
    handler: async (request, reply) => {
      const jpeg = await pictures.getPicture(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.picture,
        request.query.size,
      );
      // Private to the conversation's readers; a name is never reused, so a browser may keep it.
      return reply.header('cache-control', 'private, max-age=86400').type('image/jpeg').send(jpeg);
    },
  });

  route(app, contracts.replyToCommentPrivately, {
    config: { rateLimit: messagesPerUser },
    handler: async (request, reply) => {
      const conversation = await replyPrivately(ctx, actorOf(request), request.params.id, request.body);
      reply.status(201);
      return { conversation, message: ConversationMsg.sent };
    },
  });
}
