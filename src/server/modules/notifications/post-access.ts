import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, can } from '../../../shared/permissions';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { findEstablishmentRef } from './establishment-refs.repo';
import { findPost } from './posts.repo';

/** Who may do what with an establishment's posts, checked once the establishment or post is loaded. */

export const establishmentGone = () => notFound(Msg.establishmentNotFound);

/** An establishment by id or public id, not deleted; else 404. */
export async function loadEstablishment(ctx: AppContext, id: string) {
  const row = await findEstablishmentRef(ctx.db, id);
  if (!row || row.deletedAt) throw establishmentGone();
  return row;
}

/** What can() needs to know of an establishment. */
export const resourceOf = (row: { id: string; registeredById: string | null }) => ({
  establishmentId: row.id,
  registeredById: row.registeredById,
});

/** May send for it: admin, an operating client, the representative who registered it (can()). */
export const maySend = (actor: Actor, row: { id: string; registeredById: string | null }) =>
  can(actor, 'notificationPost:create', resourceOf(row));

/**
 * A send, edit or delete of the establishment's posts by someone who does not operate it (an admin,
 * the representative who registered it) speaks for the business: recorded in the audit log in the
 * write's transaction. Its operators' own posts are theirs and are not recorded.
 */
export async function recordPostWrite(
  db: Db,
  actor: Actor,
  establishment: { id: string; name: string },
  action: 'post.send' | 'post.update' | 'post.delete',
  detail: Record<string, unknown>,
) {
  await auditOnBehalf(db, actor, establishment, { action, detail });
}

/** The sender must be allowed, and the establishment able to send: not blocked, not inactive. */
export async function loadForSending(ctx: AppContext, actor: Actor, establishmentId: string) {
  const row = await loadEstablishment(ctx, establishmentId);
  authorize(actor, 'notificationPost:create', resourceOf(row));
  if (row.blockedAt) {
    throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentCannotSendBlocked);
  }
  if (!row.active) {
    throw new AppError(403, ErrorCode.ESTABLISHMENT_INACTIVE, Msg.establishmentCannotSendInactive);
  }
  return row;
}

/** A post the actor may read: a scheduled one only for its senders; else 404. */
export async function loadPost(ctx: AppContext, actor: Actor, id: string) {
  const row = await findPost(ctx.db, id);
  if (!row) throw notFound();
  authorize(actor, 'notificationPost:read', {
    establishmentId: row.establishmentId,
    registeredById: row.registeredById,
  });
  // A push-only notification is not a post: only those who sent it see it in the app, and the
  // followers it reached open it from the notification.
  // A scheduled one does not exist yet for anyone but its senders.
  const sender = maySend(actor, { id: row.establishmentId, registeredById: row.registeredById });
  if (row.status === 'scheduled' && !sender) throw notFound();
  return row;
}

/** Owner or admin (can()'s post edit/delete rule); a blocked establishment's posts, admins only. */
export async function loadOwnPost(
  ctx: AppContext,
  actor: Actor,
  id: string,
  right: 'notificationPost:edit' | 'notificationPost:delete',
) {
  const row = await loadPost(ctx, actor, id);
  authorize(actor, right, { ownerId: row.authorId ?? undefined, blocked: row.blockedAt !== null });
  return row;
}
