import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, can } from '../../../shared/permissions';
import { pushBytesLeft, pushMessageOf } from '../../../shared/push/payload';
import type {
  ComposeNotificationBody,
  EditPostBody,
  FeedPage,
  Media,
  Post,
} from '../../../shared/schemas/notification.schema';
import type { AppContext } from '../../context';
import { fanoutJob } from '../../jobs/notification-delivery.queues';
import { withOutbox } from '../../jobs/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { type ImageSource, saveJpeg, toJpeg } from '../../lib/images';
import * as establishmentsRepo from '../establishments/establishments.repo';
import { existingPreferences } from '../preferences/preferences.service';
import * as deliveries from './deliveries.repo';
import {
  decodeCursor,
  encodeCursor,
  type ManagerView,
  toDeliveryFigures,
  toPostDto,
} from './notification.dto';
import * as targetsRepo from './notification-targets.repo';
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
export async function loadForSending(ctx: AppContext, actor: Actor, establishmentId: string) {
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
  const targets = await existingPreferences(ctx.db, body.preferenceIds ?? []);

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
    if (inserted) {
      // With the notification, before its fan-out can start: no follower outside the target is reached.
      await targetsRepo.insertTargets(db, inserted, targets);
      await enqueue(fanoutJob, { notificationId: inserted }, { id: inserted });
    }
    return inserted;
  });
  if (id) return answer(id, false);
  // The same key at the same moment (a double click): the other request stored the notification.
  const first = await repo.findByIdempotencyKey(ctx.db, actor.id, idempotencyKey!, IDEMPOTENCY_HOURS);
  if (!first) throw new AppError(409, ErrorCode.CONFLICT, Msg.idempotencyKeyExpired);
  return answer(first, true);
}

/** Delivery figures and targeting of the posts the actor may send for; the others' stay unsaid. */
async function managerViewsFor(ctx: AppContext, actor: Actor, rows: repo.PostRow[]) {
  const managed = rows.filter((row) =>
    maySend(actor, { id: row.establishmentId, registeredById: row.registeredById }),
  );
  const ids = managed.map((row) => row.id);
  const [counts, targets] = await Promise.all([
    deliveries.countOutcomesOf(ctx.database.sql, ids),
    targetsRepo.targetsOf(ctx.db, ids),
  ]);
  const views = new Map<string, ManagerView>();
  for (const row of managed) {
    views.set(row.id, {
      delivery: toDeliveryFigures(row, counts.get(row.id)),
      targets: targets.get(row.id) ?? [],
    });
  }
  return views;
}

async function toPage(ctx: AppContext, actor: Actor, rows: repo.PostRow[], limit: number): Promise<FeedPage> {
  const items = rows.slice(0, limit);
  const views = await managerViewsFor(ctx, actor, items);
  return {
    items: items.map((row) => toPostDto(row, views.get(row.id) ?? null)),
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

/** One post or notification, with delivery figures and targeting for those who may send for its establishment. */
export async function get(ctx: AppContext, actor: Actor, id: string): Promise<Post> {
  const row = await loadPost(ctx, actor, id);
  const views = await managerViewsFor(ctx, actor, [row]);
  return toPostDto(row, views.get(row.id) ?? null);
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
