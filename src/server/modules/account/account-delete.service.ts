import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { can } from '../../../shared/permissions';
import type { DeleteAccountBody } from '../../../shared/schemas/account.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { verifyPassword } from '../../lib/passwords';
import * as repo from './account.repo';
import { deleteAccount, UNUSABLE_PASSWORD } from './account.service';

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
    const live = await repo.findLiveSession(ctx.db, actor.sessionId);
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
  const found = await repo.findUserById(ctx.db, actor.id);
  if (!found) return;
  await checkHolder(ctx, actor, found, body?.currentPassword);
  await withOutbox(ctx, async ({ db, emit }) => {
    const user = await repo.findUserById(db, actor.id);
    if (!user) return;
    if (can(actor, 'user:admin') && !(await repo.anotherAdminExists(db, user.id))) {
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
