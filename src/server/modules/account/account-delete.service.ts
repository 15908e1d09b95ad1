import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { can } from '../../../shared/permissions';
import type { DeleteAccountBody } from '../../../shared/schemas/account.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { unfollowEvent } from '../../events/event-builders';
import { type Outbox, withOutbox } from '../../events/outbox';
import { AppError, fieldError } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { removeJpeg } from '../../lib/images';
import { verifyPassword } from '../../lib/passwords';
import { UNUSABLE_PASSWORD } from './account.service';
import { listMemberships } from './memberships.repo';
import { findLiveSession } from './sessions.repo';
import { anotherAdminExists, deleteUser, findUserById } from './users.repo';

/**
 * How recent a sign-in stands in for the password of an account that has none yet (the welcome
 * email's password has not come): a session left open on a shared computer is older than that.
 */
export const FRESH_SIGN_IN_MINUTES = 10;

/**
 * Whoever deletes the account proves they hold it, from every session: its current password. A
 * guest follower has no password nor any way to sign in again: its device session is all there is
 * of it (leaving its last business deletes it too), so it goes without. Any other account without
 * a password yet needs a sign-in of the last FRESH_SIGN_IN_MINUTES.
 */
async function checkHolder(ctx: AppContext, actor: AuthedActor, user: UserRow, password?: string) {
  if (user.guest) return;
  if (user.passwordHash === UNUSABLE_PASSWORD) {
    const live = await findLiveSession(ctx.db, actor.sessionId);
    const since = ctx.now().getTime() - FRESH_SIGN_IN_MINUTES * 60_000;
    if (live && live.session.createdAt.getTime() >= since) return;
    throw new AppError(403, ErrorCode.FORBIDDEN, Msg.signInAgainToDelete);
  }
  if (!password) {
    throw fieldError('currentPassword', Msg.currentPasswordToDelete, ErrorCode.CURRENT_PASSWORD_REQUIRED);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw fieldError('currentPassword', Msg.currentPasswordWrong, ErrorCode.WRONG_PASSWORD);
  }
}

/**
 * DELETE /api/account: the person deletes their own account at once (spec section 4), recorded in
 * the audit log, once they proved they hold it (checkHolder). Not from a session opened by
 * registering (can(): account:delete), which whoever typed the address holds; not through an
 * admin's "log in as" session (the admin panel's Delete, which records who did it, is the way);
 * never the platform's last admin.
 */
export async function deleteOwnAccount(
  ctx: AppContext,
  actor: AuthedActor,
  body: DeleteAccountBody,
): Promise<void> {
  authorize(actor, 'account:delete');
  if (actor.actingAdminId) throw new AppError(403, ErrorCode.FORBIDDEN, Msg.deleteWhileActingAs);
  const found = await findUserById(ctx.db, actor.id);
  if (!found) return;
  await checkHolder(ctx, actor, found, body?.currentPassword);
  await withOutbox(ctx, async ({ db, emit }) => {
    const user = await findUserById(db, actor.id);
    if (!user) return;
    if (can(actor, 'user:admin') && !(await anotherAdminExists(db, user.id))) {
      throw new AppError(409, ErrorCode.CONFLICT, Msg.lastAdmin);
    }
    await recordAudit(db, {
      actorId: user.id,
      action: 'account.delete',
      targetUserId: user.id,
      targetLabel: `${`${user.firstName} ${user.lastName}`.trim()} <${user.email}>`,
      // The ids are cleared from the row when the account goes: keep them in the detail.
      detail: { userId: user.id, role: user.role },
    });
    await deleteAccount({ ...ctx, db }, emit, actor);
  });
}

/**
 * Delete the actor's account with what it holds, in the caller's outbox transaction: each business
 * it followed gets an `unfollow` (its webhooks and figures hear of it as of any other leave).
 */
export async function deleteAccount(
  ctx: AppContext,
  emit: Outbox['emit'],
  actor: AuthedActor,
): Promise<void> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) return;
  for (const { establishmentId, kind } of await listMemberships(ctx.db, user.id)) {
    if (kind === 'customer')
      await emit(unfollowEvent(user.id, establishmentId, actor.actingAdminId ?? user.id));
  }
  // Memberships, sessions and tokens go with the row (ON DELETE CASCADE).
  await deleteUser(ctx.db, user.id);
  await removeJpeg(ctx.config.dataDir, 'logo', user.avatar);
}
