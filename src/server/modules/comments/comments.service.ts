import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, actsOnBehalfOf, can, type Resource, type Right } from '../../../shared/permissions';
import {
  type Comment,
  type CommentBody,
  CommentMsg,
  type CommentPage,
} from '../../../shared/schemas/comment.schema';
import type { Post } from '../../../shared/schemas/notification.schema';
import type { AppContext } from '../../context';
import { withOutbox } from '../../jobs/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize, authorizeBy } from '../../lib/authorize';
import * as accounts from '../account/account.repo';
import { recordAudit } from '../management/audit-log.repo';
import { userLabel } from '../management/managed-user.dto';
import { decodeCursor, encodeCursor } from '../notifications/notification.dto';
import * as notifications from '../notifications/notifications.service';
import * as repo from './comments.repo';

/**
 * Comments on posts (issue 16, item 2). Rights are can()'s: followers and operators of the post's
 * establishment comment (comment:create), authors edit and remove their own (comment:edit/delete),
 * those who may send for the establishment moderate (comment:moderate), admins do everything.
 */

const resourceOf = (post: repo.CommentTarget): Resource => ({
  establishmentId: post.establishmentId,
  registeredById: post.registeredById,
});

const commentsOff = () => new AppError(403, ErrorCode.COMMENTS_DISABLED, CommentMsg.disabled);

/**
 * The post comments are about, once the actor holds the right on it: it exists (it and its
 * establishment not deleted), the right holds for its establishment (can()), its establishment is
 * not blocked (as in the feeds: only those who may send for it still see it), and it is a post in
 * the feeds now (not a push-only notification, not a send still scheduled).
 */
async function loadPost(ctx: AppContext, actor: Actor, id: string, right: Right) {
  const post = await repo.findCommentTarget(ctx.db, id);
  if (!post) throw notFound();
  authorize(actor, right, resourceOf(post));
  if (post.blockedAt && !can(actor, 'notificationPost:create', resourceOf(post))) {
    throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);
  }
  if (!post.inFeed || post.status === 'scheduled') throw notFound();
  return post;
}

/** A comment not removed and its post (as loadPost finds it, without a right yet). */
async function loadComment(ctx: AppContext, id: string) {
  const comment = await repo.findComment(ctx.db, id);
  if (!comment) throw notFound();
  const post = await repo.findCommentTarget(ctx.db, comment.notificationId);
  if (!post?.inFeed || post.status === 'scheduled') throw notFound();
  return { comment, post };
}

const enabledOf = (post: repo.CommentTarget) => post.postEnabled && post.establishmentEnabled;

/** What the actor may do with a comment of this post. */
function abilities(actor: Actor, post: repo.CommentTarget, authorId: string) {
  const own = { ownerId: authorId };
  return {
    mine: authorId === actor.id,
    canEdit: enabledOf(post) && can(actor, 'comment:edit', own),
    canDelete: can(actor, 'comment:delete', own) || can(actor, 'comment:moderate', resourceOf(post)),
  };
}

function toCommentDto(row: repo.CommentViewRow, actor: Actor, post: repo.CommentTarget): Comment {
  return {
    id: row.id,
    text: row.text,
    author: { id: row.authorId, name: `${row.firstName} ${row.lastName}`.trim(), avatar: row.avatar },
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    ...abilities(actor, post, row.authorId),
  };
}

async function commentAnswer(ctx: AppContext, actor: Actor, id: string, post: repo.CommentTarget) {
  const row = await repo.findCommentView(ctx.db, id);
  // Removed by a moderator between the write and this read.
  if (!row) throw notFound();
  return toCommentDto(row, actor, post);
}

