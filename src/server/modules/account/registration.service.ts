import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { RegisterBody, User, VerifyResponse } from '../../../shared/schemas/account.schema';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { followEvent, followerVerifiedEvent } from '../../events/event-builders';
import { userCreatedEvent, verificationRequestedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { hashSingleUseToken } from '../../lib/single-use-tokens';
import { findEstablishment } from '../establishments';
import { stateOf } from '../establishments/establishment.dto';
import { storePicks } from '../preferences/preferences.service';
import { UNUSABLE_PASSWORD, userDto } from './account.service';
import { emailTaken, tokenInvalid } from './account-errors';
import { consumeAuthToken } from './auth-tokens.repo';
import { mailQuotaExhausted } from './mail-quota';
import { followedEstablishmentIds, insertMembership, lastFollowedEstablishment } from './memberships.repo';
import { settleProvisionalSessions } from './sessions.repo';
import { mergeGuest, openSession, openSessionWithId } from './sign-in.service';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  markEmailVerified,
} from './users.repo';
import { verifiedByToken } from './verify-tokens.repo';
/**
 * How long after its email a verification link also signs in a device with no session.
 * The link stays good for verifying much longer; signing in is what makes it a key to the account,
 * and an hour covers someone who registered at a table and opens their mail now, while a link found
 * later in a mailbox, a forwarded email or a shared computer's history no longer opens the account.
 */
export const VERIFY_SIGN_IN_MINUTES = 60;

/**
 * Register a customer, optionally following an establishment and with the preferences they picked,
 * and sign them in on this device with a provisional session: they may follow, choose
 * how to be notified and turn notifications on; deliveries wait until the emailed link verifies the
 * address. The password is generated and emailed by the welcome job, with the verification link and
 * the app link, for later sign-ins.
 */
export async function register(
  ctx: AppContext,
  input: RegisterBody & { marketingConsent: boolean; preferenceIds?: string[] },
  meta: { userAgent: string },
  guest?: AuthedActor,
): Promise<{ user: User; accessToken: string }> {
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  let establishmentId: string | undefined;
  if (input.establishmentId) {
    const establishment = await findEstablishment(ctx.db, input.establishmentId);
    if (!establishment || stateOf(establishment) !== 'active')
      throw fieldError('establishmentId', 'This business cannot be followed right now.', ErrorCode.NOT_FOUND);
    establishmentId = establishment.id;
  }
  let user: UserRow;
  let accessToken: string;
  try {
    ({ user, accessToken } = await withOutbox(ctx, async ({ db: tx, emit }) => {
      const created = await insertUser(tx, {
        email: input.email,
        passwordHash: UNUSABLE_PASSWORD,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        role: 'customer',
        marketingConsent: input.marketingConsent,
        termsAcceptedAt: new Date(),
        language: input.language ?? 'en',
        welcomeDueAt: new Date(),
      });
      if (establishmentId) {
        await insertMembership(tx, {
          userId: created.id,
          establishmentId,
          kind: 'customer',
          source: input.source ?? 'direct',
        });
        await emit(followEvent(created.id, establishmentId, created.id, input.source ?? 'direct'));
      }
      // With the account or not at all: a refused pick (400 on preferenceIds) creates no account.
      if (input.preferenceIds?.length) await storePicks(tx, created.id, input.preferenceIds);
      await emit(userCreatedEvent(created.id, created.id, { establishmentId }));
      const session = await openSessionWithId(ctx, created, { ...meta, provisional: true }, tx);
      // Registered on a device that followed with one tap: its follows and device are the account's.
      await mergeGuest(tx, guest, { userId: created.id, sessionId: session.sessionId });
      return { user: created, accessToken: session.accessToken };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { user: await userDto(ctx, user), accessToken };
}

/**
 * Use a verification token once; it verifies only the address it was emailed to:
 * - sent with the session that registered, that session becomes a full one;
 * - sent with no session within VERIFY_SIGN_IN_MINUTES of the email, it signs the person in here;
 * - every other session opened by registering ends, with the devices it turned on
 *   (see settleProvisionalSessions);
 * - email from the businesses they follow reaches them from now on (pushes did already).
 */
export async function verifyEmail(
  ctx: AppContext,
  actor: AuthedActor | null,
  token: string,
  meta: { userAgent: string },
): Promise<VerifyResponse> {
  const verified = await withOutbox(ctx, async ({ db: tx, emit }) => {
    const spent = await consumeAuthToken(tx, hashSingleUseToken(token), 'verify_email');
    if (!spent || !(await markEmailVerified(tx, spent.userId, spent.email))) return undefined;
    const ownSession = actor?.id === spent.userId ? actor.sessionId : null;
    await settleProvisionalSessions(tx, spent.userId, ownSession);
    // Their email gets sends from now on; the events tell the webhooks and the reports.
    for (const establishmentId of await followedEstablishmentIds(tx, spent.userId))
      await emit(followerVerifiedEvent(spent.userId, establishmentId));
    const fresh = Date.now() - spent.createdAt.getTime() < VERIFY_SIGN_IN_MINUTES * 60_000;
    // Someone else signed in on this device keeps their session: nobody is swapped out by a link.
    const user = !actor && fresh ? await findUserById(tx, spent.userId) : undefined;
    return {
      accessToken: user ? await openSession(ctx, user, meta, tx) : undefined,
      user,
      establishmentId: await lastFollowedEstablishment(tx, spent.userId),
    };
  });
  if (!verified) {
    // Opened again once it worked (or a second link of two): no failure to someone verified, and
    // no session either, as a link is single use.
    if (await verifiedByToken(ctx.db, hashSingleUseToken(token)))
      return { message: Msg.alreadyVerified, alreadyVerified: true, establishmentId: null };
    throw tokenInvalid();
  }
  return {
    message: Msg.verified,
    establishmentId: verified.establishmentId,
    ...(verified.accessToken && verified.user
      ? { accessToken: verified.accessToken, user: await userDto(ctx, verified.user) }
      : {}),
  };
}

/** Email a fresh verification link to a signed-in user who is not verified yet. */
export async function resendVerification(ctx: AppContext, actor: AuthedActor): Promise<string> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw notFound();
  if (user.emailVerified) return Msg.alreadyVerified;
  // The job would not send it: say so rather than promise an email that never comes.
  if (await mailQuotaExhausted(ctx, user.email, 'verification')) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.tooManyEmails);
  }
  await withOutbox(ctx, ({ emit }) => emit(verificationRequestedEvent(user.id, actor.id)));
  return Msg.verificationSent;
}
