import { z } from 'zod';
import {
  BlockBodySchema,
  CommentParamsSchema,
  ConversationEstablishmentParamsSchema,
  ConversationPageSchema,
  ConversationParamsSchema,
  ConversationResponseSchema,
  InboxQuerySchema,
  MessageBodySchema,
  MessagePictureParamsSchema,
  MessagePictureQuerySchema,
  MessagePictureResponseSchema,
  PrivateReplyBodySchema,
  StartConversationBodySchema,
  UnreadCountSchema,
} from '../schemas/conversation.schema';
import { defineContract, errorResponses } from './contract';

/** Private conversations between a follower and a business ("Ask the business"). */

const tags = ['conversations'] as const;

export const startConversation = defineContract({
  operationId: 'startConversation',
  summary:
    'Ask the business: a follower (with an account and a confirmed address) writes to it privately. Adds to their open conversation with it, else opens one; postId names the post it is asked from. Rate limited per follower and per business; a follower the business blocked gets 403 with no reason.',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/conversations',
  access: 'conversation:start',
  params: ConversationEstablishmentParamsSchema,
  body: StartConversationBodySchema,
  responses: { 201: ConversationResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
});

export const listInbox = defineContract({
  operationId: 'listInbox',
  summary:
    "The business's inbox, shared by its operators: its conversations newest first, filtered (open, answered, unanswered, closed), and the unread count. Admins' reads are recorded.",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/conversations',
  access: 'conversation:manage',
  params: ConversationEstablishmentParamsSchema,
  query: InboxQuerySchema,
  responses: { 200: ConversationPageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const inboxUnread = defineContract({
  operationId: 'inboxUnread',
  summary: "How many of the business's open conversations its operators have not read (the sidebar's count)",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/conversations/unread',
  access: 'conversation:manage',
  params: ConversationEstablishmentParamsSchema,
  responses: { 200: UnreadCountSchema, ...errorResponses(400, 401, 403, 404) },
});

export const listMyConversations = defineContract({
  operationId: 'listMyConversations',
  summary: "The signed-in follower's conversations with businesses, newest first, and how many are unread",
  tags,
  method: 'GET',
  path: '/api/conversations',
  access: 'conversation:read',
  query: InboxQuerySchema,
  responses: { 200: ConversationPageSchema, ...errorResponses(400, 401, 403) },
});

export const getConversation = defineContract({
  operationId: 'getConversation',
  summary:
    "A conversation and its messages, marked read for the reader's side: its follower, the business's operators, admins (recorded). 404 to anyone else, whether it exists or not.",
  tags,
  method: 'GET',
  path: '/api/conversations/:id',
  access: 'conversation:read',
  params: ConversationParamsSchema,
  responses: { 200: ConversationResponseSchema, ...errorResponses(400, 401, 404) },
});

export const sendMessage = defineContract({
  operationId: 'sendMessage',
  summary:
    'Write in a conversation: its follower, or an operator as the business. 403 once it is closed or the follower is blocked.',
  tags,
  method: 'POST',
  path: '/api/conversations/:id/messages',
  access: 'conversation:read',
  params: ConversationParamsSchema,
  body: MessageBodySchema,
  responses: { 201: ConversationResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
});

export const closeConversation = defineContract({
  operationId: 'closeConversation',
  summary: 'Close a conversation (an operator of the business); its follower may ask again in a new one',
  tags,
  method: 'POST',
  path: '/api/conversations/:id/close',
  access: 'conversation:read',
  params: ConversationParamsSchema,
  responses: { 200: ConversationResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const blockConversationFollower = defineContract({
  operationId: 'blockConversationFollower',
  summary:
    "Stop the conversation's follower from messaging the business, or let them again (an operator). They see that they cannot write, not why.",
  tags,
  method: 'PUT',
  path: '/api/conversations/:id/block',
  access: 'conversation:read',
  params: ConversationParamsSchema,
  body: BlockBodySchema,
  responses: { 200: ConversationResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const uploadMessagePicture = defineContract({
  operationId: 'uploadMessagePicture',
  summary:
    'Upload a picture to a conversation (multipart field "file": JPEG, PNG, WebP, GIF or AVIF, at most 10 MB and 40 megapixels; re-encoded), to attach to the next message by its id. Whoever may write in it now: its follower (not blocked) or an operator; not once it is closed. Unattached uploads are removed after an hour.',
  tags,
  method: 'POST',
  path: '/api/conversations/:id/pictures',
  access: 'conversation:read',
  consumes: ['multipart/form-data'],
  params: ConversationParamsSchema,
  responses: { 201: MessagePictureResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
});

export const getMessagePicture = defineContract({
  operationId: 'getMessagePicture',
  summary:
    "A picture of a conversation's message, as a JPEG: size=thumb (at most 480 pixels a side) or full (1600). Whoever may read the conversation (admins recorded); 404 to anyone else, whether it exists or not.",
  tags,
  method: 'GET',
  path: '/api/conversations/:id/pictures/:picture',
  access: 'conversation:read',
  params: MessagePictureParamsSchema,
  query: MessagePictureQuerySchema,
  responses: {
    // Not JSON: the picture itself, image/jpeg; the web fetches it with the bearer token.
    200: z.any().describe('The picture: image/jpeg'),
    ...errorResponses(400, 401, 404),
  },
});

export const replyToCommentPrivately = defineContract({
  operationId: 'replyToCommentPrivately',
  summary:
    "Reply privately to a follower's comment as the business (an operator): a message in the follower's private conversation with it (their open one, else a new one from the comment's post), quoting the comment. 409 when the comment is the business's own, or its author is a guest without an email address (who could not read it).",
  tags,
  method: 'POST',
  path: '/api/comments/:id/private-reply',
  access: 'conversation:manage',
  params: CommentParamsSchema,
  body: PrivateReplyBodySchema,
  responses: { 201: ConversationResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
});
