import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import { CommentMsg, type CommentMute, type CommentMuteList } from '../../../shared/schemas/comment.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as accounts from '../account';
import { userLabel } from '../management/managed-user.dto';
import { findEstablishmentRef } from '../notifications';
import * as repo from './voice.repo';

/**
 * Muting a follower's comments on a business: their new comments (and edits) on its posts
 * are refused with COMMENTS_MUTED, saying so; what they wrote before stays as it is (hide or delete
 * it apart). Its moderators mute, unmute and see who is muted (comment:mute).
 */

async function loadEstablishment(ctx: AppContext, actor: Actor, idOrPublicId: string) {
  const row = await findEstablishmentRef(ctx.db, idOrPublicId);
  if (!row || row.deletedAt) throw notFound(Msg.establishmentNotFound);
  authorize(actor, 'comment:mute', { establishmentId: row.id, registeredById: row.registeredById });
  return row;
}

const fullName = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ''} ${last ?? ''}`.trim();

async function listOf(ctx: AppContext, establishmentId: string): Promise<CommentMute[]> {
  const rows = await repo.listMutes(ctx.db, establishmentId);
  return rows.map((row) => ({
    user: { id: row.userId, name: fullName(row.firstName, row.lastName) ?? '', avatar: row.avatar },
    mutedAt: row.mutedAt.toISOString(),
    mutedBy: fullName(row.byFirstName, row.byLastName),
  }));
}

/** Who is muted, most recent first. */
export async function list(ctx: AppContext, actor: Actor, idOrPublicId: string): Promise<CommentMuteList> {
  const row = await loadEstablishment(ctx, actor, idOrPublicId);
  return { items: await listOf(ctx, row.id) };
}

/**
 * Mute a follower (or anyone who commented on its posts); never someone who operates it. Recorded
 * when staff do it for a business they do not operate.
 */
export async function mute(ctx: AppContext, actor: Actor, idOrPublicId: string, userId: string) {
  const row = await loadEstablishment(ctx, actor, idOrPublicId);
  const kind = await repo.membershipKind(ctx.db, row.id, userId);
  if (kind === 'client' || userId === actor.id) throw fieldError('userId', CommentMsg.cannotMute);
  if (kind === undefined && !(await repo.commentedOn(ctx.db, row.id, userId))) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const added = await repo.mute(tx, row.id, userId, actor.id, ctx.now());
    if (added) await record(tx, actor, row, userId, 'comment.mute');
  });
  return { items: await listOf(ctx, row.id), message: CommentMsg.mutedDone };
}

/** Unmute; unmuting someone not muted changes nothing. */
export async function unmute(ctx: AppContext, actor: Actor, idOrPublicId: string, userId: string) {
  const row = await loadEstablishment(ctx, actor, idOrPublicId);
  await ctx.db.transaction(async (tx) => {
    const removed = await repo.unmute(tx, row.id, userId);
    if (removed) await record(tx, actor, row, userId, 'comment.unmute');
  });
  return { items: await listOf(ctx, row.id), message: CommentMsg.unmuted };
}

async function record(
  tx: Db,
  actor: Actor,
  establishment: { id: string; name: string },
  userId: string,
  action: string,
) {
  await auditOnBehalf(tx, actor, establishment, async () => {
    const user = await accounts.findUserById(tx, userId);
    return {
      action,
      targetUserId: userId,
      targetLabel: user ? userLabel(user) : userId,
      detail: { establishment: establishment.name },
    };
  });
}
