import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, can } from '../../../shared/permissions';
import { pushBytesLeft, pushMessageOf } from '../../../shared/push/payload';
import type {
  ComposeNotificationBody,
  DeliveryFigures,
  EditPostBody,
  FeedPage,
  Media,
  Post,
  PushSubscriptionBody,
} from '../../../shared/schemas/notification.schema';
import type { AppContext } from '../../context';
import { fanoutJob } from '../../jobs/notification-delivery.queues';
import { withOutbox } from '../../jobs/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { type ImageSource, saveJpeg, toJpeg } from '../../lib/images';
import { endpointProblem } from '../../push/allowed-hosts';
import { assertBrowserKey } from '../../push/encrypt';
import * as establishmentsRepo from '../establishments/establishments.repo';
import * as deliveries from './deliveries.repo';
import { decodeCursor, encodeCursor, toDeliveryFigures, toPostDto } from './notification.dto';
import * as repo from './notifications.repo';

/** Pictures of posts: at most this many pixels a side, enough for a phone's notification and feed. */
const MEDIA_SIZE = { width: 1600, height: 1600, fit: 'inside' as const };

const establishmentGone = () => notFound(Msg.establishmentNotFound);

async function loadEstablishment(ctx: AppContext, id: string) {
  const row = await establishmentsRepo.findEstablishment(ctx.db, id);
  if (!row || row.deletedAt) throw establishmentGone();
  return row;
}

const resourceOf = (row: { id: string; registeredById: string | null }) => ({
  establishmentId: row.id,
  registeredById: row.registeredById,
});

/** May send for it: admin, an operating client, the representative who registered it (can()). */
const maySend = (actor: Actor, row: { id: string; registeredById: string | null }) =>
  can(actor, 'notificationPost:create', resourceOf(row));

/** The sender must be allowed, and the establishment able to send: not blocked, not inactive. */
async function loadForSending(ctx: AppContext, actor: Actor, establishmentId: string) {
  const row = await loadEstablishment(ctx, establishmentId);
  authorize(actor, 'notificationPost:create', resourceOf(row));
  if (row.blockedAt) {
    throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentCannotSendBlocked);
  }
  if (!row.active) {
    throw new AppError(403, ErrorCode.ESTABLISHMENT_INACTIVE, Msg.establishmentCannotSendInactive);
  }
  return row;
}

export async function uploadMedia(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  upload: ImageSource,
): Promise<Media> {
  const establishment = await loadForSending(ctx, actor, establishmentId);
  const jpeg = await toJpeg(upload, MEDIA_SIZE);
  const { default: sharp } = await import('sharp');
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const id = await saveJpeg(ctx.config.dataDir, 'post', jpeg);
  await repo.insertMedia(ctx.db, {
    id,
    establishmentId: establishment.id,
    uploadedById: actor.id,
    width,
    height,
  });
  return { id, url: `/image/post/${id}.jpeg`, width, height };
}

/** An Idempotency-Key is honoured this long; the sweep forgets older ones. */
export const IDEMPOTENCY_HOURS = 24;

/**
 * Accept a notification: checked in full (rights, state, text, picture, push size) before anything
 * is stored, then one row and its fan-out job in one transaction (the job does the rest). With an
 * Idempotency-Key already used by this author, the first notification is answered, nothing sent.
 */
export async function send(
  ctx: AppContext,
  actor: Actor,
  establishmentIdOrPublicId: string,
  body: ComposeNotificationBody,
  idempotencyKey?: string,
): Promise<{ post: Post; message: string; replayed: boolean }> {
  const establishment = await loadForSending(ctx, actor, establishmentIdOrPublicId);
  const establishmentId = establishment.id;
  const answer = async (id: string, replayed: boolean) => {
    const post = await get(ctx, actor, id);
    return { post, message: post.inFeed ? Msg.notificationSent : Msg.notificationOnlySent, replayed };
  };
  if (idempotencyKey) {
    const first = await repo.findByIdempotencyKey(ctx.db, actor.id, idempotencyKey, IDEMPOTENCY_HOURS);
    if (first) return answer(first, true);
  }
  const mediaId = body.mediaId ?? null;
  if (mediaId) {
    const media = await repo.findMedia(ctx.db, mediaId);
    if (!media || media.establishmentId !== establishmentId) throw fieldError('mediaId', Msg.mediaNotFound);
  }
  const createdAt = new Date();
  const probe = pushMessageOf({
    id: crypto.randomUUID(),
    establishmentId,
    establishmentName: establishment.name,
    text: body.text,
    logo: establishment.logo,
    media: mediaId,
    createdAt: createdAt.getTime(),
  });
  if (pushBytesLeft(probe) < 0) throw fieldError('text', Msg.pushTooLarge, ErrorCode.PAYLOAD_TOO_LARGE);

  const id = await withOutbox(ctx, async ({ db, enqueue }) => {
    const inserted = await repo.insertNotification(db, {
      establishmentId,
      authorId: actor.id,
      text: body.text,
      mediaId,
      inFeed: body.post,
      idempotencyKey: idempotencyKey ?? null,
      // Milliseconds, as the feed's cursors carry them.
      createdAt,
    });
    if (inserted) await enqueue(fanoutJob, { notificationId: inserted }, { id: inserted });
    return inserted;
  });
  if (id) return answer(id, false);
  // The same key at the same moment (a double click): the other request stored the notification.
  const first = await repo.findByIdempotencyKey(ctx.db, actor.id, idempotencyKey!, IDEMPOTENCY_HOURS);
  if (!first) throw new AppError(409, ErrorCode.CONFLICT, Msg.idempotencyKeyExpired);
  return answer(first, true);
}

