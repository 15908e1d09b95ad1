import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { AppHandoff, LoginResponse } from '../../../shared/schemas/account.schema';
import type { AppContext, AuthedActor } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashSingleUseToken, newSingleUseToken } from '../../lib/single-use-tokens';
import { userDto } from './account.service';
import * as handoffs from './app-handoff.repo';
import { openSession } from './sign-in.service';
import { findUserById } from './users.repo';

/**
 * How long a hand-off code signs the installed app in. The page mints one when it loads and again
 * every half hour while open; Safari reads the manifest (and so the code) when "Add to Home Screen"
 * is tapped, and the app is opened right after. An hour covers that; a code that outlives it would
 * be a key to the account lying in the phone's list of installed apps.
 */
export const APP_HANDOFF_MINUTES = 60;

/**
 * A one-time code for this session's hand-over to the Home Screen app. Not while an
 * admin acts as the user: the admin's phone must not become one of the user's devices.
 */
export async function startAppHandoff(ctx: AppContext, actor: AuthedActor): Promise<AppHandoff> {
  if (actor.actingAdminId) throw new AppError(403, ErrorCode.FORBIDDEN, Msg.forbidden);
  const { token, hash } = newSingleUseToken();
  const expiresAt = new Date(Date.now() + APP_HANDOFF_MINUTES * 60_000);
  await handoffs.insertHandoff(ctx.db, { codeHash: hash, sessionId: actor.sessionId, expiresAt });
  return { code: token, expiresAt: expiresAt.toISOString() };
}

/**
 * The installed app's first start: a new session for the person whose page minted the code, as
 * provisional as theirs (a verification through that page's session will confirm this one too).
 */
export async function takeAppHandoff(
  ctx: AppContext,
  code: string,
  meta: { userAgent: string },
): Promise<LoginResponse> {
  const signedIn = await ctx.db.transaction(async (tx) => {
    const source = await handoffs.consumeHandoff(tx, hashSingleUseToken(code), new Date());
    const user = source && (await findUserById(tx, source.userId));
    if (!source || !user) return undefined;
    const accessToken = await openSession(
      ctx,
      user,
      { ...meta, provisional: source.provisional, handedOffFrom: source.id },
      tx,
    );
    return { user, accessToken };
  });
  if (!signedIn) {
    throw new AppError(400, ErrorCode.TOKEN_INVALID, Msg.tokenInvalid, { code: Msg.tokenInvalid });
  }
  return { user: await userDto(ctx, signedIn.user), accessToken: signedIn.accessToken };
}
