import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { notifications } from '../db/schema';
import type { Outbox } from '../events/outbox-handle';
import { startFanout } from './fanout/notification-fanout';

/**
 * A personal send: a notice to one person alone (`recipientId`), walked by the engine like any
 * send (their devices, quiet hours, push's retries), in no feed, list of sends or fatigue count.
 * - 'comments': an operator's notice of new comments on the post `aboutId` (counted nowhere);
 * - 'message': a message in a private conversation, to its other side, whether or not they still
 *   follow the business (`linkUrl` is the conversation; counted nowhere).
 * Both ring phones only: the module emails its own way when no device takes it.
 */
export interface PersonalSend {
  establishmentId: string;
  source: 'comments' | 'message';
  recipientId: string;
  text: string;
  title?: string | null;
  linkUrl?: string | null;
  aboutId?: string | null;
}

/**
 * Write the sends and walk each in the caller's transaction (its batch jobs queue with it), then
 * drop those no device of their recipient took: a notice that reaches nobody leaves no row.
 * Returns the recipients it reached.
 */
export async function startPersonalSends(
  ctx: AppContext,
  outbox: Outbox,
  sends: PersonalSend[],
): Promise<Set<string>> {
  if (sends.length === 0) return new Set();
  const rows = await outbox.db
    .insert(notifications)
    .values(sends.map((send) => ({ ...send, inFeed: false })))
    .returning({ id: notifications.id, recipientId: notifications.recipientId });
  for (const { id } of rows) await startFanout(ctx, outbox, id);
  const dropped = await outbox.db
    .delete(notifications)
    .where(
      and(
        inArray(
          notifications.id,
          rows.map((row) => row.id),
        ),
        eq(notifications.audience, 0),
        isNotNull(notifications.recipientId),
      ),
    )
    .returning({ recipientId: notifications.recipientId });
  const unreached = new Set(dropped.map((row) => row.recipientId));
  return new Set(rows.map((row) => row.recipientId!).filter((id) => !unreached.has(id)));
}
