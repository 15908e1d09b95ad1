import { type Actor, can } from '../../../shared/permissions';
import { CommentMsg } from '../../../shared/schemas/comment.schema';
import type { AppContext } from '../../context';
import type { DomainEvent } from '../../events/domain-event';
import { fieldError } from '../../lib/app-error';
import * as repo from './comments.repo';

/**
 * Replies: a comment that answers another comment of the same post, one level deep. Replying to
 * a reply is refused naming the field (the web app offers "Reply" on comments only); a comment
 * removed, or hidden from the writer, cannot be answered.
 */
export async function replyParent(
  ctx: AppContext,
  actor: Actor,
  post: repo.CommentTarget,
  parentId: string,
): Promise<NonNullable<Awaited<ReturnType<typeof repo.findComment>>>> {
  const parent = await repo.findComment(ctx.db, parentId);
  const visible =
    parent &&
    parent.notificationId === post.id &&
    (parent.hiddenAt === null ||
      parent.authorId === actor.id ||
      can(actor, 'comment:moderate', {
        establishmentId: post.establishmentId,
        registeredById: post.registeredById,
      }));
  if (!visible) throw fieldError('parentId', CommentMsg.parentGone);
  if (parent.parentId !== null) throw fieldError('parentId', CommentMsg.replyToReply);
  return parent;
}

/** `comment.replied`: a public event, beside the `comment.created` every comment records. */
export const commentRepliedEvent = (
  post: { id: string; establishmentId: string },
  reply: { id: string; text: string; asBusiness: boolean; authorId: string },
  parent: { id: string; asBusiness: boolean },
  at: Date,
): DomainEvent & { at: Date } => ({
  type: 'comment.replied',
  establishmentId: post.establishmentId,
  subjectId: reply.id,
  actorId: reply.authorId,
  data: {
    postId: post.id,
    commentId: reply.id,
    parentCommentId: parent.id,
    text: reply.text,
    asBusiness: reply.asBusiness,
    parentAsBusiness: parent.asBusiness,
  },
  at,
});
