import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { ProfileBody, User } from '../../../shared/schemas/account.schema';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { emailChangedEvent, verificationRequestedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { fieldError, notFound } from '../../lib/app-error';
import { type ImageSource, removeJpeg, saveJpeg, toJpeg } from '../../lib/images';
import { verifyPassword } from '../../lib/passwords';
import { toUserDto } from './account.dto';
import { emailTaken } from './account-errors';
import { revokeAuthTokens } from './auth-tokens.repo';
import { listMemberships } from './memberships.repo';
import { findUserByEmail, findUserById, isUniqueViolation, updateUser } from './users.repo';
/** A password hash no password matches: set until the welcome job emails a real password. */
export const UNUSABLE_PASSWORD = '!';

/** The user as they see themselves; while an admin acts as them, the admin's id and name. */
export async function userDto(
  ctx: AppContext,
  row: UserRow,
  actingAdminId: string | null = null,
): Promise<User> {
  const admin = actingAdminId ? await findUserById(ctx.db, actingAdminId) : undefined;
  const impersonatedBy = admin ? { id: admin.id, name: `${admin.firstName} ${admin.lastName}`.trim() } : null;
  return toUserDto(row, await listMemberships(ctx.db, row.id), impersonatedBy);
}

/** The signed-in user. */
export async function me(ctx: AppContext, actor: AuthedActor): Promise<User> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw notFound();
  return userDto(ctx, user, actor.actingAdminId);
}

/**
 * Update one's own profile. A new email address needs the current password (a session left open
 * on a shared computer must not be enough to take the account over); it must be verified again,
 * every link emailed before stops working, and the old address is told.
 */
export async function updateProfile(ctx: AppContext, actor: AuthedActor, input: ProfileBody): Promise<User> {
  const current = await findUserById(ctx.db, actor.id);
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
    const other = await findUserByEmail(ctx.db, email);
    if (other && other.id !== actor.id) throw emailTaken();
  }
  let updated: UserRow | undefined;
  try {
    updated = await withOutbox(ctx, async ({ db, emit }) => {
      const row = await updateUser(db, actor.id, {
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
        await revokeAuthTokens(db, row.id);
        // Spec section 4: turning the verified flag off sends a verification email.
        await emit(verificationRequestedEvent(row.id, actor.id));
        await emit(emailChangedEvent(row.id, actor.id, current.email));
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!updated) throw notFound();
  return userDto(ctx, updated, actor.actingAdminId);
}

/** Replace one's picture with a re-encoded square JPEG. */
export async function setAvatar(ctx: AppContext, actor: AuthedActor, upload: ImageSource): Promise<User> {
  const jpeg = await toJpeg(upload, { width: 512, height: 512, fit: 'cover' });
  const before = await findUserById(ctx.db, actor.id);
  if (!before) throw notFound();
  const name = await saveJpeg(ctx.config.dataDir, 'logo', jpeg);
  const updated = await updateUser(ctx.db, actor.id, { avatar: name });
  await removeJpeg(ctx.config.dataDir, 'logo', before.avatar);
  return userDto(ctx, updated!, actor.actingAdminId);
}
