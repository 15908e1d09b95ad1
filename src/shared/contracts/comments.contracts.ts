import { MessageSchema } from '../errors';
import {
  CommentBodySchema,
  CommentPageSchema,
  CommentParamsSchema,
  CommentResponseSchema,
  CommentSettingsBodySchema,
  CommentSettingsResponseSchema,
  CommentsQuerySchema,
  CreateCommentBodySchema,
} from '../schemas/comment.schema';
import { NotificationParamsSchema } from '../schemas/notification.schema';
import { defineContract, errorResponses } from './contract';

/** Comments on posts. */

const tags = ['comments'] as const;

export const listComments = defineContract({
  operationId: 'listComments',
  summary:
    "A post's comments, oldest first, a page at a time (removed ones left out), and whether new ones are taken",
  tags,
  method: 'GET',
  path: '/api/notifications/:id/comments',
  access: 'notificationPost:read',
  params: NotificationParamsSchema,
  query: CommentsQuerySchema,
  responses: { 200: CommentPageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const createComment = defineContract({
  operationId: 'createComment',
  summary:
    "Comment on a post (a follower or operator of its establishment; plain text, 1-1000 characters), as the business with asBusiness (who operates it). 403 COMMENTS_DISABLED while comments are off, COMMENTS_MUTED when the business turned the writer's comments off; rate limited per user.",
  tags,
  method: 'POST',
  path: '/api/notifications/:id/comments',
  access: 'comment:create',
  params: NotificationParamsSchema,
  body: CreateCommentBodySchema,
  responses: { 201: CommentResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
});

export const editComment = defineContract({
  operationId: 'editComment',
  summary: "Change a comment's text (its author or an admin), while the post's comments are on",
  tags,
  method: 'PATCH',
  path: '/api/comments/:id',
  access: 'comment:edit',
  params: CommentParamsSchema,
  body: CommentBodySchema,
  responses: { 200: CommentResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
});

export const deleteComment = defineContract({
  operationId: 'deleteComment',
  summary:
    'Remove a comment: its author, or a moderator (who may send for the establishment: an operating client, its representative; an admin)',
  tags,
  method: 'DELETE',
  path: '/api/comments/:id',
  access: 'comment:delete',
  params: CommentParamsSchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const setCommentSettings = defineContract({
  operationId: 'setCommentSettings',
  summary: "Turn a post's comments on or off (a moderator of its establishment); answers the post",
  tags,
  method: 'PATCH',
  path: '/api/notifications/:id/comment-settings',
  access: 'comment:moderate',
  params: NotificationParamsSchema,
  body: CommentSettingsBodySchema,
  responses: { 200: CommentSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
});
