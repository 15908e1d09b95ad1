import { type Actor, can, type Resource } from '../../../shared/permissions';
import type { Comment } from '../../../shared/schemas/comment.schema';
import type { AppContext } from '../../context';
import * as repo from './comments.repo';

/** A comment as its reader sees it, with what the reader may do with it. */

export const resourceOf = (post: repo.CommentTarget): Resource => ({
  establishmentId: post.establishmentId,
  registeredById: post.registeredById,
});

export const enabledOf = (post: repo.CommentTarget) => post.postEnabled && post.establishmentEnabled;

/** Of a page's authors, who is muted and who operates the business: what a moderator's menu needs. */
export type Standing = Awaited<ReturnType<typeof repo.standingOf>>;
export const NO_STANDING: Standing = { muted: new Set(), operators: new Set() };

/**
 * What the actor may do with a comment of this post. `readerMuted`: the business muted the actor,
 * so their own comments can no longer be edited (deleting stays theirs).
 */
export function abilities(
  actor: Actor,
  post: repo.CommentTarget,
  row: repo.CommentViewRow,
  standing: Standing,
  readerMuted: boolean,
) {
  const own = { ownerId: row.authorId };
  const moderates = can(actor, 'comment:moderate', resourceOf(post));
  const mutable =
    !row.asBusiness &&
    row.authorId !== actor.id &&
    !standing.operators.has(row.authorId) &&
    can(actor, 'comment:mute', resourceOf(post));
  return {
    mine: row.authorId === actor.id,
    canEdit: enabledOf(post) && !(readerMuted && !row.asBusiness) && can(actor, 'comment:edit', own),
    canDelete: can(actor, 'comment:delete', own) || moderates,
    // The business does not hide its own voice: its comments are edited or deleted.
    canHide: moderates && !row.asBusiness,
    canMute: mutable,
    authorMuted: mutable && standing.muted.has(row.authorId),
  };
}

export function toCommentDto(
  row: repo.CommentViewRow,
  actor: Actor,
  post: repo.CommentTarget,
  standing: Standing = NO_STANDING,
  readerMuted = false,
): Comment {
  const person = `${row.firstName} ${row.lastName}`.trim();
  const moderates = can(actor, 'comment:moderate', resourceOf(post));
  return {
    id: row.id,
    text: row.text,
    // In the business's voice the writer is the business: its readers never learn which colleague.
    author: row.asBusiness
      ? { id: post.establishmentId, name: post.establishmentName, avatar: post.logo }
      : { id: row.authorId, name: person, avatar: row.avatar },
    asBusiness: row.asBusiness,
    writtenBy: row.asBusiness && (moderates || row.authorId === actor.id) ? person : null,
    hidden: row.hiddenAt !== null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    parentId: row.parentId,
    ...abilities(actor, post, row, standing, readerMuted),
  };
}

/** Whom of these authors a moderator may mute and has muted; nothing to read for anyone else. */
export async function standingFor(
  ctx: AppContext,
  actor: Actor,
  post: repo.CommentTarget,
  authorIds: string[],
) {
  if (!can(actor, 'comment:mute', resourceOf(post))) return NO_STANDING;
  return repo.standingOf(ctx.db, post.establishmentId, [...new Set(authorIds)]);
}
