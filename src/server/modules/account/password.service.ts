import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { ChangePasswordBody, ResetPasswordBody } from '../../../shared/schemas/account.schema';
import type { AppContext, AuthedActor } from '../../context';
import { passwordResetRequestedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { fieldError, notFound } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashSingleUseToken } from '../../lib/single-use-tokens';
import { tokenInvalid } from './account-errors';
import { consumeAuthToken, revokeAuthTokens } from './auth-tokens.repo';
import { revokeAllSessions } from './sessions.repo';
import { openSession } from './sign-in.service';
import { bumpTokenVersion, findUserById, markEmailVerified, updateUser } from './users.repo';
/** Change one's password; every other session ends, this one gets a fresh token. */
export async function changePassword(
  ctx: AppContext,
  actor: AuthedActor,
  input: ChangePasswordBody,
  meta: { userAgent: string },
): Promise<string> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fieldError('currentPassword', Msg.currentPasswordWrong, ErrorCode.WRONG_PASSWORD);
  }
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.newPassword) });
  const bumped = await bumpTokenVersion(ctx.db, user.id);
  await revokeAllSessions(ctx.db, user.id);
  await revokeAuthTokens(ctx.db, user.id, 'reset_password');
  return openSession(ctx, bumped!, { userAgent: meta.userAgent, actingAdminId: actor.actingAdminId });
}

/**
 * Email a reset link if the address has an account. The request does the same work either way
 * (queue one job with the address; the job looks the account up), so neither the answer nor the
 * time it takes tells whether the address has an account.
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  // Its consumer queues the job to start later, not woken at once (events/mail-consumers.ts).
  await withOutbox(ctx, ({ emit }) => emit(passwordResetRequestedEvent(email)));
}

/** Set a new password from an emailed token; signs the user out everywhere. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordBody): Promise<void> {
  const spent = await consumeAuthToken(ctx.db, hashSingleUseToken(input.token), 'reset_password');
  if (!spent) throw tokenInvalid();
  const { userId } = spent;
  await updateUser(ctx.db, userId, { passwordHash: await hashPassword(input.password) });
  // Following the emailed link proves the address it was sent to, so that address counts as verified.
  await markEmailVerified(ctx.db, userId, spent.email);
  await bumpTokenVersion(ctx.db, userId);
  await revokeAllSessions(ctx.db, userId);
  // Every other reset link sent before is spent too: whoever may have seen one is locked out.
  await revokeAuthTokens(ctx.db, userId, 'reset_password');
}
