import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import type {
  Device,
  PushSubscriptionBody,
  SubscribeResponse,
  SubscriptionChangeBody,
} from '../../../shared/schemas/notification.schema';
import type { AppContext, AuthedActor } from '../../context';
import { recordEvent as recordDeliveryEvent } from '../../delivery';
import { deviceRegisteredEvent } from '../../events/event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { endpointProblem } from '../../push/allowed-hosts';
import { assertBrowserKey } from '../../push/encrypt';
import * as devicesRepo from './push-devices.repo';

/** A user's devices: their browsers' push subscriptions, and what their service workers report. */

/** A new secret for a device (given to it once) and what is stored of it. */
export function newDeviceSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashOf(secret) };
}
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` is the one whose hash was stored, in constant time. */
function provesDevice(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashOf(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The endpoint must be one we may POST to and the key a P-256 point, else 400 on the field. */
export function checkSubscription(ctx: AppContext, body: PushSubscriptionBody, prefix = '') {
  // The workers POST to this URL: only the push services we allow (PUSH_ALLOWED_HOSTS), in every mode.
  const problem = endpointProblem(body.endpoint, ctx.config.push.allowedHosts);
  if (problem) throw fieldError(`${prefix}endpoint`, problem);
  try {
    assertBrowserKey(body.keys.p256dh);
  } catch {
    throw fieldError(`${prefix}keys.p256dh`, 'keys.p256dh must be a base64url P-256 public key');
  }
}

/**
 * Register (or refresh) this browser's push subscription for the actor. The answer carries a new
 * secret for the device's service worker, and whether this subscription stopped receiving.
 */
export async function subscribe(
  ctx: AppContext,
  actor: AuthedActor,
  body: PushSubscriptionBody,
  userAgent: string,
): Promise<SubscribeResponse> {
  // Before the address is confirmed too: pushes go to the device at once (email waits).
  authorize(actor, 'push:subscribe');
  // An admin acting as this user ("log in as") is on the admin's own browser: registering it would
  // send the user's notifications to the admin, and list it among the user's devices.
  if (actor.actingAdminId)
    throw new AppError(403, ErrorCode.FORBIDDEN, Msg.impersonatedNoPush, {
      endpoint: Msg.impersonatedNoPush,
    });
  checkSubscription(ctx, body);
  const { secret, hash } = newDeviceSecret();
  const saved = await withOutbox(ctx, async ({ db, emit }) => {
    const device = await devicesRepo.upsertSubscription(db, {
      userId: actor.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      expiresAt: body.expirationTime ? new Date(body.expirationTime) : null,
      userAgent: userAgent.slice(0, 300),
      secretHash: hash,
      sessionId: actor.sessionId,
    });
    // Push just came on: a recent follow's welcome notification may go out now.
    if (device?.created) await emit(deviceRegisteredEvent(actor.id));
    return device;
  });
  // Another account's endpoint with other keys: not the same browser, so not theirs to take.
  if (!saved) {
    throw new AppError(409, ErrorCode.CONFLICT, Msg.subscriptionTaken, { endpoint: Msg.subscriptionTaken });
  }
  return { subscriptionId: saved.id, created: saved.created, stale: saved.stale, deviceSecret: secret };
}

/**
 * The browser replaced a device's subscription (pushsubscriptionchange): with no session at hand,
 * the service worker proves it held the old one with the secret given at its registration. The
 * device keeps its place (its pending deliveries go to the new endpoint) and gets a new secret.
 * An unknown endpoint and a wrong secret answer the same 404.
 */
export async function changeSubscription(
  ctx: AppContext,
  body: SubscriptionChangeBody,
): Promise<{ deviceSecret: string }> {
  checkSubscription(ctx, body.subscription, 'subscription.');
  const device = await devicesRepo.findByEndpoint(ctx.db, body.oldEndpoint);
  if (!device || !provesDevice(body.deviceSecret, device.secretHash)) throw notFound(Msg.deviceUnknown);
  const { secret, hash } = newDeviceSecret();
  const replaced = await devicesRepo.replaceEndpoint(ctx.db, device.id, device.userId, {
    endpoint: body.subscription.endpoint,
    p256dh: body.subscription.keys.p256dh,
    auth: body.subscription.keys.auth,
    expiresAt: body.subscription.expirationTime ? new Date(body.subscription.expirationTime) : null,
    secretHash: hash,
  });
  if (!replaced) {
    throw new AppError(409, ErrorCode.CONFLICT, Msg.subscriptionTaken, {
      'subscription.endpoint': Msg.subscriptionTaken,
    });
  }
  return { deviceSecret: secret };
}

/** The actor's devices that get push, and which stopped receiving. */
export async function listDevices(ctx: AppContext, actor: AuthedActor): Promise<Device[]> {
  authorize(actor, 'push:subscribe');
  const rows = await devicesRepo.devicesOf(ctx.db, actor.id);
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    staleSince: row.staleSince?.toISOString() ?? null,
  }));
}

/** Stop pushing to one of the actor's devices; 404 when it is not theirs. */
export async function removeDevice(ctx: AppContext, actor: AuthedActor, id: string): Promise<void> {
  authorize(actor, 'push:subscribe');
  if (!(await devicesRepo.removeDevice(ctx.db, actor.id, id))) throw notFound();
}

export async function unsubscribe(ctx: AppContext, actor: Actor, endpoint: string): Promise<void> {
  await devicesRepo.deleteSubscription(ctx.db, actor.id, endpoint);
}

/** A receipt or click from a service worker, proven by the token that came inside the message. */
export async function recordEvent(
  ctx: AppContext,
  notificationId: string,
  event: { type: 'received' | 'clicked'; receipt: string },
): Promise<void> {
  const subscriptionId = ctx.push.receipts.verify(notificationId, event.receipt);
  if (!subscriptionId) throw fieldError('receipt', Msg.receiptInvalid);
  const recorded = await recordDeliveryEvent(ctx.database.sql, notificationId, subscriptionId, event.type);
  if (!recorded) throw notFound();
}
