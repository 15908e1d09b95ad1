import { postPath } from '../../../shared/push/payload';
import type { RecordedEvent } from '../../events/domain-event';
import type { Outbox } from '../../events/outbox-handle';
import { queueOperatorNotice } from '../operator-notices/operator-notice-queue';
import { findCommentTarget } from './comments.repo';

/**
 * A new comment as an operator notice (the email of those without push): quoted with the post it
 * is on, the button opening the post's comments.
 */
export async function queueCommentNotice(outbox: Outbox, event: RecordedEvent<'comment.created'>) {
  const post = await findCommentTarget(outbox.db, event.data.postId);
  if (!post) return;
  await queueOperatorNotice(outbox, {
    kind: 'comment',
    establishmentId: post.establishmentId,
    subjectId: event.data.commentId,
    actorId: event.actorId,
    context: post.text,
    text: event.data.text,
    path: `${postPath(post.establishmentId, post.id)}#comments`,
    createdAt: event.at,
  });
}
