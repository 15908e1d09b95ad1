import { z } from 'zod';
import { Msg, required, tooLong } from '../messages';

/** Private conversations between a follower and a business ("Ask the business"): plain text and pictures. */

/** The longest message: a question or an answer, not a letter. */
export const MESSAGE_TEXT_MAX = 2000;

export const MESSAGE_LABEL = 'message';

/** Messages of the conversation rules, written once (the web app translates them by key). */
export const ConversationMsg = {
  required: required(MESSAGE_LABEL),
  tooLong: tooLong(MESSAGE_LABEL, MESSAGE_TEXT_MAX),
  notText: 'A message must be text',
  badCharacter: 'The message contains a character that is not allowed',
  sent: 'Message sent',
  closed: 'Conversation closed',
  closedAlready: 'This conversation is closed.',
  cannotWrite: 'You cannot write to this business.',
  blocked: 'They can no longer message this business',
  unblocked: 'They can message this business again',
  businessBusy: 'This business receives too many messages right now. Try again later.',
  invalidCursor: 'This page link is not valid. Reload the conversations.',
  notBoolean: 'blocked must be true or false',
  pictureNotFound: 'This picture was not uploaded to this conversation. Attach it again.',
  pictureUsed: 'This picture is already in a message. Attach it again.',
  ownComment: 'This comment is the business’s own: there is nobody to answer privately.',
  guestNoEmail:
    'This follower has no account with an email address, so they cannot read a private message. Answer in public instead.',
} as const;

/** Only line breaks and tabs among control characters: PostgreSQL text holds no NUL. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** A message's words, checked: trimmed, at most MESSAGE_TEXT_MAX, no control character. */
const messageText = z
  .string({ error: (issue) => (issue.input == null ? ConversationMsg.required : ConversationMsg.notText) })
  .trim()
  .max(MESSAGE_TEXT_MAX, ConversationMsg.tooLong)
  .refine((text) => !hasControlCharacter(text), ConversationMsg.badCharacter);

/**
 * POST /api/conversations/{id}/messages: words, a picture uploaded to the conversation
 * (POST /api/conversations/{id}/pictures), or both.
 */
export const MessageBodySchema = z
  .object({
    text: messageText.default(''),
    picture: z.uuid({ error: ConversationMsg.pictureNotFound }).optional(),
  })
  .refine((body) => body.text.length > 0 || body.picture !== undefined, {
    path: ['text'],
    message: ConversationMsg.required,
  });
export type MessageBody = z.infer<typeof MessageBodySchema>;

/** A conversation's postId that is no post of the business's. */
export const POST_ID_INVALID = 'postId must be a post id';

/** POST /api/establishments/{id}/conversations: the first message (words), and the post it is asked from. */
export const StartConversationBodySchema = z.object({
  text: messageText.pipe(z.string().min(1, ConversationMsg.required)),
  postId: z.uuid({ error: POST_ID_INVALID }).optional(),
});
export type StartConversationBody = z.infer<typeof StartConversationBodySchema>;

/** POST /api/comments/{id}/private-reply: the business's words; the comment is quoted before them. */
export const PrivateReplyBodySchema = z.object({
  text: messageText.pipe(z.string().min(1, ConversationMsg.required)),
});
export type PrivateReplyBody = z.infer<typeof PrivateReplyBodySchema>;

/** Characters of a comment quoted at the top of a private reply to it. */
export const COMMENT_QUOTE_MAX = 300;

export const ConversationParamsSchema = z.object({ id: z.uuid({ error: Msg.notFound }) });
export const CommentParamsSchema = z.object({ id: z.uuid({ error: Msg.notFound }) });
export const ConversationEstablishmentParamsSchema = z.object({ id: z.uuid({ error: Msg.notFound }) });

/** One message; `fromBusiness` ones are shown with the business's name, never the operator's. */
export const ConversationMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  fromBusiness: z.boolean(),
  /** For the business's operators: which colleague wrote a business message; null otherwise. */
  writtenBy: z.string().nullable(),
  mine: z.boolean(),
  /** A picture: its thumbnail and the larger one at GET /api/conversations/{id}/pictures/{picture}. */
  picture: z.string().nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

/** A conversation as a list shows it: the other side, the newest message, its state. */
export const ConversationSummarySchema = z.object({
  id: z.string(),
  establishment: z.object({ id: z.string(), name: z.string(), logo: z.string().nullable() }),
  /** The follower, by name (for the business's operators and the follower themself). */
  follower: z.object({ id: z.string(), name: z.string() }),
  postId: z.string().nullable(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  answered: z.boolean(),
  /** The reader's side has not read the newest message. */
  unread: z.boolean(),
  /** Closed by the business, or the business is blocked or deleted: nobody writes any more. */
  closed: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** A conversation with its messages, oldest first, and what the reader may do. */
export const ConversationSchema = ConversationSummarySchema.extend({
  messages: z.array(ConversationMessageSchema),
  /** The reader may write: the follower (not blocked, not closed) or an operator (not closed). */
  canWrite: z.boolean(),
  /** The reader answers as the business: close, block. */
  canManage: z.boolean(),
  /** For the operators: the follower is blocked from messaging the business. */
  followerBlocked: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationResponseSchema = z.object({
  conversation: ConversationSchema,
  message: z.string().optional(),
});

export const INBOX_FILTERS = ['all', 'open', 'answered', 'unanswered', 'closed'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const InboxQuerySchema = z.object({
  filter: z
    .enum(INBOX_FILTERS, { error: `filter must be one of: ${INBOX_FILTERS.join(', ')}` })
    .default('all'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type InboxQuery = z.input<typeof InboxQuerySchema>;

/** A page of conversations, newest first. */
export const ConversationPageSchema = z.object({
  items: z.array(ConversationSummarySchema),
  nextCursor: z.string().nullable(),
  /** Unread conversations of the list's owner: the sidebar's count. */
  unread: z.number().int(),
});
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });

/** PUT /api/conversations/{id}/block */
export const BlockBodySchema = z.object({ blocked: z.boolean({ error: ConversationMsg.notBoolean }) });

/** POST /api/conversations/{id}/pictures: the picture, stored, to attach to the next message. */
export const MessagePictureResponseSchema = z.object({ picture: z.object({ id: z.string() }) });
export type MessagePictureResponse = z.infer<typeof MessagePictureResponseSchema>;

export const MessagePictureParamsSchema = z.object({
  id: z.uuid({ error: Msg.notFound }),
  picture: z.uuid({ error: Msg.notFound }),
});

/** thumb: at most 480 pixels a side, as the thread shows it; full: at most 1600, opened larger. */
export const MessagePictureQuerySchema = z.object({
  size: z.enum(['thumb', 'full'], { error: 'size must be thumb or full' }).default('full'),
});
