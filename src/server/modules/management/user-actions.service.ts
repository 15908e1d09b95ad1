import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, can } from '../../../shared/permissions';
import type { LoginResponse } from '../../../shared/schemas/account.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { passwordResetByAdminEvent, verificationRequestedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as accounts from '../account';
import { UNUSABLE_PASSWORD, userDto } from '../account/account.service';
import { mailQuotaExhausted } from '../account/mail-quota';
import { openSession } from '../account/sign-in.service';
import { userLabel } from './managed-user.dto';
import { loadUser } from './users.service';

const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);
const tooManyEmails = () => new AppError(429, ErrorCode.RATE_LIMITED, Msg.tooManyEmails);

/** A stored user as can() sees them. */
const asActor = async (ctx: AppContext, row: UserRow): Promise<Actor> => ({
  id: row.id,
  role: row.role,
  emailVerified: row.emailVerified,
  establishments: await accounts.listMemberships(ctx.db, row.id),
});

/**
 * "Log in as": a session of the target that records the acting admin, who the target's user then
 * names (impersonatedBy). Not oneself, not from a session that is already someone else's, and not
 * anyone who may impersonate in turn: that would hand the admin's powers a disguise.
 */
export async function impersonate(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  meta: { userAgent: string },
): Promise<LoginResponse> {
  authorize(actor, 'user:impersonate');
  if (actor.actingAdminId) throw conflict(Msg.alreadyImpersonating);
  const target = await loadUser(ctx, id);
  if (target.id === actor.id) throw conflict(Msg.cannotImpersonateSelf);
  if (can(await asActor(ctx, target), 'user:impersonate'))
    throw new AppError(403, ErrorCode.FORBIDDEN, Msg.cannotImpersonateAdmin);
  const accessToken = await ctx.db.transaction(async (db) => {
    await recordAudit(db, {
      actorId: actor.id,
      action: 'user.impersonate',
      targetUserId: target.id,
      targetLabel: userLabel(target),
    });
    return openSession({ ...ctx, db }, target, { userAgent: meta.userAgent, actingAdminId: actor.id });
  });
  return { user: await userDto(ctx, target, actor.id), accessToken };
}

/**
 * Back from "log in as": this session ends and the admin who opened it gets a session of their own
 * again, if they still may impersonate; any other session is refused.
 */
export async function endImpersonation(
  ctx: AppContext,
  actor: AuthedActor,
  meta: { userAgent: string },
): Promise<LoginResponse> {
  if (!actor.actingAdminId) throw new AppError(403, ErrorCode.FORBIDDEN, Msg.notImpersonating);
  const admin = await accounts.findUserById(ctx.db, actor.actingAdminId);
  if (!admin || !can(await asActor(ctx, admin), 'user:impersonate')) {
    // The admin is gone or no longer an admin: the borrowed session ends all the same.
    await accounts.revokeSession(ctx.db, actor.sessionId);
    throw new AppError(403, ErrorCode.FORBIDDEN, Msg.forbidden);
  }
  const target = await accounts.findUserById(ctx.db, actor.id);
  const accessToken = await ctx.db.transaction(async (db) => {
    await accounts.revokeSession(db, actor.sessionId);
    await recordAudit(db, {
      actorId: admin.id,
      action: 'user.impersonationEnd',
      targetUserId: actor.id,
      targetLabel: target ? userLabel(target) : actor.id,
    });
    return openSession({ ...ctx, db }, admin, meta);
  });
  return { user: await userDto(ctx, admin), accessToken };
}

/**
 * A new random password for the user: the old one stops working and every session ends now; the
 * job makes the new password and emails it (the address's hourly cap of reset emails applies: 429).
 * Not one's own: that is the account's password change.
 */
export async function resetUserPassword(ctx: AppContext, actor: AuthedActor, id: string): Promise<string> {
  authorize(actor, 'user:resetPassword');
  const target = await loadUser(ctx, id);
  // It would sign the admin out with nothing but an email to come back by.
  if (target.id === actor.id) throw conflict(Msg.cannotResetOwnPassword);
  if (await mailQuotaExhausted(ctx, target.email, 'reset')) throw tooManyEmails();
  await withOutbox(ctx, async ({ db, emit }) => {
    await accounts.updateUser(db, target.id, { passwordHash: UNUSABLE_PASSWORD });
    await accounts.bumpTokenVersion(db, target.id);
    await accounts.revokeAllSessions(db, target.id);
    // A reset link sent before must not set a password over the one the admin gave.
    await accounts.revokeAuthTokens(db, target.id, 'reset_password');
    await emit(passwordResetByAdminEvent(target.id, actor.id));
    await recordAudit(db, {
      actorId: actor.id,
      action: 'user.resetPassword',
      targetUserId: target.id,
      targetLabel: userLabel(target),
    });
  });
  return Msg.newPasswordSent;
}

/** The verification email again, to a user who is not verified (409 when they are; 429 over the hourly cap). */
export async function sendUserVerification(ctx: AppContext, actor: AuthedActor, id: string): Promise<string> {
  authorize(actor, 'user:sendVerification');
  const target = await loadUser(ctx, id);
  if (target.emailVerified) throw conflict(Msg.alreadyVerified);
  // The job would not send it: say so rather than promise an email that never comes.
  if (await mailQuotaExhausted(ctx, target.email, 'verification')) throw tooManyEmails();
  await withOutbox(ctx, async ({ db, emit }) => {
    await emit(verificationRequestedEvent(target.id, actor.id));
    await recordAudit(db, {
      actorId: actor.id,
      action: 'user.sendVerification',
      targetUserId: target.id,
      targetLabel: userLabel(target),
    });
  });
  return Msg.verificationSent;
}
