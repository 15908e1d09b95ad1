import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { GuestFollowBody, GuestFollowResponse } from '../../../shared/schemas/guest.schema';
import type { AppContext } from '../../context';
import { deviceRegisteredEvent, followEvent } from '../../events/event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError } from '../../lib/app-error';
import { hitCounter } from '../../lib/rate-limit.repo';
import { findEstablishment } from '../establishments';
import { stateOf } from '../establishments/establishment.dto';
import * as notificationsRepo from '../notifications';
import { checkSubscription, newDeviceSecret } from '../notifications/push-devices.service';
import { UNUSABLE_PASSWORD, userDto } from './account.service';
import * as guests from './guest.repo';
import { insertMembership, listMemberships } from './memberships.repo';
import { openSessionWithId } from './sign-in.service';
import { findUserById, insertUser } from './users.repo';

const HOUR_MS = 3_600_000;

const deviceHasAccount = () =>
  new AppError(409, ErrorCode.CONFLICT, Msg.deviceHasAccount, {
    'subscription.endpoint': Msg.deviceHasAccount,
  });

/**
 * Follow a business with one tap, no account (DESIGN.md, "Guest followers"): the browser's push
 * subscription, made on "Allow", becomes a follower. The device's guest is made (or found again, by
 * its endpoint and keys, when it follows a second business after losing its session), follows the
 * business, holds the device and a session of its own; its welcome rings at once (the follow's
 * event). A device that gets notifications for an account is that account's: its person signs in.
 */
export async function followAsGuest(
  ctx: AppContext,
  body: GuestFollowBody,
  meta: { userAgent: string },
): Promise<GuestFollowResponse> {
  const establishment = await findEstablishment(ctx.db, body.establishmentId);
  if (!establishment || stateOf(establishment) !== 'active')
    throw fieldError('establishmentId', 'This business cannot be followed right now.', ErrorCode.NOT_FOUND);
  // An endpoint must be on a push service we allow, and its key a P-256 point.
  checkSubscription(ctx, body.subscription, 'subscription.');
  const owner = await guests.deviceOwner(ctx.db, body.subscription.endpoint);
  const sameDevice =
    owner?.guest &&
    owner.p256dh === body.subscription.keys.p256dh &&
    owner.auth === body.subscription.keys.auth;
  if (owner && !sameDevice) throw deviceHasAccount();
  // Counted per business (every address together) only when a new guest would be made.
  if (!owner) await countGuestFollow(ctx, establishment.id);

  const source = body.source ?? 'direct';
  const { secret, hash } = newDeviceSecret();
  return withOutbox(ctx, async ({ db, emit }) => {
    const guest = owner
      ? await findUserById(db, owner.userId)
      : await insertUser(db, {
          email: '',
          passwordHash: UNUSABLE_PASSWORD,
          firstName: '',
          lastName: '',
          role: 'customer',
          guest: true,
          // Nothing waits on an address a guest does not have: a follower, reached by push only.
          emailVerified: true,
          language: body.language ?? 'en',
        });
    if (!guest) throw deviceHasAccount();
    const before = await listMemberships(db, guest.id);
    if (!before.some((m) => m.establishmentId === establishment.id)) {
      await insertMembership(db, {
        userId: guest.id,
        establishmentId: establishment.id,
        kind: 'customer',
        source,
      });
      await emit(followEvent(guest.id, establishment.id, guest.id, source));
    }
    const { accessToken, sessionId } = await openSessionWithId(ctx, guest, meta, db);
    const device = await notificationsRepo.upsertSubscription(db, {
      userId: guest.id,
      endpoint: body.subscription.endpoint,
      p256dh: body.subscription.keys.p256dh,
      auth: body.subscription.keys.auth,
      expiresAt: body.subscription.expirationTime ? new Date(body.subscription.expirationTime) : null,
      userAgent: meta.userAgent.slice(0, 300),
      secretHash: hash,
      sessionId,
    });
    if (!device) throw deviceHasAccount();
    if (device.created) await emit(deviceRegisteredEvent(guest.id));
    return {
      user: await userDto({ ...ctx, db }, guest),
      accessToken,
      establishmentId: establishment.id,
      subscriptionId: device.id,
      deviceSecret: secret,
    };
  });
}

/** One more guest for this business this hour; 429 past the limit. */
async function countGuestFollow(ctx: AppContext, establishmentId: string): Promise<void> {
  const { count } = await hitCounter(ctx.db, `guest-follows:${establishmentId}`, HOUR_MS);
  if (count > ctx.config.guestFollowsPerHour.perBusiness) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.guestFollowsLimited);
  }
}
