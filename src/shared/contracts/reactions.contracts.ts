import { NotificationParamsSchema } from '../schemas/notification.schema';
import {
  ReactionBodySchema,
  ReactionListQuerySchema,
  ReactionListSchema,
  ReactionResponseSchema,
} from '../schemas/reaction.schema';
import { defineContract, errorResponses } from './contract';

/** Reactions to posts. */

const tags = ['reactions'] as const;

export const setReaction = defineContract({
  operationId: 'setReaction',
  summary:
    "Set or change the caller's reaction to a post (one per person and post); answers the post's counts and the caller's reaction",
  tags,
  method: 'PUT',
  path: '/api/notifications/:id/reaction',
  access: 'reaction',
  params: NotificationParamsSchema,
  body: ReactionBodySchema,
  responses: { 200: ReactionResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const removeReaction = defineContract({
  operationId: 'removeReaction',
  summary: "Take back the caller's reaction to a post (none is fine); answers the post's counts",
  tags,
  method: 'DELETE',
  path: '/api/notifications/:id/reaction',
  access: 'reaction',
  params: NotificationParamsSchema,
  responses: { 200: ReactionResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const listReactions = defineContract({
  operationId: 'listReactions',
  summary: 'Who reacted to a post, newest first, a page at a time (those who may send for its establishment)',
  tags,
  method: 'GET',
  path: '/api/notifications/:id/reactions',
  access: 'reaction:list',
  params: NotificationParamsSchema,
  query: ReactionListQuerySchema,
  responses: { 200: ReactionListSchema, ...errorResponses(400, 401, 403, 404) },
});
