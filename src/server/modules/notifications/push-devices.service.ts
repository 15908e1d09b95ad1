import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import type { PushSubscriptionBody } from '../../../shared/schemas/notification.schema';
import type { AppContext, AuthedActor } from '../../context';
import { withOutbox } from '../../jobs/outbox';
import { welcomeNoticeJob } from '../../jobs/welcome-notice.job';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { endpointProblem } from '../../push/allowed-hosts';
import { assertBrowserKey } from '../../push/encrypt';
import { owesWelcome } from '../establishments/welcome.repo';
import * as deliveries from './deliveries.repo';
import * as repo from './notifications.repo';

/** A user's devices: their browsers' push subscriptions, and what their service workers report. */

/** Register (or refresh) this browser's push subscription for the actor. */
export async function subscribe(
  ctx: AppContext,
  actor: AuthedActor,
  body: PushSubscriptionBody,
  userAgent: string,
): Promise<{ subscriptionId: string; created: boolean }> {
  // An unconfirmed address is no audience yet (can()); the browser subscribes again once verified.
  authorize(actor, 'push:subscribe');
  // An admin acting as this user ("log in as") is on the admin's own browser: registering it would
  // send the user's notifications to the admin, and list it among the user's devices.
  if (actor.actingAdminId)
    throw new AppError(403, ErrorCode.FORBIDDEN, Msg.impersonatedNoPush, {
      endpoint: Msg.impersonatedNoPush,
    });
  // The workers POST to this URL: only the push services we allow (PUSH_ALLOWED_HOSTS), in every mode.
  const problem = endpointProblem(body.endpoint, ctx.config.push.allowedHosts);
  if (problem) throw fieldError('endpoint', problem);
  try {
    assertBrowserKey(body.keys.p256dh);
  } catch {
    throw fieldError('keys.p256dh', 'keys.p256dh must be a base64url P-256 public key');
  }
  const saved = await withOutbox(ctx, async ({ db, enqueue }) => {
    const device = await repo.upsertSubscription(db, {
      userId: actor.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      expiresAt: body.expirationTime ? new Date(body.expirationTime) : null,
      userAgent: userAgent.slice(0, 300),
    });
    // Push just came on: a recent follow's welcome notification goes out now (issue 14).
    if (device?.created && (await owesWelcome(db, actor.id))) {
      await enqueue(welcomeNoticeJob, { userId: actor.id });
    }
    return device;
  });
  // Another account's endpoint with other keys: not the same browser, so not theirs to take.
  if (!saved) {
    throw new AppError(409, ErrorCode.CONFLICT, Msg.subscriptionTaken, { endpoint: Msg.subscriptionTaken });
  }
  return { subscriptionId: saved.id, created: saved.created };
}

export async function unsubscribe(ctx: AppContext, actor: Actor, endpoint: string): Promise<void> {
  await repo.deleteSubscription(ctx.db, actor.id, endpoint);
}

/** A receipt or click from a service worker, proven by the token that came inside the message. */
export async function recordEvent(
  ctx: AppContext,
  notificationId: string,
  event: { type: 'received' | 'clicked'; receipt: string },
): Promise<void> {
  const subscriptionId = ctx.push.receipts.verify(notificationId, event.receipt);
  if (!subscriptionId) throw fieldError('receipt', Msg.receiptInvalid);
  const recorded = await deliveries.recordEvent(ctx.database.sql, notificationId, subscriptionId, event.type);
  if (!recorded) throw notFound();
}
