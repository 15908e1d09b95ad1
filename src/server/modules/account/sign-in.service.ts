import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { LoginBody, LoginResponse } from '../../../shared/schemas/account.schema';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { signAccessToken } from '../../lib/access-tokens';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { userDto } from './account.service';
import { mergeGuestInto } from './guest.repo';
import { insertSession, revokeAllSessions, revokeSession } from './sessions.repo';
import { bumpTokenVersion, findUserByEmail, updateUser } from './users.repo';

interface SessionMeta {
  userAgent: string;
  actingAdminId?: string | null;
  provisional?: boolean;
  handedOffFrom?: string;
}

/** Open a session and sign its bearer token (`db`: a transaction to open it in). */
export async function openSession(
  ctx: AppContext,
  user: UserRow,
  meta: SessionMeta,
  db: AppContext['db'] = ctx.db,
): Promise<string> {
  return (await openSessionWithId(ctx, user, meta, db)).accessToken;
}

/** openSession, answering the session's id too (a device registered with it names it). */
export async function openSessionWithId(
  ctx: AppContext,
  user: UserRow,
  meta: SessionMeta,
  db: AppContext['db'] = ctx.db,
): Promise<{ accessToken: string; sessionId: string }> {
  const expiresAt = new Date(Date.now() + ctx.config.tokenTtlSeconds * 1000);
  const session = await insertSession(db, {
    userId: user.id,
    expiresAt,
    userAgent: meta.userAgent.slice(0, 300),
    actingAdminId: meta.actingAdminId ?? null,
    provisional: meta.provisional ?? false,
    handedOffFrom: meta.handedOffFrom ?? null,
  });
  const accessToken = await signAccessToken(
    ctx.config.jwtSecret,
    { sub: user.id, sid: session.id, ver: user.tokenVersion },
    expiresAt,
  );
  return { accessToken, sessionId: session.id };
}

/**
 * Someone signed in as a guest on this device registered or signed in (session `sessionId`): the
 * guest's follows and devices become the account's, and the guest is deleted (`db`: the
 * transaction to do it in).
 */
export async function mergeGuest(
  db: AppContext['db'],
  guest: AuthedActor | undefined,
  account: { userId: string; sessionId: string },
): Promise<void> {
  if (!guest?.guest || guest.id === account.userId) return;
  await mergeGuestInto(db, guest.id, account.userId, account.sessionId);
}

/** Sign in. Unknown email and wrong password fail alike, in the same time. */
export async function login(
  ctx: AppContext,
  input: LoginBody,
  meta: { userAgent: string },
  guest?: AuthedActor,
): Promise<LoginResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, Msg.loginFailed);
  const accessToken = await ctx.db.transaction(async (tx) => {
    const session = await openSessionWithId(ctx, user, meta, tx);
    // Signed in on a device that followed with one tap: its follows and device are the account's.
    await mergeGuest(tx, guest, { userId: user.id, sessionId: session.sessionId });
    return session.accessToken;
  });
  await updateUser(ctx.db, user.id, { lastLoginAt: new Date() });
  return { user: await userDto(ctx, user), accessToken };
}

/** End this session only. */
export async function logout(ctx: AppContext, actor: AuthedActor): Promise<void> {
  await revokeSession(ctx.db, actor.sessionId);
}

/** End every session of the user. */
export async function logoutEverywhere(ctx: AppContext, actor: AuthedActor): Promise<void> {
  await bumpTokenVersion(ctx.db, actor.id);
  await revokeAllSessions(ctx.db, actor.id);
}