async function figuresFor(ctx: AppContext, actor: Actor, rows: repo.PostRow[]) {
  const managed = rows.filter((row) =>
    maySend(actor, { id: row.establishmentId, registeredById: row.registeredById }),
  );
  const counts = await deliveries.countOutcomesOf(
    ctx.database.sql,
    managed.map((row) => row.id),
  );
  const figures = new Map<string, DeliveryFigures>();
  for (const row of managed) figures.set(row.id, toDeliveryFigures(row, counts.get(row.id)));
  return figures;
}

async function toPage(ctx: AppContext, actor: Actor, rows: repo.PostRow[], limit: number): Promise<FeedPage> {
  const items = rows.slice(0, limit);
  const figures = await figuresFor(ctx, actor, items);
  return {
    items: items.map((row) => toPostDto(row, figures.get(row.id) ?? null)),
    nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!) : null,
  };
}

function cursorOf(cursor: string | undefined) {
  const decoded = decodeCursor(cursor);
  if (cursor && !decoded) throw fieldError('cursor', 'This page link is not valid. Reload the feed.');
  return decoded;
}

/** A page of an establishment's feed, for its senders (all=true: push-only sends too) and followers. */
export async function listEstablishmentPosts(
  ctx: AppContext,
  actor: Actor,
  establishmentIdOrPublicId: string,
  query: { cursor?: string; limit: number; all?: boolean },
): Promise<FeedPage> {
  const establishment = await loadEstablishment(ctx, establishmentIdOrPublicId);
  // Its senders and its followers, with a confirmed email (can()).
  authorize(actor, 'notificationPost:read', resourceOf(establishment));
  if (establishment.blockedAt && !maySend(actor, establishment)) {
    throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);
  }
  const rows = await repo.listEstablishmentPosts(ctx.db, establishment.id, {
    includePushOnly: Boolean(query.all) && maySend(actor, establishment),
    cursor: cursorOf(query.cursor),
    limit: query.limit + 1,
  });
  return toPage(ctx, actor, rows, query.limit);
}

/** The social feed: posts of every establishment the actor follows or operates (a confirmed email first). */
export async function feed(
  ctx: AppContext,
  actor: Actor,
  query: { cursor?: string; limit: number },
): Promise<FeedPage> {
  authorize(actor, 'feed:read');
  const rows = await repo.listFeed(ctx.db, actor.id, {
    cursor: cursorOf(query.cursor),
    limit: query.limit + 1,
  });
  return toPage(ctx, actor, rows, query.limit);
}

async function loadPost(ctx: AppContext, actor: Actor, id: string) {
  const row = await repo.findPost(ctx.db, id);
  if (!row) throw notFound();
  authorize(actor, 'notificationPost:read', {
    establishmentId: row.establishmentId,
    registeredById: row.registeredById,
  });
  // A push-only notification is not a post: only those who sent it see it in the app, and the
  // followers it reached open it from the notification.
  return row;
}

/** One post or notification, with delivery figures for those who may send for its establishment. */
export async function get(ctx: AppContext, actor: Actor, id: string): Promise<Post> {
  const row = await loadPost(ctx, actor, id);
  const figures = await figuresFor(ctx, actor, [row]);
  return toPostDto(row, figures.get(row.id) ?? null);
}

/** Owner or admin (can()'s post edit/delete rule). */
async function loadOwnPost(
  ctx: AppContext,
  actor: Actor,
  id: string,
  right: 'notificationPost:edit' | 'notificationPost:delete',
) {
  const row = await loadPost(ctx, actor, id);
  authorize(actor, right, { ownerId: row.authorId ?? undefined });
  return row;
}

export async function edit(ctx: AppContext, actor: Actor, id: string, body: EditPostBody): Promise<Post> {
  await loadOwnPost(ctx, actor, id, 'notificationPost:edit');
  await repo.updatePostText(ctx.db, id, body.text);
  return get(ctx, actor, id);
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await loadOwnPost(ctx, actor, id, 'notificationPost:delete');
  await repo.softDeletePost(ctx.db, id);
}

/** Register (or refresh) this browser's push subscription for the actor. */
export async function subscribe(
  ctx: AppContext,
  actor: Actor,
  body: PushSubscriptionBody,
  userAgent: string,
): Promise<{ subscriptionId: string; created: boolean }> {
  // An unconfirmed address is no audience yet (can()); the browser subscribes again once verified.
  authorize(actor, 'push:subscribe');
  // The workers POST to this URL: only the push services we allow (PUSH_ALLOWED_HOSTS), in every mode.
  const problem = endpointProblem(body.endpoint, ctx.config.push.allowedHosts);
  if (problem) throw fieldError('endpoint', problem);
  try {
    assertBrowserKey(body.keys.p256dh);
  } catch {
    throw fieldError('keys.p256dh', 'keys.p256dh must be a base64url P-256 public key');
  }
  const saved = await repo.upsertSubscription(ctx.db, {
    userId: actor.id,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    expiresAt: body.expirationTime ? new Date(body.expirationTime) : null,
    userAgent: userAgent.slice(0, 300),
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
