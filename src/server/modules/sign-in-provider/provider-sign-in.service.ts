import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { mayBeCreatedThroughProvider, maySignInThroughProvider } from '../../../shared/permissions';
import type { LoginResponse } from '../../../shared/schemas/account.schema';
import type { ProviderSignInError } from '../../../shared/schemas/sign-in-provider.schema';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { signAccessToken } from '../../lib/access-tokens';
import { AppError } from '../../lib/app-error';
import { hashSingleUseToken, newSingleUseToken } from '../../lib/single-use-tokens';
import * as accounts from '../account';
import { UNUSABLE_PASSWORD, userDto } from '../account/account.service';
import { openSessionWithId } from '../account/sign-in.service';
import * as repo from './provider.repo';
import type { ProviderUser } from './provider-client';

/** How long the web app has to exchange the callback's code for the session's token. */
export const SIGN_IN_CODE_MINUTES = 2;

/** A refusal the callback turns into /login?providerError=<reason>. */
export class ProviderSignInRefused extends Error {
  constructor(readonly reason: ProviderSignInError) {
    super(`provider sign-in refused: ${reason}`);
  }
}

const refuse = (reason: ProviderSignInError): never => {
  throw new ProviderSignInRefused(reason);
};

/**
 * The account this provider user opens: the one linked to their subject; else, at a first sign-in,
 * the account with their verified email (linked from then on); else a new staff account when the
 * admin allows it. Only staff accounts sign in this way.
 */
async function accountFor(ctx: AppContext, who: ProviderUser): Promise<UserRow> {
  if (!who.emailVerified || !who.email) return refuse('unverified');
  const email = who.email;
  const linked = await repo.findIdentity(ctx.db, who.issuer, who.subject);
  if (linked) {
    if (linked.disabledAt) return refuse('disabled');
    const user = await accounts.findUserById(ctx.db, linked.userId);
    if (!user) return refuse('noAccount');
    if (!maySignInThroughProvider(user.role)) return refuse('notStaff');
    await repo.touchIdentity(ctx.db, linked.id, email);
    return user;
  }
  const existing = await accounts.findUserByEmail(ctx.db, email);
  if (existing) {
    if (existing.guest || !maySignInThroughProvider(existing.role)) return refuse('notStaff');
    await repo.insertIdentity(ctx.db, {
      userId: existing.id,
      issuer: who.issuer,
      subject: who.subject,
      email,
    });
    // The provider confirmed the address: the account's is confirmed too.
    if (!existing.emailVerified)
      return (await accounts.updateUser(ctx.db, existing.id, { emailVerified: true }))!;
    return existing;
  }
  const settings = await repo.readSettings(ctx.db);
  if (!settings.allowCreate || !mayBeCreatedThroughProvider(settings.createRole)) return refuse('noAccount');
  return ctx.db.transaction(async (tx) => {
    const created = await accounts.insertUser(tx, {
      email,
      // No password: they sign in through the provider, or ask for one with "Forgot password".
      passwordHash: UNUSABLE_PASSWORD,
      firstName: who.givenName || email.split('@')[0]!,
      lastName: who.familyName,
      role: settings.createRole,
      emailVerified: true,
      language: 'en',
    });
    await repo.insertIdentity(tx, { userId: created.id, issuer: who.issuer, subject: who.subject, email });
    return created;
  });
}

/**
 * Open the session a password sign-in opens, for the provider's user, and answer a one-time code
 * the web app exchanges for its token.
 */
export async function signInThroughProvider(
  ctx: AppContext,
  who: ProviderUser,
  meta: { userAgent: string },
): Promise<string> {
  const user = await accountFor(ctx, who);
  const { token, hash } = newSingleUseToken();
  await ctx.db.transaction(async (tx) => {
    const session = await openSessionWithId(ctx, user, meta, tx);
    await repo.insertSignInCode(tx, {
      codeHash: hash,
      sessionId: session.sessionId,
      expiresAt: new Date(Date.now() + SIGN_IN_CODE_MINUTES * 60_000),
    });
  });
  await accounts.updateUser(ctx.db, user.id, { lastLoginAt: new Date() });
  return token;
}

/** The web app's half: the code (once, within minutes) for the session's user and token. */
export async function takeProviderSession(ctx: AppContext, code: string): Promise<LoginResponse> {
  const session = await repo.takeSignInCode(ctx.db, hashSingleUseToken(code), new Date());
  const user = session && (await accounts.findUserById(ctx.db, session.userId));
  if (!session || !user) {
    throw new AppError(400, ErrorCode.TOKEN_INVALID, Msg.tokenInvalid, { code: Msg.tokenInvalid });
  }
  const accessToken = await signAccessToken(
    ctx.config.jwtSecret,
    { sub: user.id, sid: session.id, ver: user.tokenVersion },
    session.expiresAt,
  );
  return { user: await userDto(ctx, user), accessToken };
}
