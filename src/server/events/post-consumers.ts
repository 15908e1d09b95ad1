import type { AppContext } from '../context';
import { executorOf } from '../db/client';
import { cancelPending, completeIfDone, notificationReplaceJob, replaceJobFor } from '../delivery';
import { nudgeRelease } from '../jobs/release-scheduled.queue';
import { consumer, type EventConsumer } from './consumer';

/** What follows from a post's edit, withdrawal and scheduling: the replace walk and the release's nudge. */
export function postConsumers(_ctx: AppContext): EventConsumer[] {
  return [
    consumer({
      // "Update on phones": the devices that got it get the edited text (one walk per edit).
      name: 'update on phones',
      types: ['post.edited'],
      on: async ({ subjectId, data, at }, { enqueue }) => {
        if (!data.updatePhones) return;
        const payload = { notificationId: subjectId!, kind: 'update' as const, version: at.getTime() };
        await enqueue(notificationReplaceJob, payload, replaceJobFor(payload));
      },
    }),
    consumer({
      // "Withdraw from phones", alone or with the post's deletion: what is still to be delivered is
      // not, and the devices that got it are told to take it away (one push each, by the walk).
      name: 'withdraw from phones',
      types: ['post.withdrawn'],
      on: async ({ subjectId, at }, { db, enqueue }) => {
        const sql = executorOf(db);
        await cancelPending(sql, subjectId!);
        await completeIfDone(sql, subjectId!);
        const payload = { notificationId: subjectId!, kind: 'withdraw' as const, version: at.getTime() };
        await enqueue(notificationReplaceJob, payload, replaceJobFor(payload));
      },
    }),
    consumer({
      // A send waiting for its time (a new one, a weekly send's next, one moved): the scheduler runs
      // at that time rather than at the next minute's run.
      name: 'release nudge',
      types: ['notification.scheduled', 'notification.rescheduled'],
      on: ({ subjectId, data }, { enqueue }) =>
        nudgeRelease(enqueue, subjectId!, new Date(data.scheduledFor)),
    }),
  ];
}
