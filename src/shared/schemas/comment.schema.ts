import { z } from 'zod';
import { Msg, required, tooLong } from '../messages';
import { PostSchema } from './notification.schema';

/** Comments on posts (issue 16, item 2): plain text, links made clickable by the web app only. */

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
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** The reader wrote it. */
  mine: z.boolean(),
  /** The reader may change its text: its author (or an admin), while comments are on. */
  canEdit: z.boolean(),
  /** The reader may remove it: its author, a moderator of the post's establishment, an admin. */
  canDelete: z.boolean(),
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
