import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, can, type Right } from '../../../shared/permissions';
import {
  type Comment,
  type CommentBody,
  CommentMsg,
  type CommentPage,
  type CreateCommentBody,
} from '../../../shared/schemas/comment.schema';
import type { Post } from '../../../shared/schemas/notification.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize, authorizeBy } from '../../lib/authorize';
import * as accounts from '../account';
import { userLabel } from '../management/managed-user.dto';
import { decodeCursor, encodeCursor } from '../notifications/notification.dto';
import { get as getPost } from '../notifications/post-reads.service';
import { commentRepliedEvent, replyParent } from './comment-replies';
import { enabledOf, resourceOf, standingFor, toCommentDto } from './comments.dto';
import * as repo from './comments.repo';

/**
 * Comments on posts. Rights are can()'s: followers and operators of the post's
 * establishment comment (comment:create), authors edit and remove their own (comment:edit/delete),
 * those who may send for the establishment moderate (comment:moderate), admins do everything.
 */

const commentsOff = () => new AppError(403, ErrorCode.COMMENTS_DISABLED, CommentMsg.disabled);

/**
 * The business turned the writer's comments off. Refused, and said so, rather than
 * hidden without telling: the follower knows where they stand and types nothing in vain, and
 * nothing they cannot see piles up for the moderators.
 */
const commentsMuted = () => new AppError(403, ErrorCode.COMMENTS_MUTED, CommentMsg.muted);

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

/** The business a post speaks for, as the audit log names it. */
const businessOf = (post: repo.CommentTarget) => ({ id: post.establishmentId, name: post.establishmentName });

/** A moderator who does not operate the business removing, hiding or showing someone's comment. */
function auditCommentWrite(
  tx: Db,
  actor: Actor,
  post: repo.CommentTarget,
  comment: { id: string; authorId: string },
  action: 'comment.remove' | 'comment.hide' | 'comment.show',
) {
  return auditOnBehalf(tx, actor, businessOf(post), async () => {
    const author = await accounts.findUserById(tx, comment.authorId);
    return {
      action,
      targetUserId: comment.authorId,
      targetLabel: author ? userLabel(author) : comment.authorId,
      detail: { establishment: post.establishmentName, notificationId: post.id, commentId: comment.id },
    };
  });
}

async function commentAnswer(ctx: AppContext, actor: Actor, id: string, post: repo.CommentTarget) {
  const row = await repo.findCommentView(ctx.db, id);
  // Removed by a moderator between the write and this read.
  if (!row) throw notFound();
  return toCommentDto(row, actor, post, await standingFor(ctx, actor, post, [row.authorId]));
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
  const canModerate = can(actor, 'comment:moderate', resourceOf(post));
  const [rows, muted] = await Promise.all([
    repo.listComments(ctx.db, post.id, {
      cursor,
      limit: query.limit + 1,
      readerId: actor.id,
      withHidden: canModerate,
    }),
    repo.isMuted(ctx.db, post.establishmentId, actor.id),
  ]);
  const items = rows.slice(0, query.limit);
  const standing = await standingFor(
    ctx,
    actor,
    post,
    items.map((row) => row.authorId),
  );
  return {
    items: items.map((row) => toCommentDto(row, actor, post, standing, muted)),
    nextCursor: rows.length > query.limit ? encodeCursor(items.at(-1)!) : null,
    enabled: enabledOf(post),
    postEnabled: post.postEnabled,
    establishmentEnabled: post.establishmentEnabled,
    canModerate,
    muted,
    canCommentAsBusiness: can(actor, 'comment:asBusiness', resourceOf(post)),
  };
}

/**
 * Write a comment: a follower or operator of the post's establishment, while its comments are on
 * and the business has not turned the writer's comments off. With `asBusiness`, in the business's
 * voice: who operates it (comment:asBusiness); an admin doing so acts on its behalf, recorded.
 * With `parentId`, a reply to that comment (comment-replies.ts). With it, in one transaction, its
 * events: the operators' notices follow from them.
 */
