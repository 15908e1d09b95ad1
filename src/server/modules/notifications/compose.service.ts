import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import { mediaFileUrl, mediaUrl } from '../../../shared/push/payload';
import type { ComposeNotificationBody, Media, Post } from '../../../shared/schemas/notification.schema';
import type { AppContext } from '../../context';
import { countOutcomesOf, insertTargets, targetsOf } from '../../delivery';
import { postScheduledEvent, postSentEvent } from '../../events/event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { storePostMedia } from '../../lib/media/post-media';
import type { PostMediaUpload } from '../../lib/uploads';
import { urgentWork } from '../../lib/urgent-work';
import { existingPreferences } from '../preferences/preferences.service';
import { toDeliveryFigures, toPostDto } from './notification.dto';
import * as repo from './notifications.repo';
import { loadForSending, maySend, recordPostWrite } from './post-access';
import { get } from './post-reads.service';
import { findPost } from './posts.repo';
import { checkPushSize, checkTranslations } from './send-content';
import { insertWeeklyRuleWithinLimit } from './send-limits';
import { scheduleOf, validUntilOf, weeklyRuleFor } from './send-times';
import * as weeklyRepo from './weekly-sends.repo';

export async function uploadMedia(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  upload: PostMediaUpload,
): Promise<Media> {
  const establishment = await loadForSending(ctx, actor, establishmentId);
  const stored = await storePostMedia(ctx.config.dataDir, upload);
  await repo.insertMedia(ctx.db, {
    ...stored,
    establishmentId: establishment.id,
    uploadedById: actor.id,
  });
  return {
    id: stored.id,
    url: mediaUrl(stored.id)!,
    width: stored.width,
    height: stored.height,
    kind: stored.kind,
    fileUrl: mediaFileUrl(stored.id, stored.fileType),
    fileBytes: stored.fileBytes,
    durationSeconds: stored.durationSeconds,
  };
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
  requestKey?: string,
): Promise<{ post: Post; message: string; replayed: boolean }> {
  const establishment = await loadForSending(ctx, actor, establishmentIdOrPublicId);
  // An API key's sends are its creator's (their name on the post), but its Idempotency-Keys are
  // its own: a till's key cannot answer with a post its creator composed in the app.
  const idempotencyKey = requestKey && actor.apiKey ? `api-key:${actor.apiKey.id}:${requestKey}` : requestKey;
  const establishmentId = establishment.id;
  // A replay answers what is stored now; a new send, what it just stored (justSent).
  const answer = async (id: string, replayed: boolean, targeted = false) => {
    const post = replayed ? await get(ctx, actor, id) : await justSent(ctx, actor, id, targeted);
    const message = post.recurrence
      ? Msg.weeklySendScheduled
      : post.delivery?.status === 'scheduled'
        ? Msg.notificationScheduled
        : post.inFeed
          ? Msg.notificationSent
          : Msg.notificationOnlySent;
    return { post, message, replayed };
  };
  if (idempotencyKey) {
    const first = await repo.findByIdempotencyKey(ctx.db, actor.id, idempotencyKey, IDEMPOTENCY_HOURS);
    if (first) return answer(first, true);
  }
  // Scheduled: stored now, released by the scheduler at its time; until then in no feed.
  const scheduledFor = body.scheduledFor ? scheduleOf(ctx, body.scheduledFor) : null;
  // Each follower's own clock needs a time of day to go by.
  const localTime = body.localTime === true;
  if (localTime && !scheduledFor) throw fieldError('localTime', Msg.localTimeNeedsSchedule);
  const mediaId = body.mediaId ?? null;
  if (mediaId) {
    const media = await repo.findMedia(ctx.db, mediaId);
    if (!media || media.establishmentId !== establishmentId) throw fieldError('mediaId', Msg.mediaNotFound);
  }
  // A scheduled send is dated by its time until it goes (then by the moment it went).
  const createdAt = scheduledFor ?? new Date();
  const validUntil = body.validUntil ? validUntilOf(body.validUntil, createdAt) : null;
  const rich = { title: body.title ?? null, link: body.link ?? null, actions: body.actions ?? [] };
  checkPushSize(establishment, { ...rich, text: body.text, media: mediaId }, createdAt);
  const translations = body.translations ?? {};
  const richTranslations = body.richTranslations ?? {};
  checkTranslations(
    establishment,
    { ...rich, text: body.text, media: mediaId, translations, richTranslations },
    createdAt,
  );
  const weekly = weeklyRuleFor(body, scheduledFor, establishment.timeZone);
  const targets = await existingPreferences(ctx.db, body.preferenceIds ?? []);

  // Urgent: a big send's batches make way while it is stored (lib/urgent-work.ts).
  const id = await urgentWork.run(() =>
    withOutbox(ctx, async ({ db, emit }) => {
      const recurrenceId = weekly
        ? await insertWeeklyRuleWithinLimit(ctx, db, {
            ...weekly,
            establishmentId,
            authorId: actor.id,
            localTime,
          })
        : null;
      const inserted = await repo.insertNotification(db, {
        establishmentId,
        authorId: actor.id,
        text: body.text,
        title: rich.title,
        linkUrl: rich.link,
        actions: rich.actions.length > 0 ? rich.actions : null,
        translations,
        richTranslations,
        recurrenceId,
        mediaId,
        inFeed: body.post,
        idempotencyKey: idempotencyKey ?? null,
        // Milliseconds, as the feed's cursors carry them.
        createdAt,
        validUntil,
        ...(scheduledFor ? { status: 'scheduled' as const, scheduledFor, localTime } : {}),
      });
      // The same Idempotency-Key at the same moment: the other request's weekly send is the one that
      // runs; this rule would hold a place of the business's limit with no send to cancel it by.
      if (!inserted && recurrenceId) await weeklyRepo.endWeeklyRule(db, recurrenceId, ctx.now());
      if (inserted) {
        // With the notification, before its fan-out can start: no follower outside the target is reached.
        await insertTargets(db, inserted, targets);
        const post = { id: inserted, establishmentId, text: body.text, inFeed: body.post };
        if (scheduledFor) {
          await emit(postScheduledEvent({ ...post, scheduledFor }, actor.id));
        } else {
          // Its fan-out follows from the event (events/consumers.ts).
          await emit(postSentEvent(post, actor.id));
        }
        await recordPostWrite(db, actor, establishment, 'post.send', {
          notificationId: inserted,
          inFeed: body.post,
          scheduled: scheduledFor !== null,
          ...(targets.length > 0 ? { preferenceIds: targets.map((target) => target.preferenceId) } : {}),
        });
      }
      return inserted;
    }),
  );
  if (id) return answer(id, false, targets.length > 0);
  // The same key at the same moment (a double click): the other request stored the notification.
  const first = await repo.findByIdempotencyKey(ctx.db, actor.id, idempotencyKey!, IDEMPOTENCY_HOURS);
  if (!first) throw new AppError(409, ErrorCode.CONFLICT, Msg.idempotencyKeyExpired);
  return answer(first, true);
}

/**
 * A send just stored, as its sender sees it: get() less what cannot exist yet. Nobody has reacted
 * to it or commented on it before its send has answered, and an untargeted send has no targets to
 * read: two statements (in parallel) where get() runs five, for every send.
 */
async function justSent(ctx: AppContext, actor: Actor, id: string, targeted: boolean): Promise<Post> {
  const [row, counts, targets] = await Promise.all([
    findPost(ctx.db, id),
    countOutcomesOf(ctx.database.sql, [id]),
    targeted ? targetsOf(ctx.db, [id]) : undefined,
  ]);
  // Deleted in the moment since (by another of its senders).
  if (!row) throw notFound();
  const manager = maySend(actor, { id: row.establishmentId, registeredById: row.registeredById })
    ? { delivery: toDeliveryFigures(row, counts.get(id)), targets: targets?.get(id) ?? [] }
    : null;
  return toPostDto(row, manager);
}
