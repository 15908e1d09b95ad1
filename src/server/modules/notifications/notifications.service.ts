import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, can } from '../../../shared/permissions';
import { mediaFileUrl, mediaUrl } from '../../../shared/push/payload';
import { repeatProblem, type WeeklyRule, weeklyRuleOf } from '../../../shared/recurrence';
import type {
  ComposeNotificationBody,
  EditNotificationBody,
  FeedPage,
  Media,
  Post,
  ScheduledList,
} from '../../../shared/schemas/notification.schema';
import { scheduleProblem, validUntilProblem } from '../../../shared/schemas/schedule';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext } from '../../context';
import { type Db, executorOf } from '../../db/client';
import { countOutcomesOf, insertTargets, targetsOf } from '../../delivery';
import {
  postDeletedEvent,
  postEditedEvent,
  postScheduledEvent,
  postSentEvent,
} from '../../events/event-builders';
import { postRescheduledEvent, postWithdrawnEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import type { SerializedJson } from '../../lib/http-cache';
import { storePostMedia } from '../../lib/media/post-media';
import type { PostMediaUpload } from '../../lib/uploads';
import { existingPreferences } from '../preferences/preferences.service';
import { expectedFirstPage, followersFirstPage, sendersFirstPage } from './followers-feed';
import {
  decodeCursor,
  encodeCursor,
  type ManagerView,
  toDeliveryFigures,
  toPostDto,
} from './notification.dto';
import * as repo from './notifications.repo';
import { engagementOf } from './post-engagement.repo';
import * as scheduledRepo from './scheduled.repo';
import { checkPushSize, checkTranslations } from './send-content';
import { countPhoneUpdate, insertWeeklyRuleWithinLimit } from './send-limits';
import * as weeklyRepo from './weekly-sends.repo';

/** Pictures of posts: at most this many pixels a side, enough for a phone's notification and feed. */
const establishmentGone = () => notFound(Msg.establishmentNotFound);

async function loadEstablishment(ctx: AppContext, id: string) {
  const row = await repo.findEstablishmentRef(ctx.db, id);
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

/**
 * A send, edit or delete of the establishment's posts by someone who does not operate it (an admin,
 * the representative who registered it) speaks for the business: recorded in the audit log in the
 * write's transaction. Its operators' own posts are theirs and are not recorded.
 */
export async function recordPostWrite(
  db: Db,
  actor: Actor,
  establishment: { id: string; name: string },
  action: 'post.send' | 'post.update' | 'post.delete',
  detail: Record<string, unknown>,
) {
  await auditOnBehalf(db, actor, establishment, { action, detail });
}

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

/** A scheduled send's time, checked against the app's clock: 1 minute to 90 days ahead, else 400 on the field. */
function scheduleOf(ctx: AppContext, scheduledFor: string): Date {
  const at = new Date(scheduledFor);
  const problem = scheduleProblem(at, ctx.now());
  if (problem) throw fieldError('scheduledFor', problem);
  return at;
}

/** An offer's end: after the send, else 400 on the field. */
function validUntilOf(validUntil: string, sendAt: Date): Date {
  const at = new Date(validUntil);
  const problem = validUntilProblem(at, sendAt);
  if (problem) throw fieldError('validUntil', problem);
  return at;
}

/** A weekly send's rule: its first send must be scheduled, its last date (if any) not before it. */
function weeklyRuleFor(
  body: ComposeNotificationBody,
  scheduledFor: Date | null,
  timeZone: string,
): WeeklyRule | null {
  if (!body.repeat) return null;
  if (!scheduledFor) throw fieldError('scheduledFor', Msg.repeatNeedsFirst);
  const until = body.repeat.until ?? null;
  const problem = repeatProblem(scheduledFor, timeZone, until);
  if (problem) throw fieldError('repeat.until', problem);
  return weeklyRuleOf(scheduledFor, timeZone, until, body.repeat.weekdays);
}

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

  const id = await withOutbox(ctx, async ({ db, emit }) => {
    const recurrenceId = weekly
      ? await insertWeeklyRuleWithinLimit(ctx, db, { ...weekly, establishmentId, authorId: actor.id })
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
      ...(scheduledFor ? { status: 'scheduled' as const, scheduledFor } : {}),
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
  });
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
    repo.findPost(ctx.db, id),
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

/** Delivery figures and targeting of the posts the actor may send for; the others' stay unsaid. */
async function managerViewsFor(ctx: AppContext, actor: Actor, rows: repo.PostRow[]) {
  const managed = rows.filter((row) =>
    maySend(actor, { id: row.establishmentId, registeredById: row.registeredById }),
  );
  const ids = managed.map((row) => row.id);
  const [counts, targets] = await Promise.all([
    countOutcomesOf(ctx.database.sql, ids),
    targetsOf(ctx.db, ids),
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
  const [views, engagement] = await Promise.all([
    managerViewsFor(ctx, actor, items),
    engagementOf(
      ctx.database.sql,
      actor.id,
      items.map((row) => row.id),
    ),
  ]);
  return {
    items: items.map((row) => toPostDto(row, views.get(row.id) ?? null, engagement.get(row.id))),
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
): Promise<FeedPage | SerializedJson> {
  // A first page also reads the reader's reactions to the newest posts, in the same statement.
  const found = query.cursor
    ? undefined
    : await repo.findEstablishmentForReader(ctx.db, establishmentIdOrPublicId, actor.id, query.limit + 1);
  const establishment = query.cursor
    ? await loadEstablishment(ctx, establishmentIdOrPublicId)
    : found?.establishment;
  if (!establishment || establishment.deletedAt) throw establishmentGone();
  // Its senders and its followers, with a confirmed email (can()).
  authorize(actor, 'notificationPost:read', resourceOf(establishment));
  if (establishment.blockedAt && !maySend(actor, establishment)) {
    throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);
  }
  // A follower's first page: from the feed cache, checked against the version just read.
  if (found && !maySend(actor, establishment)) {
    return followersFirstPage(ctx, actor.id, [establishment], query.limit, {
      readerReactions: found.readerReactions,
    });
  }
  // A sender's: the same posts, with their delivery figures and targets read fresh.
  if (found && !query.all) {
    const page = await sendersFirstPage(ctx, actor, establishment, query.limit, found.readerReactions);
    if (page) return page;
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
): Promise<FeedPage | SerializedJson> {
  authorize(actor, 'feed:read');
  // The first page of someone who sends for none of what they follow: from the feed cache.
  if (!query.cursor) {
    // The reader's reactions are read with the versions, for the page the cache expects to serve.
    const expected = expectedFirstPage(
      ctx,
      actor.establishments.map((m) => m.establishmentId),
      query.limit,
    );
    const { sources, readerReactions } = await repo.feedSourcesOf(ctx.db, actor.id, expected);
    if (!sources.some((source) => maySend(actor, source))) {
      return followersFirstPage(ctx, actor.id, sources, query.limit, {
        readerReactions,
        coveredIds: new Set(expected),
      });
    }
  }
  const rows = await repo.listFeed(ctx.db, actor.id, {
    cursor: cursorOf(query.cursor),
    limit: query.limit + 1,
  });
  return toPage(ctx, actor, rows, query.limit);
}

/** A list of scheduled sends holds at most this many (90 days of several a day). */
export const SCHEDULED_LIST_MAX = 500;

/** An establishment's scheduled sends still waiting, soonest first: for those who may send for it. */
export async function listScheduled(
  ctx: AppContext,
  actor: Actor,
  establishmentIdOrPublicId: string,
): Promise<ScheduledList> {
  const establishment = await loadEstablishment(ctx, establishmentIdOrPublicId);
  authorize(actor, 'notificationPost:create', resourceOf(establishment));
  const rows = await repo.listScheduled(ctx.db, establishment.id, SCHEDULED_LIST_MAX);
  const { items } = await toPage(ctx, actor, rows, rows.length);
  return { items };
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
  // A scheduled one does not exist yet for anyone but its senders.
  const sender = maySend(actor, { id: row.establishmentId, registeredById: row.registeredById });
  if (row.status === 'scheduled' && !sender) throw notFound();
  return row;
}

/** One post or notification, with delivery figures and targeting for those who may send for its establishment. */
export async function get(ctx: AppContext, actor: Actor, id: string): Promise<Post> {
  const row = await loadPost(ctx, actor, id);
  const [views, engagement] = await Promise.all([
    managerViewsFor(ctx, actor, [row]),
    engagementOf(ctx.database.sql, actor.id, [row.id]),
  ]);
  return toPostDto(row, views.get(row.id) ?? null, engagement.get(row.id));
}

/** What of a stored post its push carries besides the text. */
const richOf = (row: repo.PostRow) => ({
  title: row.title,
  link: row.linkUrl,
  actions: row.actions,
  media: row.mediaId,
});

/** Owner or admin (can()'s post edit/delete rule); a blocked establishment's posts, admins only. */
export async function loadOwnPost(
  ctx: AppContext,
  actor: Actor,
  id: string,
  right: 'notificationPost:edit' | 'notificationPost:delete',
) {
  const row = await loadPost(ctx, actor, id);
  authorize(actor, right, { ownerId: row.authorId ?? undefined, blocked: row.blockedAt !== null });
  return row;
}

/**
 * Edit a post's text; a send still scheduled also its time, which once it went is a
 * 409. A scheduled send's text is what will be pushed: it must fit the push message.
 */
export async function edit(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: EditNotificationBody,
): Promise<{ post: Post; message: string }> {
  const row = await loadOwnPost(ctx, actor, id, 'notificationPost:edit');
  const establishment = { id: row.establishmentId, name: row.establishmentName, logo: row.logo };
  if (row.status === 'scheduled') {
    const scheduledFor = body.scheduledFor ? scheduleOf(ctx, body.scheduledFor) : undefined;
    if (scheduledFor && row.validUntil && validUntilProblem(row.validUntil, scheduledFor)) {
      throw fieldError('scheduledFor', Msg.endAfterStart);
    }
    if (body.text !== undefined)
      checkPushSize(establishment, { ...richOf(row), text: body.text }, scheduledFor ?? row.createdAt);
    const changed = await withOutbox(ctx, async ({ db, emit }) => {
      const updated = await scheduledRepo.updateScheduled(executorOf(db), id, {
        ...(body.text !== undefined ? { text: body.text } : {}),
        ...(scheduledFor ? { scheduledFor } : {}),
      });
      if (updated && scheduledFor)
        await emit(
          postRescheduledEvent({ id, establishmentId: row.establishmentId }, actor.id, scheduledFor),
        );
      if (updated) {
        await recordPostWrite(db, actor, establishment, 'post.update', {
          notificationId: id,
          changed: [...(body.text !== undefined ? ['text'] : []), ...(scheduledFor ? ['scheduledFor'] : [])],
        });
        const post = { id, establishmentId: row.establishmentId, text: body.text ?? row.text };
        await emit(postEditedEvent(post, actor.id, false));
      }
      return updated;
    });
    if (changed) return { post: await get(ctx, actor, id), message: Msg.scheduleUpdated };
    // Released meanwhile: from here on it is a notification that went out.
  }
  if (body.scheduledFor !== undefined) throw new AppError(409, ErrorCode.CONFLICT, Msg.alreadySent);
  if (body.text === undefined) throw fieldError('text', Msg.scheduleEditNothing);
  const text = body.text;
  if (!body.updatePhones) {
    await withOutbox(ctx, async ({ db, emit }) => {
      await repo.updatePostText(db, id, text);
      await recordPostWrite(db, actor, establishment, 'post.update', {
        notificationId: id,
        changed: ['text'],
      });
      await emit(postEditedEvent({ id, establishmentId: row.establishmentId, text }, actor.id, false));
    });
    return { post: await get(ctx, actor, id), message: Msg.postUpdated };
  }
  // "Update on phones": what is pushed again must fit a push message, as the first did.
  checkPushSize(establishment, { ...richOf(row), text }, row.createdAt);
  await withOutbox(ctx, async ({ db, emit }) => {
    await countPhoneUpdate(ctx, db, id);
    await repo.updatePostText(db, id, text);
    // "Update on phones" follows from the event (events/post-consumers.ts).
    await emit(postEditedEvent({ id, establishmentId: row.establishmentId, text }, actor.id, true));
    await recordPostWrite(db, actor, establishment, 'post.update', {
      notificationId: id,
      changed: ['text'],
      updatePhones: true,
    });
  });
  return { post: await get(ctx, actor, id), message: Msg.postUpdatedOnPhones };
}

/**
 * Delete a post from the feeds; a send still scheduled is cancelled for good (never sent, never
 * counted). With `withdraw`, also "Withdraw from phones": what was still to be delivered is not,
 * and the devices that got it are told to take it away, in the same transaction.
 */
export async function remove(
  ctx: AppContext,
  actor: Actor,
  id: string,
  options: { withdraw?: boolean | undefined } = {},
): Promise<string> {
  const row = await loadOwnPost(ctx, actor, id, 'notificationPost:delete');
  const establishment = { id: row.establishmentId, name: row.establishmentName };
  const post = { id, establishmentId: row.establishmentId };
  if (row.status === 'scheduled') {
    const cancelled = await withOutbox(ctx, async ({ db, emit }) => {
      if (!(await scheduledRepo.deleteScheduled(executorOf(db), id))) return false;
      // An occurrence of a weekly send: cancelling it stops the series (none is scheduled after it).
      if (row.recurrenceId) await weeklyRepo.endWeeklyRule(db, row.recurrenceId, ctx.now());
      await recordPostWrite(db, actor, establishment, 'post.delete', { notificationId: id, scheduled: true });
      await emit(postDeletedEvent(post, actor.id, { withdrawn: false, scheduled: true }));
      return true;
    });
    if (cancelled) return row.recurrenceId ? Msg.weeklySendCancelled : Msg.scheduleCancelled;
  }
  if (!options.withdraw) {
    await withOutbox(ctx, async ({ db, emit }) => {
      await repo.softDeletePost(db, id);
      await recordPostWrite(db, actor, establishment, 'post.delete', {
        notificationId: id,
        withdrawn: false,
      });
      await emit(postDeletedEvent(post, actor.id, { withdrawn: false, scheduled: false }));
    });
    return Msg.postDeleted;
  }
  await withOutbox(ctx, async ({ db, emit }) => {
    await repo.softDeletePost(db, id);
    await recordPostWrite(db, actor, establishment, 'post.delete', { notificationId: id, withdrawn: true });
    await emit(postDeletedEvent(post, actor.id, { withdrawn: true, scheduled: false }));
    // Its withdrawal from the phones follows from the event (events/post-consumers.ts).
    await emit(postWithdrawnEvent(post, actor.id));
  });
  return Msg.postWithdrawn;
}
