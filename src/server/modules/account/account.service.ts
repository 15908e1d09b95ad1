import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type {
  ChangePasswordBody,
  LoginBody,
  LoginResponse,
  ProfileBody,
  RegisterBody,
  ResetPasswordBody,
  User,
  VerifyResponse,
} from '../../../shared/schemas/account.schema';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { followEvent, followerVerifiedEvent, unfollowEvent } from '../../events/event-builders';
import {
  emailChangedEvent,
  passwordResetRequestedEvent,
  userCreatedEvent,
  verificationRequestedEvent,
} from '../../events/internal-event-builders';
import { type Outbox, withOutbox } from '../../events/outbox';
import { signAccessToken } from '../../lib/access-tokens';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { type ImageSource, removeJpeg, saveJpeg, toJpeg } from '../../lib/images';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashSingleUseToken } from '../../lib/single-use-tokens';
import { findEstablishment } from '../establishments';
import { stateOf } from '../establishments/establishment.dto';
import { storePicks } from '../preferences/preferences.service';
import { toUserDto } from './account.dto';
import * as repo from './account.repo';
import { mergeGuestInto } from './guest.repo';
import { mailQuotaExhausted } from './mail-quota';
import { verifiedByToken } from './verify-tokens.repo';

/** A password hash no password matches: set until the welcome job emails a real password. */
export const UNUSABLE_PASSWORD = '!';

const emailTaken = () =>
  new AppError(409, ErrorCode.EMAIL_EXISTS, Msg.emailExists, { email: Msg.emailExists });
const tokenInvalid = () =>
  new AppError(400, ErrorCode.TOKEN_INVALID, Msg.tokenInvalid, { token: Msg.tokenInvalid });

/** The user as they see themselves; while an admin acts as them, the admin's id and name. */
export async function userDto(
  ctx: AppContext,
  row: UserRow,
  actingAdminId: string | null = null,
): Promise<User> {
  const admin = actingAdminId ? await repo.findUserById(ctx.db, actingAdminId) : undefined;
  const impersonatedBy = admin ? { id: admin.id, name: `${admin.firstName} ${admin.lastName}`.trim() } : null;
  return toUserDto(row, await repo.listMemberships(ctx.db, row.id), impersonatedBy);
}

/**
 * How long after its email a verification link also signs in a device with no session.
 * The link stays good for verifying much longer; signing in is what makes it a key to the account,
 * and an hour covers someone who registered at a table and opens their mail now, while a link found
 * later in a mailbox, a forwarded email or a shared computer's history no longer opens the account.
 */
