import { z } from 'zod';
import { ReactionSummarySchema } from './notification.schema';
import { REACTION_KINDS } from './reaction-kinds';

/** What a reaction kind that is not one of ours answers, beside the field. */
export const REACTION_KIND_MESSAGE = `Choose one of: ${REACTION_KINDS.join(', ')}`;

const kindField = z.enum(REACTION_KINDS, { error: REACTION_KIND_MESSAGE });

/** PUT /api/notifications/{id}/reaction: set or change the caller's reaction to a post. */
export const ReactionBodySchema = z.object({ kind: kindField });
export type ReactionBody = z.infer<typeof ReactionBodySchema>;

/** The answer of setting or removing a reaction: the post's counts now, and the caller's own. */
export const ReactionResponseSchema = z.object({ reactions: ReactionSummarySchema });
export type ReactionResponse = z.infer<typeof ReactionResponseSchema>;

/** Reactions listed a page at a time. */
export const REACTIONS_PAGE_MAX = 50;

/** GET /api/notifications/{id}/reactions: who reacted, newest first, optionally of one kind. */
export const ReactionListQuerySchema = z.object({
  kind: kindField.optional(),
  /** From the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(REACTIONS_PAGE_MAX).default(20),
});
export type ReactionListQuery = z.input<typeof ReactionListQuerySchema>;

/** One person's reaction, as the operators of the post's establishment see it. */
export const ReactorSchema = z.object({
  user: z.object({
    id: z.string(),
    /** First and last name. */
    name: z.string(),
    /** Image name, served at /image/logo/{avatar}.jpeg; null: initials are shown. */
    avatar: z.string().nullable(),
  }),
  kind: z.enum(REACTION_KINDS),
  /** When they first reacted (changing the kind keeps the time). */
  createdAt: z.string(),
});
export type Reactor = z.infer<typeof ReactorSchema>;

export const ReactionListSchema = z.object({
  items: z.array(ReactorSchema),
  nextCursor: z.string().nullable(),
});
export type ReactionList = z.infer<typeof ReactionListSchema>;
