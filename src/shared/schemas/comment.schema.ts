import { z } from 'zod';
import { Msg, required, tooLong } from '../messages';
import { PostSchema } from './notification.schema';

/** Comments on posts: plain text, links made clickable by the web app only. */

/** The longest comment: a few paragraphs, not an essay. */
export const COMMENT_TEXT_MAX = 1000;

/** The field's name in messages: "comment is required", "Comment must be at most 1000 characters". */
export const COMMENT_LABEL = 'comment';

/** Messages of the comment rules, written once (the web app translates them by these texts). */
export const CommentMsg = {
  required: required(COMMENT_LABEL),
  tooLong: tooLong(COMMENT_LABEL, COMMENT_TEXT_MAX),
  notText: 'A comment must be text',
  badCharacter: 'The comment contains a character that is not allowed',
  disabled: 'Comments are turned off for this post.',
  created: 'Comment posted',
  updated: 'Comment updated',
  deleted: 'Comment deleted',
  turnedOn: 'Comments are on for this post',
  turnedOff: 'Comments are off for this post',
  invalidCursor: 'This page link is not valid. Reload the comments.',
  // The business's own voice.
  muted: 'The business has turned off your comments on its posts.',
  hidden: 'Comment hidden. Only its author and the business see it now.',
  shown: 'Comment shown again',
  mutedDone: 'Their comments are turned off for this business',
  unmuted: 'Their comments are turned on again',
  cannotMute: 'Only a follower’s comments can be turned off.',
  cannotHideBusiness: 'The business’s own comments are not hidden: edit or delete them.',
  asBusinessNotAllowed: 'Only those who operate this business comment as the business.',
  notBoolean: 'asBusiness must be true or false',
  hiddenNotBoolean: 'hidden must be true or false',
  // Replies, one level deep.
  replied: 'Reply posted',
  parentId: 'parentId must be the id of a comment',
  parentGone: 'The comment you are replying to is no longer there.',
  replyToReply: 'A reply cannot be answered: reply to the comment it answers.',
} as const;

/**
 * PostgreSQL text holds no NUL, and no other control character is text a person writes: only line
 * breaks and tabs pass.
 */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** POST /api/notifications/{id}/comments and PATCH /api/comments/{id}. */
export const CommentBodySchema = z.object({
  text: z
    .string({ error: (issue) => (issue.input == null ? CommentMsg.required : CommentMsg.notText) })
    .trim()
    .min(1, CommentMsg.required)
    .max(COMMENT_TEXT_MAX, CommentMsg.tooLong)
    .refine((text) => !hasControlCharacter(text), CommentMsg.badCharacter),
});
export type CommentBody = z.infer<typeof CommentBodySchema>;

/**
 * POST /api/notifications/{id}/comments: the text, and whether an operator writes as the business
 * (its name and logo, an "operator" badge). Omitted: as the person.
 */
export const CreateCommentBodySchema = CommentBodySchema.extend({
  asBusiness: z.boolean({ error: CommentMsg.notBoolean }).optional(),
  /** A reply to this comment of the same post (one level: never to a reply). */
  parentId: z.uuid({ error: CommentMsg.parentId }).optional(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

/** A comment as a reader of the post sees it. Removed comments are never served. */
export const CommentSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: z.object({
    id: z.string(),
    name: z.string(),
    /** Picture name, served at /image/logo/{avatar}.jpeg; null: initials. */
    avatar: z.string().nullable(),
  }),
  /**
   * Written in the business's voice: `author` is then the establishment (its id, name and
   * logo, served as establishment logos are), shown with an "operator" badge.
   */
  asBusiness: z.boolean(),
  /** For the business's moderators, who of them wrote a comment in its voice; null otherwise. */
  writtenBy: z.string().nullable(),
  /**
   * Hidden by a moderator: only its author and the moderators are served it, marked.
   */
  hidden: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** A reply: the comment it answers, shown under it. Null: a comment on the post. */
  parentId: z.string().nullable(),
  /** The reader wrote it. */
  mine: z.boolean(),
  /** The reader may change its text: its author (or an admin), while comments are on. */
  canEdit: z.boolean(),
  /** The reader may remove it: its author, a moderator of the post's establishment, an admin. */
  canDelete: z.boolean(),
  /** The reader may hide it or show it again: a moderator (not on the business's own comments). */
  canHide: z.boolean(),
  /**
   * The reader may turn its author's comments off (or on) for the business: a moderator, about a
   * follower who does not operate it. `authorMuted` says which (false for everyone else).
   */
  canMute: z.boolean(),
  authorMuted: z.boolean(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentResponseSchema = z.object({ comment: CommentSchema, message: z.string().optional() });

export const CommentsQuerySchema = z.object({
  /** From the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type CommentsQuery = z.input<typeof CommentsQuerySchema>;

/** A page of a post's comments, oldest first (a conversation reads down). */
export const CommentPageSchema = z.object({
  items: z.array(CommentSchema),
  nextCursor: z.string().nullable(),
  /** New comments are taken: the post's switch and its establishment's are both on. */
  enabled: z.boolean(),
  /** The post's own switch (a moderator turns it on and off on the post page). */
  postEnabled: z.boolean(),
  /** The establishment's switch ("Followers may comment" in its settings). */
  establishmentEnabled: z.boolean(),
  /** The reader may moderate: remove anyone's comment, turn the post's comments off (comment:moderate). */
  canModerate: z.boolean(),
  /** The reader's comments on this business are turned off: the box says so instead. */
  muted: z.boolean(),
  /** The reader may comment as the business: the box offers the switch, on by default. */
  canCommentAsBusiness: z.boolean(),
});
export type CommentPage = z.infer<typeof CommentPageSchema>;

/** PATCH /api/notifications/{id}/comment-settings */
export const CommentSettingsBodySchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type CommentSettingsBody = z.infer<typeof CommentSettingsBodySchema>;

export const CommentSettingsResponseSchema = z.object({ post: PostSchema, message: z.string() });

/** `:id` of a comment. */
export const CommentParamsSchema = z.object({ id: z.uuid({ error: Msg.notFound }) });

/** PUT /api/comments/{id}/hidden: a moderator hides a comment or shows it again. */
export const CommentHiddenBodySchema = z.object({
  hidden: z.boolean({ error: CommentMsg.hiddenNotBoolean }),
});
export type CommentHiddenBody = z.infer<typeof CommentHiddenBodySchema>;

/** A follower whose comments on a business are turned off, for its moderators. */
export const CommentMuteSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
  mutedAt: z.string(),
  /** Who turned them off; null once that account is gone. */
  mutedBy: z.string().nullable(),
});
export type CommentMute = z.infer<typeof CommentMuteSchema>;

export const CommentMuteListSchema = z.object({ items: z.array(CommentMuteSchema) });
export type CommentMuteList = z.infer<typeof CommentMuteListSchema>;

export const CommentMuteResponseSchema = z.object({ items: z.array(CommentMuteSchema), message: z.string() });

/** `:id` of an establishment and `:userId` of one of its followers. */
export const CommentMuteParamsSchema = z.object({
  id: z.string().min(1).max(64),
  userId: z.uuid({ error: Msg.notFound }),
});
