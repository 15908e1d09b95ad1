import { ErrorCode } from '../../../shared/errors';
import type { Actor } from '../../../shared/permissions';
import {
  COMMENT_QUOTE_MAX,
  type Conversation,
  ConversationMsg,
  type PrivateReplyBody,
} from '../../../shared/schemas/conversation.schema';
import type { AppContext } from '../../context';
import { withOutbox } from '../../events/outbox';
import { AppError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as repo from './conversations.repo';
import { answer, cannotWrite, write } from './conversations.service';
import { findCommentToAnswer } from './private-reply.repo';

/**
 * "Reply privately" from the business's side: an operator takes a follower's comment to the
 * follower's private conversation with the business, quoted as mail quotes are, so the follower
 * reads what is answered. A comment the business wrote, or a guest's (no address, no account to
 * read it with), has nobody to answer: 409 with the reason.
 */

/** The comment as a quote: its author and its words (cut), each line marked with "> ". */
export function quoteComment(comment: { firstName: string; lastName: string; text: string }): string {
  const chars = [...comment.text.trim()];
  const text =
    chars.length > COMMENT_QUOTE_MAX ? `${chars.slice(0, COMMENT_QUOTE_MAX).join('')}…` : chars.join('');
  const name = `${comment.firstName} ${comment.lastName}`.trim();
  return [`${name}:`, ...text.split('\n')].map((line) => `> ${line}`).join('\n');
}

const nobodyToAnswer = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);

export async function replyPrivately(
  ctx: AppContext,
  actor: Actor,
  commentId: string,
  body: PrivateReplyBody,
): Promise<Conversation> {
  const comment = await findCommentToAnswer(ctx.db, commentId);
  // A removed comment is no more there to answer than a missing one.
  if (!comment || comment.deletedAt) throw notFound();
  const { establishmentId, authorId } = comment;
  authorize(actor, 'conversation:manage', { establishmentId, ownerId: authorId });
  const establishment = await repo.findEstablishment(ctx.db, establishmentId);
  if (!establishment || establishment.deletedAt || establishment.blockedAt) throw cannotWrite();
  if (comment.asBusiness || comment.authorOperates) throw nobodyToAnswer(ConversationMsg.ownComment);
  if (comment.guest || !comment.email) throw nobodyToAnswer(ConversationMsg.guestNoEmail);
  const text = `${quoteComment(comment)}\n\n${body.text}`;
  const at = ctx.now();
  const id = await withOutbox(ctx, async (outbox) => {
    const open = await repo.findOpenConversation(outbox.db, establishmentId, authorId);
    const postId = open ? null : comment.postId;
    const conversationId =
      open ??
      (await repo.insertConversation(outbox.db, { establishmentId, followerId: authorId, postId, at }));
    await write(
      outbox,
      { id: conversationId, establishmentId, followerId: authorId, postId },
      actor,
      { text, picture: null, fromBusiness: true },
      at,
    );
    return conversationId;
  });
  return answer(ctx, actor, id);
}
