import type { AppContext } from '../../context';
import { executorOf } from '../../db/client';
import type { Outbox } from '../../events/outbox-handle';
import type { JobDefinition } from '../../jobs/queue';
import { makeWayForUrgentWork } from '../../lib/urgent-work';
import { fanoutJob, fanoutRangeJob, jobId } from '../batches/notification-delivery.queues';
import { CHANNELS } from '../channels';
import { completeIfDone } from '../outcomes/outcomes.repo';
import * as notificationsRepo from '../send-state.repo';
import { sendOf } from '../send-state.repo';
import { audienceBoundaries, pendingRanges } from './audience.repo';
import { allHandedOut, BATCHES_PER_PAGE, poolStore, type WalkStore, walkAudience } from './audience-walk';
import * as fanoutRanges from './fanout-ranges.repo';
import { targetIdsOf } from './notification-targets.repo';

/** A send's audience is planned as at most this many ranges, however large (FANOUT_RANGE_SIZE grows). */
export const FANOUT_MAX_RANGES = 64;
/**
 * Fan-outs started at once per process: a small send's is not held behind a big one's. Eight did
 * worse than two on 2 cores (bench:platform): more walks only compete for the same database.
 */
const FANOUTS_IN_PARALLEL = 2;
/** Ranges of large sends walked at once per process: each is a long walk of database work. */
const RANGES_IN_PARALLEL = 2;

/**
 * A send's moment has come (now, or its scheduled time): its first page (one batch) is written and
 * its batch job queued in the transaction that sends it, so its first phones ring whatever the
 * fan-out queue holds (small sends arriving together waited there for a fan-out slot, behind each
 * other and a big send's ranges). An audience of one batch, a bar's usual, needs no
 * fan-out job at all; what is left of a larger one is the fan-out job's, from the saved cursor.
 */
export async function startFanout(ctx: AppContext, outbox: Outbox, notificationId: string): Promise<void> {
  const { db } = outbox;
  const sql = executorOf(db);
  const store: WalkStore = {
    sql,
    db,
    queue: (job, batches) => Promise.all(batches.map((b) => outbox.enqueue(job, b.payload, b.options))),
  };
  // A small send's whole fan-out is three statements here (each statement of a send is
  // work a big send beside it loses): this one, its page, its progress; and its batch job.
  const send = await notificationsRepo.startSending(sql, notificationId);
  if (!send) return;
  let handedOut = false;
  const read = await walkAudience(ctx, {
    store,
    notificationId,
    send,
    from: null,
    upto: null,
    firstPage: ctx.config.push.batchSize,
    onePage: true,
    place: (k) => k,
    saved: (cursor, added, last) => {
      handedOut = last;
      return notificationsRepo.saveFirstPage(sql, notificationId, { cursor, added, last });
    },
  });
  if (read === 0)
    return notificationsRepo.saveFirstPage(sql, notificationId, { cursor: null, added: 0, last: true });
  if (!handedOut) await outbox.enqueue(fanoutJob, { notificationId }, { id: notificationId });
}

/**
 * A send's fan-out: its first batch at once; then what is left of the audience in this job when it
 * fits one range (FANOUT_RANGE_SIZE members), else planned as ranges, each walked by its own job
 * on any worker (fanoutRangeDefinition). Resumable: the cursor (or each range's) is saved after
 * each page; resumed by the sweep, it also hands out the batches still pending.
 */
