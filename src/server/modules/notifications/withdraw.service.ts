import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import type { AppContext } from '../../context';
import { postWithdrawnEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError } from '../../lib/app-error';
import { loadOwnPost, recordPostWrite } from './post-access';
import { countPhoneUpdate } from './send-limits';

/**
 * "Withdraw from phones" on its own: the notification leaves the phones that got it and reaches no
 * one more, while the post stays in the feed. Who may delete the post may withdraw it (its author
 * or an admin); each withdrawal pushes to every phone, so it counts with "Update on phones" against
 * the post's hourly limit. A send still scheduled has reached no phone: 409.
 */
export async function withdrawFromPhones(ctx: AppContext, actor: Actor, id: string): Promise<string> {
  const row = await loadOwnPost(ctx, actor, id, 'notificationPost:delete');
  if (row.status === 'scheduled') throw new AppError(409, ErrorCode.CONFLICT, Msg.notSentYet);
  const establishment = { id: row.establishmentId, name: row.establishmentName };
  await withOutbox(ctx, async ({ db, emit }) => {
    await countPhoneUpdate(ctx, db, id);
    // The withdrawal follows from the event (events/post-consumers.ts).
    await emit(postWithdrawnEvent({ id, establishmentId: row.establishmentId }, actor.id));
    await recordPostWrite(db, actor, establishment, 'post.update', { notificationId: id, withdrawn: true });
  });
  return Msg.withdrawnFromPhones;
}
