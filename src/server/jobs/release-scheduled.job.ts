import type { z } from 'zod';
import { nextOccurrence } from '../../shared/recurrence';
import type { AppContext } from '../context';
import { type Db, executorOf } from '../db/client';
import { postScheduledEvent, postSentEvent } from '../events/event-builders';
import { type Outbox, withOutbox } from '../events/outbox';
import * as scheduled from '../modules/notifications/scheduled.repo';
import * as weekly from '../modules/notifications/weekly-sends.repo';
import type { JobDefinition } from './queue';
import { releaseScheduledJob } from './release-scheduled.queue';

export { releaseScheduledJob } from './release-scheduled.queue';

/** Notifications released per transaction; the run repeats until none is due. */
const RELEASE_BATCH = 100;

/**
 * Release every notification due at `now` and queue its fan-out in the same transaction (a crash
 * leaves a notification either scheduled or queued with its job, never queued without one).
 * Answers the ids released, soonest due first.
 */
export async function releaseDueNotifications(ctx: AppContext, now: Date): Promise<string[]> {
  const released: string[] = [];
  for (;;) {
    const ids = await withOutbox(ctx, async ({ db, emit }) => {
      const due = await scheduled.releaseDue(executorOf(db), now, RELEASE_BATCH);
      // Its moment has come: sent now, as a send made now (the fan-out follows from the event).
      for (const post of due) await emit(postSentEvent(post, null));
      // A weekly send's next occurrence is scheduled as this one goes.
      for (const post of due) if (post.recurrenceId) await scheduleNextOccurrence(db, post, emit);
      return due.map((post) => post.id);
    });
    released.push(...ids);
    if (ids.length < RELEASE_BATCH) return released;
  }
}

/**
 * The occurrence after a weekly send's released one: the rule's next day and time on the business's
 * clock, a copy of it waiting for its time; none after the rule's last date (the rule then ends).
 */
async function scheduleNextOccurrence(
  db: Db,
  post: {
    id: string;
    establishmentId: string;
    authorId: string | null;
    text: string;
    inFeed: boolean;
    scheduledFor: Date;
    recurrenceId: string | null;
  },
  emit: Outbox['emit'],
) {
  const running = post.recurrenceId ? await weekly.findRunningRule(db, post.recurrenceId) : undefined;
  if (!running || !post.recurrenceId) return;
  const at = nextOccurrence(running.rule, post.scheduledFor, running.timeZone);
  if (!at) {
    await weekly.endWeeklyRule(db, post.recurrenceId, new Date());
    return;
  }
  const id = await weekly.insertNextOccurrence(db, post.id, at);
  // The copy says what the released one said.
  const next = { id, establishmentId: post.establishmentId, text: post.text, inFeed: post.inFeed };
  await emit(postScheduledEvent({ ...next, scheduledFor: at }, post.authorId));
}

export function releaseScheduledJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const release: JobDefinition<typeof releaseScheduledJob.payload> = {
    ...releaseScheduledJob,
    expireInSeconds: 120,
    // Every minute, and once at each start (startWorkers): scheduled sends due.
    schedule: '* * * * *',
    async handle() {
      const released = await releaseDueNotifications(ctx, ctx.now());
      if (released.length > 0)
        ctx.log.info({ released: released.length }, 'scheduled notifications released');
    },
  };
  return [release] as JobDefinition<z.ZodType>[];
}