export function fanoutDefinition(ctx: AppContext): JobDefinition<typeof fanoutJob.payload> {
  const { sql } = ctx.database;
  const { batchSize, fanoutRangeSize } = ctx.config.push;
  const pool = poolStore(ctx);
  return {
    ...fanoutJob,
    concurrency: FANOUTS_IN_PARALLEL,
    // Resumable from its saved cursor, so a takeover after a crash costs little; a fan-out of
    // 100,000 members takes seconds, far below this.
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ notificationId, resume }) {
      const n = await notificationsRepo.findForDelivery(ctx.db, notificationId);
      if (!n) return;
      await notificationsRepo.markSending(ctx.db, notificationId);
      if (n.batchesDone) {
        if (resume) {
          const generation = Date.now();
          for (const channel of CHANNELS) {
            const ranges = await pendingRanges(sql, notificationId, batchSize, channel.name);
            await ctx.jobs.sendMany(
              channel.queue,
              ranges.map(({ after, upto }) => ({
                payload: { notificationId, after, upto, attempt: 0 },
                options: { id: jobId(channel.name, notificationId, after, upto, 'resumed', generation) },
              })),
            );
          }
        }
        await completeIfDone(sql, notificationId);
        return;
      }
      // Written with the notification, never changed: a resumed fan-out filters as the first did.
      const send = sendOf(n, await targetIdsOf(ctx.db, notificationId));
      let ranges = await fanoutRanges.listRanges(sql, notificationId);
      if (ranges.length === 0) {
        let cursor = n.audienceCursor;
        const saveCursor = async (next: string, added: number) => {
          cursor = next;
          await notificationsRepo.advanceFanout(ctx.db, notificationId, next, added);
        };
        const walk = {
          store: pool,
          notificationId,
          send,
          upto: null,
          saved: saveCursor,
        };
        if (cursor === null) {
          // The first page is one batch: its rows are written and its job queued soonest, so the
          // first phones ring sooner than after a page of four batches.
          const read = await walkAudience(ctx, {
            ...walk,
            from: null,
            firstPage: batchSize,
            onePage: true,
            place: (k) => k,
          });
          if (read < batchSize) return allHandedOut(pool, notificationId);
        }
        // A personal send's one member is never cut into ranges.
        const boundaries = send.recipient
          ? []
          : await audienceBoundaries(
              sql,
              n.establishmentId,
              cursor,
              fanoutRangeSize,
              FANOUT_MAX_RANGES,
              send.targets,
              send.listed ? notificationId : null,
            );
        if (boundaries.length === 0) {
          // What is left fits one range: walked here, no job to hand it to.
          await walkAudience(ctx, {
            ...walk,
            from: cursor,
            firstPage: batchSize * BATCHES_PER_PAGE,
            place: (k) => 1 + k,
            makeWay: makeWayForUrgentWork,
          });
          return allHandedOut(pool, notificationId);
        }
        await fanoutRanges.planRanges(sql, notificationId, cursor, boundaries);
        ranges = await fanoutRanges.listRanges(sql, notificationId);
      }
      const open = ranges.filter((range) => !range.done);
      if (open.length === 0) return allHandedOut(pool, notificationId);
      // A resumed send's range jobs may be gone (failed, or never queued): new ids queue them again.
      const generation = resume ? Date.now() : 0;
      await ctx.jobs.sendMany(
        fanoutRangeJob,
        open.map(({ part }) => ({
          payload: { notificationId, part },
          options: { id: jobId('range', notificationId, part, generation) },
        })),
      );
    },
  };
}

/**
 * One planned range of a large send: walked from its saved cursor to its upper bound;
 * the last range to finish marks the send's batches all handed out. Its batches take their place
 * in the send interleaved with the other ranges', so fair share sees one send, not many.
 */
export function fanoutRangeDefinition(ctx: AppContext): JobDefinition<typeof fanoutRangeJob.payload> {
  const { sql } = ctx.database;
  const { batchSize } = ctx.config.push;
  const pool = poolStore(ctx);
  return {
    ...fanoutRangeJob,
    concurrency: RANGES_IN_PARALLEL,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ notificationId, part }) {
      const ranges = await fanoutRanges.listRanges(sql, notificationId);
      const range = ranges.find((r) => r.part === part);
      if (!range || range.done) return;
      const n = await notificationsRepo.findForDelivery(ctx.db, notificationId);
      if (!n || n.batchesDone) return;
      await walkAudience(ctx, {
        store: pool,
        notificationId,
        send: sendOf(n, await targetIdsOf(ctx.db, notificationId)),
        from: range.cursor ?? range.after,
        upto: range.upto,
        firstPage: batchSize * BATCHES_PER_PAGE,
        place: (k) => 1 + k * ranges.length + part,
        saved: (cursor, added) => fanoutRanges.advanceRange(sql, notificationId, part, cursor, added),
        makeWay: makeWayForUrgentWork,
      });
      if (await fanoutRanges.finishRange(ctx.db, notificationId, part))
        await allHandedOut(pool, notificationId);
    },
  };
}
