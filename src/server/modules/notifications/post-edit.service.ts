import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import type { EditNotificationBody, Post } from '../../../shared/schemas/notification.schema';
import { validUntilProblem } from '../../../shared/schemas/schedule';
import type { AppContext } from '../../context';
import { executorOf } from '../../db/client';
import { postEditedEvent } from '../../events/event-builders';
import { postRescheduledEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError } from '../../lib/app-error';
import * as repo from './notifications.repo';
import { loadOwnPost, recordPostWrite } from './post-access';
import { get } from './post-reads.service';
import type { PostRow } from './posts.repo';
import * as scheduledRepo from './scheduled.repo';
import { checkPushSize } from './send-content';
import { countPhoneUpdate } from './send-limits';
import { scheduleOf } from './send-times';

/** What of a stored post its push carries besides the text. */
const richOf = (row: PostRow) => ({
  title: row.title,
  link: row.linkUrl,
  actions: row.actions,
  media: row.mediaId,
});

/**
 * Edit a post's text; a send still scheduled also its time and its clock (localTime), which
 * once it went is a 409. A scheduled send's text is what will be pushed: it must fit the push message.
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
        ...(body.localTime !== undefined ? { localTime: body.localTime } : {}),
      });
      if (updated && scheduledFor)
        await emit(
          postRescheduledEvent({ id, establishmentId: row.establishmentId }, actor.id, scheduledFor),
        );
      if (updated) {
        await recordPostWrite(db, actor, establishment, 'post.update', {
          notificationId: id,
          changed: [
            ...(body.text !== undefined ? ['text'] : []),
            ...(scheduledFor ? ['scheduledFor'] : []),
            ...(body.localTime !== undefined ? ['localTime'] : []),
          ],
        });
        const post = { id, establishmentId: row.establishmentId, text: body.text ?? row.text };
        await emit(postEditedEvent(post, actor.id, false));
      }
      return updated;
    });
    if (changed) return { post: await get(ctx, actor, id), message: Msg.scheduleUpdated };
    // Released meanwhile: from here on it is a notification that went out.
  }
  if (body.scheduledFor !== undefined || body.localTime !== undefined)
    throw new AppError(409, ErrorCode.CONFLICT, Msg.alreadySent);
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
