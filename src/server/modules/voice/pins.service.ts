import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, can } from '../../../shared/permissions';
import { type PinnedPostResponse, VoiceMsg } from '../../../shared/schemas/business-voice.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext } from '../../context';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { findEstablishmentRef } from '../notifications';
import { get } from '../notifications/post-reads.service';
import * as repo from './voice.repo';

/**
 * The post pinned to the top of an establishment's feed: one at a time (the table's key
 * is the establishment), pinning another replaces it. Its row's changes bump the establishment's
 * feed version (feed-version.sql), so cached feed pages are read again with it.
 */

async function loadEstablishment(ctx: AppContext, idOrPublicId: string) {
  const row = await findEstablishmentRef(ctx.db, idOrPublicId);
  if (!row || row.deletedAt) throw notFound(Msg.establishmentNotFound);
  return row;
}

const resourceOf = (row: { id: string; registeredById: string | null; blockedAt: Date | null }) => ({
  establishmentId: row.id,
  registeredById: row.registeredById,
  blocked: row.blockedAt !== null,
});

/** The pinned post as this reader sees it (the post's own rules: post-reads.service's get). */
async function pinnedFor(ctx: AppContext, actor: Actor, establishmentId: string) {
  const id = await repo.findPinnedPostId(ctx.db, establishmentId);
  return id ? get(ctx, actor, id) : null;
}

/** The pinned post, for whoever reads the establishment's feed (its followers, who may send for it). */
export async function getPinned(
  ctx: AppContext,
  actor: Actor,
  idOrPublicId: string,
): Promise<PinnedPostResponse> {
  const row = await loadEstablishment(ctx, idOrPublicId);
  authorize(actor, 'notificationPost:read', resourceOf(row));
  // As its feed: a blocked establishment's posts are for those who may send for it only.
  if (row.blockedAt && !can(actor, 'notificationPost:create', resourceOf(row)))
    throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);
  return { post: await pinnedFor(ctx, actor, row.id) };
}

/**
 * Pin a post of the establishment's feed (who may send for it; not while it is blocked), replacing
 * the one pinned before. Staff pinning for a business they do not operate are recorded.
 */
export async function pin(
  ctx: AppContext,
  actor: Actor,
  idOrPublicId: string,
  postId: string,
): Promise<PinnedPostResponse> {
  const row = await loadEstablishment(ctx, idOrPublicId);
  authorize(actor, 'post:pin', resourceOf(row));
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.isFeedPostOf(tx, row.id, postId))) throw fieldError('postId', VoiceMsg.notPinnable);
    await repo.pin(tx, row.id, postId, actor.id, ctx.now());
    await auditOnBehalf(tx, actor, row, { action: 'post.pin', detail: { notificationId: postId } });
  });
  return { post: await pinnedFor(ctx, actor, row.id), message: VoiceMsg.pinned };
}

/** Unpin the establishment's pinned post (who may send for it); with none pinned, nothing changes. */
export async function unpin(
  ctx: AppContext,
  actor: Actor,
  idOrPublicId: string,
): Promise<PinnedPostResponse> {
  const row = await loadEstablishment(ctx, idOrPublicId);
  authorize(actor, 'post:pin', resourceOf(row));
  await ctx.db.transaction(async (tx) => {
    const was = await repo.unpin(tx, row.id);
    if (was) await auditOnBehalf(tx, actor, row, { action: 'post.unpin', detail: { notificationId: was } });
  });
  return { post: null, message: VoiceMsg.unpinned };
}