export const VERIFY_SIGN_IN_MINUTES = 60;

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
  const session = await repo.insertSession(db, {
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
async function mergeGuest(
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
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, Msg.loginFailed);
  const accessToken = await ctx.db.transaction(async (tx) => {
    const session = await openSessionWithId(ctx, user, meta, tx);
    // Signed in on a device that followed with one tap: its follows and device are the account's.
    await mergeGuest(tx, guest, { userId: user.id, sessionId: session.sessionId });
    return session.accessToken;
  });
  await repo.updateUser(ctx.db, user.id, { lastLoginAt: new Date() });
  return { user: await userDto(ctx, user), accessToken };
}

/** The signed-in user. */
export async function me(ctx: AppContext, actor: AuthedActor): Promise<User> {
  const user = await repo.findUserById(ctx.db, actor.id);
  if (!user) throw notFound();
  return userDto(ctx, user, actor.actingAdminId);
}

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
  if (await repo.findUserByEmail(ctx.db, input.email)) throw emailTaken();
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
      const created = await repo.insertUser(tx, {
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
        await repo.insertMembership(tx, {
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
    if (repo.isUniqueViolation(error)) throw emailTaken();
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
    const spent = await repo.consumeAuthToken(tx, hashSingleUseToken(token), 'verify_email');
    if (!spent || !(await repo.markEmailVerified(tx, spent.userId, spent.email))) return undefined;
    const ownSession = actor?.id === spent.userId ? actor.sessionId : null;
    await repo.settleProvisionalSessions(tx, spent.userId, ownSession);
    // Their email gets sends from now on; the events tell the webhooks and the reports.
    for (const establishmentId of await repo.followedEstablishmentIds(tx, spent.userId))
      await emit(followerVerifiedEvent(spent.userId, establishmentId));
    const fresh = Date.now() - spent.createdAt.getTime() < VERIFY_SIGN_IN_MINUTES * 60_000;
    // Someone else signed in on this device keeps their session: nobody is swapped out by a link.
    const user = !actor && fresh ? await repo.findUserById(tx, spent.userId) : undefined;
    return {
      accessToken: user ? await openSession(ctx, user, meta, tx) : undefined,
      user,
      establishmentId: await repo.lastFollowedEstablishment(tx, spent.userId),
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
  const user = await repo.findUserById(ctx.db, actor.id);
  if (!user) throw notFound();
  if (user.emailVerified) return Msg.alreadyVerified;
  // The job would not send it: say so rather than promise an email that never comes.
  if (await mailQuotaExhausted(ctx, user.email, 'verification')) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.tooManyEmails);
  }
  await withOutbox(ctx, ({ emit }) => emit(verificationRequestedEvent(user.id, actor.id)));
  return Msg.verificationSent;
}

/**
 * Update one's own profile. A new email address needs the current password (a session left open
 * on a shared computer must not be enough to take the account over); it must be verified again,
 * every link emailed before stops working, and the old address is told.
 */
export async function updateProfile(ctx: AppContext, actor: AuthedActor, input: ProfileBody): Promise<User> {
  const current = await repo.findUserById(ctx.db, actor.id);
  if (!current) throw notFound();
  const email = input.email.toLowerCase();
  const emailChanged = email !== current.email.toLowerCase();
  if (emailChanged) {
    // Before the uniqueness check, so that without the password nobody learns which addresses have accounts.
    if (!input.currentPassword) {
      throw fieldError('currentPassword', Msg.currentPasswordForEmail, ErrorCode.CURRENT_PASSWORD_REQUIRED);
    }
    if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
      throw fieldError('currentPassword', Msg.currentPasswordWrong, ErrorCode.WRONG_PASSWORD);
    }
    const other = await repo.findUserByEmail(ctx.db, email);
    if (other && other.id !== actor.id) throw emailTaken();
  }
  let updated: UserRow | undefined;
  try {
    updated = await withOutbox(ctx, async ({ db, emit }) => {
      const row = await repo.updateUser(db, actor.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: input.phone,
        bio: input.bio ?? '',
        ...(input.language ? { language: input.language } : {}),
        ...(input.marketingConsent !== undefined ? { marketingConsent: input.marketingConsent } : {}),
        ...(emailChanged ? { emailVerified: false, emailBouncedAt: null } : {}),
      });
      if (row && emailChanged) {
        // Verification and reset links went to the old address: none of them may act on the new one.
        await repo.revokeAuthTokens(db, row.id);
        // Spec section 4: turning the verified flag off sends a verification email.
        await emit(verificationRequestedEvent(row.id, actor.id));
        await emit(emailChangedEvent(row.id, actor.id, current.email));
      }
      return row;
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!updated) throw notFound();
  return userDto(ctx, updated, actor.actingAdminId);
}

/** Change one's password; every other session ends, this one gets a fresh token. */
export async function changePassword(
  ctx: AppContext,
  actor: AuthedActor,
  input: ChangePasswordBody,
  meta: { userAgent: string },
): Promise<string> {
  const user = await repo.findUserById(ctx.db, actor.id);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fieldError('currentPassword', Msg.currentPasswordWrong, ErrorCode.WRONG_PASSWORD);
  }
  await repo.updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.newPassword) });
  const bumped = await repo.bumpTokenVersion(ctx.db, user.id);
  await repo.revokeAllSessions(ctx.db, user.id);
  await repo.revokeAuthTokens(ctx.db, user.id, 'reset_password');
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
  const spent = await repo.consumeAuthToken(ctx.db, hashSingleUseToken(input.token), 'reset_password');
  if (!spent) throw tokenInvalid();
  const { userId } = spent;
  await repo.updateUser(ctx.db, userId, { passwordHash: await hashPassword(input.password) });
  // Following the emailed link proves the address it was sent to, so that address counts as verified.
  await repo.markEmailVerified(ctx.db, userId, spent.email);
  await repo.bumpTokenVersion(ctx.db, userId);
  await repo.revokeAllSessions(ctx.db, userId);
  // Every other reset link sent before is spent too: whoever may have seen one is locked out.
  await repo.revokeAuthTokens(ctx.db, userId, 'reset_password');
}

/** End this session only. */
export async function logout(ctx: AppContext, actor: AuthedActor): Promise<void> {
  await repo.revokeSession(ctx.db, actor.sessionId);
}

/** End every session of the user. */
export async function logoutEverywhere(ctx: AppContext, actor: AuthedActor): Promise<void> {
  await repo.bumpTokenVersion(ctx.db, actor.id);
  await repo.revokeAllSessions(ctx.db, actor.id);
}

/** Replace one's picture with a re-encoded square JPEG. */
export async function setAvatar(ctx: AppContext, actor: AuthedActor, upload: ImageSource): Promise<User> {
  const jpeg = await toJpeg(upload, { width: 512, height: 512, fit: 'cover' });
  const before = await repo.findUserById(ctx.db, actor.id);
  if (!before) throw notFound();
  const name = await saveJpeg(ctx.config.dataDir, 'logo', jpeg);
  const updated = await repo.updateUser(ctx.db, actor.id, { avatar: name });
  await removeJpeg(ctx.config.dataDir, 'logo', before.avatar);
  return userDto(ctx, updated!, actor.actingAdminId);
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
  const user = await repo.findUserById(ctx.db, actor.id);
  if (!user) return;
  for (const { establishmentId, kind } of await repo.listMemberships(ctx.db, user.id)) {
    if (kind === 'customer')
      await emit(unfollowEvent(user.id, establishmentId, actor.actingAdminId ?? user.id));
  }
  // Memberships, sessions and tokens go with the row (ON DELETE CASCADE).
  await repo.deleteUser(ctx.db, user.id);
  await removeJpeg(ctx.config.dataDir, 'logo', user.avatar);
}