export async function create(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  body: CreateCommentBody,
): Promise<Comment> {
  const post = await loadPost(ctx, actor, postId, 'comment:create');
  const asBusiness = body.asBusiness === true;
  if (asBusiness && !can(actor, 'comment:asBusiness', resourceOf(post)))
    throw new AppError(403, ErrorCode.FORBIDDEN, CommentMsg.asBusinessNotAllowed, {
      asBusiness: CommentMsg.asBusinessNotAllowed,
    });
  if (!enabledOf(post)) throw commentsOff();
  if (await repo.isMuted(ctx.db, post.establishmentId, actor.id)) throw commentsMuted();
  const parent = body.parentId ? await replyParent(ctx, actor, post, body.parentId) : null;
  // Milliseconds, as the page cursors carry them; the product's clock (tests move it).
  const createdAt = ctx.now();
  const id = await withOutbox(ctx, async ({ db, emit }) => {
    const inserted = await repo.insertComment(db, {
      notificationId: post.id,
      authorId: actor.id,
      text: body.text,
      createdAt,
      asBusiness,
      parentId: parent?.id ?? null,
    });
    if (asBusiness)
      await auditOnBehalf(db, actor, businessOf(post), {
        action: 'comment.asBusiness',
        detail: { notificationId: post.id, commentId: inserted },
      });
    // The operators' notice follows from the event (events/consumers.ts).
    await emit({
      type: 'comment.created',
      establishmentId: post.establishmentId,
      subjectId: inserted,
      actorId: actor.id,
      data: { postId: post.id, commentId: inserted, text: body.text, asBusiness },
      at: createdAt,
    });
    // The parent's author hears of the reply from this one (events/consumers.ts).
    if (parent)
      await emit(
        commentRepliedEvent(
          post,
          { id: inserted, text: body.text, asBusiness, authorId: actor.id },
          parent,
          createdAt,
        ),
      );
    return inserted;
  });
  return commentAnswer(ctx, actor, id, post);
}

/**
 * Change a comment's text: its author (or an admin), while the post's comments are on and the
 * business has not turned the author's comments off.
 */
export async function edit(ctx: AppContext, actor: Actor, id: string, body: CommentBody): Promise<Comment> {
  const { comment, post } = await loadComment(ctx, id);
  authorize(actor, 'comment:edit', { ownerId: comment.authorId });
  if (!enabledOf(post)) throw commentsOff();
  if (!comment.asBusiness && (await repo.isMuted(ctx.db, post.establishmentId, comment.authorId)))
    throw commentsMuted();
  if (!(await repo.updateCommentText(ctx.db, comment.id, body.text, ctx.now()))) throw notFound();
  return commentAnswer(ctx, actor, comment.id, post);
}

/**
 * Remove a comment: its author, or a moderator of the post's establishment (and admins). Someone
 * else's comment removed by someone who does not operate the establishment (an admin, its
 * representative) is recorded in the audit log about its author, in the same transaction;
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
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.removeComment(tx, comment.id, actor.id, ctx.now()))) throw notFound();
    // One's own comment is not recorded, whoever removes it.
    if (comment.authorId !== actor.id) await auditCommentWrite(tx, actor, post, comment, 'comment.remove');
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
    await auditOnBehalf(tx, actor, businessOf(post), {
      action: 'comment.settings',
      detail: { notificationId: post.id, enabled },
    });
  });
  return {
    post: await getPost(ctx, actor, post.id),
    message: enabled ? CommentMsg.turnedOn : CommentMsg.turnedOff,
  };
}

/**
 * Hide a comment, or show it again: a moderator of the post's establishment. A hidden
 * comment stays for its author (marked) and the moderators; everyone else no longer sees it, nor
 * counts it. The business's own comments are not hidden (edit or delete them). Recorded when the
 * moderator does not operate the establishment, as a removal is.
 */
export async function setHidden(
  ctx: AppContext,
  actor: Actor,
  id: string,
  hidden: boolean,
): Promise<Comment> {
  const { comment, post } = await loadComment(ctx, id);
  authorize(actor, 'comment:moderate', resourceOf(post));
  if (comment.asBusiness) throw fieldError('hidden', CommentMsg.cannotHideBusiness);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.setCommentHidden(tx, comment.id, hidden, actor.id, ctx.now()))) throw notFound();
    if (comment.authorId !== actor.id)
      await auditCommentWrite(tx, actor, post, comment, hidden ? 'comment.hide' : 'comment.show');
  });
  return commentAnswer(ctx, actor, comment.id, post);
}