/** A page of a post's comments, oldest first: for whoever may read the post. */
export async function list(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  query: { cursor?: string; limit: number },
): Promise<CommentPage> {
  const post = await loadPost(ctx, actor, postId, 'notificationPost:read');
  const cursor = decodeCursor(query.cursor);
  if (query.cursor && !cursor) throw fieldError('cursor', CommentMsg.invalidCursor);
  const rows = await repo.listComments(ctx.db, post.id, { cursor, limit: query.limit + 1 });
  const items = rows.slice(0, query.limit);
  return {
    items: items.map((row) => toCommentDto(row, actor, post)),
    nextCursor: rows.length > query.limit ? encodeCursor(items.at(-1)!) : null,
    enabled: enabledOf(post),
    postEnabled: post.postEnabled,
    establishmentEnabled: post.establishmentEnabled,
    canModerate: can(actor, 'comment:moderate', resourceOf(post)),
  };
}

/**
 * Write a comment: a follower or operator of the post's establishment, while its comments are on.
 * With it, in one transaction, the operators' notice of this time window is queued (once per window).
 */
export async function create(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  body: CommentBody,
): Promise<Comment> {
  const post = await loadPost(ctx, actor, postId, 'comment:create');
  if (!enabledOf(post)) throw commentsOff();
  // Milliseconds, as the page cursors carry them; the product's clock (tests move it).
  const createdAt = ctx.now();
  const id = await withOutbox(ctx, async ({ db, emit }) => {
    const inserted = await repo.insertComment(db, {
      notificationId: post.id,
      authorId: actor.id,
      text: body.text,
      createdAt,
    });
    // The operators' notice follows from the event (events/consumers.ts).
    await emit({
      type: 'comment.created',
      establishmentId: post.establishmentId,
      subjectId: inserted,
      actorId: actor.id,
      data: { postId: post.id, commentId: inserted, text: body.text },
      at: createdAt,
    });
    return inserted;
  });
  return commentAnswer(ctx, actor, id, post);
}

/** Change a comment's text: its author (or an admin), while the post's comments are on. */
export async function edit(ctx: AppContext, actor: Actor, id: string, body: CommentBody): Promise<Comment> {
  const { comment, post } = await loadComment(ctx, id);
  authorize(actor, 'comment:edit', { ownerId: comment.authorId });
  if (!enabledOf(post)) throw commentsOff();
  if (!(await repo.updateCommentText(ctx.db, comment.id, body.text, ctx.now()))) throw notFound();
  return commentAnswer(ctx, actor, comment.id, post);
}

/**
 * Remove a comment: its author, or a moderator of the post's establishment (and admins). Someone
 * else's comment removed by someone who does not operate the establishment (an admin, its
 * representative) is recorded in the audit log about its author, in the same transaction (issue 31);
 * an operator moderating their own establishment's comments is not.
 */
export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const { comment, post } = await loadComment(ctx, id);
  authorizeBy(
    actor,
    (who) =>
      can(who, 'comment:delete', { ownerId: comment.authorId }) ||
      can(who, 'comment:moderate', resourceOf(post)),
  );
  const recorded = comment.authorId !== actor.id && actsOnBehalfOf(actor, resourceOf(post));
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.removeComment(tx, comment.id, actor.id, ctx.now()))) throw notFound();
    if (!recorded) return;
    const author = await accounts.findUserById(tx, comment.authorId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'comment.remove',
      targetUserId: comment.authorId,
      targetEstablishmentId: post.establishmentId,
      targetLabel: author ? userLabel(author) : comment.authorId,
      detail: { establishment: post.establishmentName, notificationId: post.id, commentId: comment.id },
    });
  });
}

/**
 * Turn a post's comments on or off (a moderator); answers the post as the actor sees it. Recorded
 * when the moderator does not operate the establishment (an admin, its representative).
 */
export async function setEnabled(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  enabled: boolean,
): Promise<{ post: Post; message: string }> {
  const post = await loadPost(ctx, actor, postId, 'comment:moderate');
  await ctx.db.transaction(async (tx) => {
    await repo.setPostCommentsEnabled(tx, post.id, enabled);
    if (actsOnBehalfOf(actor, resourceOf(post)))
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'comment.settings',
        targetEstablishmentId: post.establishmentId,
        targetLabel: post.establishmentName,
        detail: { notificationId: post.id, enabled },
      });
  });
  return {
    post: await notifications.get(ctx, actor, post.id),
    message: enabled ? CommentMsg.turnedOn : CommentMsg.turnedOff,
  };
}
