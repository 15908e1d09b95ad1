import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import type { AppContext } from '../../context';
import { executorOf } from '../../db/client';
import { postDeletedEvent } from '../../events/event-builders';
import { postWithdrawnEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import * as repo from './notifications.repo';
import { loadOwnPost, recordPostWrite } from './post-access';
import * as scheduledRepo from './scheduled.repo';
import * as weeklyRepo from './weekly-sends.repo';

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
