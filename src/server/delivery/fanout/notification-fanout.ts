import { DELIVERY_CHANNELS, type DeliveryChannel } from '../../../shared/schemas/channels';
import type { AppContext } from '../../context';
import { type Db, executorOf, type SqlExecutor } from '../../db/client';
import type { Outbox } from '../../events/outbox-handle';
import type { JobDefinition, SendOptions } from '../../jobs/queue';
import {
  BATCH_JOBS,
  deliverFirstJob,
  type deliverJob,
  fanoutJob,
  fanoutRangeJob,
  jobId,
} from '../batches/notification-delivery.queues';
import { completeIfDone } from '../outcomes/outcomes.repo';
import * as notificationsRepo from '../send-state.repo';
import { audienceBoundaries, countAudience, pendingRanges, takePage } from './audience.repo';
import * as fanoutRanges from './fanout-ranges.repo';
import { targetIdsOf } from './notification-targets.repo';

/** Batches (of PUSH_BATCH_SIZE members) read and queued per audience page. */
const BATCHES_PER_PAGE = 4;
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
 * Fair share between sends: a batch's priority is minus its place in its send, so the
 * queue serves every send's first batch, then every send's second, and so on (pg-boss fetches by
 * priority, then age). A bar's 50 followers (one batch) go out next, not behind the 400 batches a
 * big send queued before them; the big send loses no throughput, its batches only interleave.
 * A resumed walk (after a crash) counts again from 0: its next batches are served early.
 */
export const fairBatchPriority = (ordinal: number) => -ordinal;

/** A batch queue: a channel's, or the first batches' lane. */
type BatchJob = typeof deliverJob;

/**
 * Where a batch is queued: a send's first push batch, with fair share on, in the lane of its own
 * (deliverFirstJob), so it never waits for a worker a big send keeps busy; the rest in its channel's.
 */
const batchJobOf = (channel: DeliveryChannel, place: number, fairShare: boolean): BatchJob =>
  fairShare && channel === 'push' && place === 0 ? deliverFirstJob : BATCH_JOBS[channel];

/** A page's batch jobs of one queue. */
type Batches = {
  payload: { notificationId: string; after: string | null; upto: string; attempt: number };
  options: SendOptions;
}[];

/** Where a walk reads and writes: the pool (a fan-out job), or a send's transaction (startFanout). */
interface WalkStore {
  sql: SqlExecutor;
  db: Db;
  queue(job: BatchJob, batches: Batches): Promise<unknown>;
}

/** A job's store: the pool, and jobs queued at once. */
const poolStore = (ctx: AppContext): WalkStore => ({
  sql: ctx.database.sql,
  db: ctx.db,
  queue: (job, batches) => ctx.jobs.sendMany(job, batches),
});

interface Walk {
  store: WalkStore;
  notificationId: string;
  establishmentId: string;
  /** The send's preferences (empty: every member). */
  targets: string[];
  /** Walk members after this one (null: from the first) ... */
  from: string | null;
  /** ... up to this one (null: to the last). */
  upto: string | null;
  /** Members in the first page (later pages hold BATCHES_PER_PAGE batches). */
  firstPage: number;
  /** Stop after one page. */
  onePage?: boolean;
  /** The place in the send of the walk's k-th batch, for fairBatchPriority. */
  place: (k: number) => number;
  /**
   * A page is queued: save the cursor (the walk resumes after it) and count what it added; `last`:
   * the page was not full, so the walk ends with it.
   */
  saved: (cursor: string, added: number, last: boolean) => Promise<void>;
}

/**
 * Page through the members by user id (for a targeted send, only those who picked one of its
 * preferences); for each page, record its devices as pending deliveries and queue its batch jobs at
 * once, so the first phones ring while later pages are still read. A batch's job id is derived
 * from its range, so walking a page again after a crash queues nothing twice. Returns the members read.
 */
async function walkAudience(ctx: AppContext, walk: Walk): Promise<number> {
  const { sql } = walk.store;
  const { batchSize, fairShare } = ctx.config.push;
  const { notificationId } = walk;
  let cursor = walk.from;
  let pageSize = walk.firstPage;
  let k = 0;
  let read = 0;
  for (;;) {
    const { users, added, pending } = await takePage(sql, {
      notificationId,
      establishmentId: walk.establishmentId,
      cursor,
      limit: pageSize,
      preferenceIds: walk.targets,
      upto: walk.upto,
      fatigue: ctx.config.fatigue,
    });
    const last = users.length < pageSize;
    pageSize = batchSize * BATCHES_PER_PAGE;
    if (users.length === 0) break;
    read += users.length;
    // Each channel's batches in its own queue, and only where the page gave that channel work
    // (a page walked again after a crash queues its batches again: their ids keep one of each).
    for (const channel of DELIVERY_CHANNELS) {
      if (pending[channel] === 0) continue;
      const queues = new Map<BatchJob, Batches>();
      for (let i = 0; i < users.length; i += batchSize) {
        const after = i === 0 ? cursor : users[i - 1]!;
        const upto = users[Math.min(i + batchSize, users.length) - 1]!;
        const place = walk.place(k + i / batchSize);
        const job = batchJobOf(channel, place, fairShare);
        const batches = queues.get(job) ?? [];
        queues.set(job, batches);
        batches.push({
          payload: { notificationId, after, upto, attempt: 0 },
          options: {
            id: jobId(channel, notificationId, after, upto, 0),
            ...(fairShare ? { priority: fairBatchPriority(place) } : {}),
          },
        });
      }
      for (const [job, batches] of queues) await walk.store.queue(job, batches);
    }
    k += Math.ceil(users.length / batchSize);
    cursor = users.at(-1)!;
    await walk.saved(cursor, added.push + added.email, last);
    if (walk.onePage || last) break;
    // Let the batches just queued reach the database: on PGlite, one connection, a tight loop
    // of fan-out statements would otherwise keep them waiting until the whole audience is read.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return read;
}

/** Every member is in a queued batch: the send is done once no delivery is pending. */
async function allHandedOut({ sql, db }: Pick<WalkStore, 'sql' | 'db'>, notificationId: string) {
  const audience = await countAudience(sql, notificationId);
  await notificationsRepo.saveFanoutProgress(db, notificationId, { audience, batchesDone: true });
  await completeIfDone(sql, notificationId);
}

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
    establishmentId: send.establishmentId,
    targets: send.targets,
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
          for (const channel of DELIVERY_CHANNELS) {
            const ranges = await pendingRanges(sql, notificationId, batchSize, channel);
            await ctx.jobs.sendMany(
              BATCH_JOBS[channel],
              ranges.map(({ after, upto }) => ({
                payload: { notificationId, after, upto, attempt: 0 },
                options: { id: jobId(channel, notificationId, after, upto, 'resumed', generation) },
              })),
            );
          }
        }
        await completeIfDone(sql, notificationId);
        return;
      }
      // Written with the notification, never changed: a resumed fan-out filters as the first did.
      const targets = await targetIdsOf(ctx.db, notificationId);
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
          establishmentId: n.establishmentId,
          targets,
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
        const boundaries = await audienceBoundaries(
          sql,
          n.establishmentId,
          cursor,
          fanoutRangeSize,
          FANOUT_MAX_RANGES,
          targets,
        );
        if (boundaries.length === 0) {
          // What is left fits one range: walked here, no job to hand it to.
          await walkAudience(ctx, {
            ...walk,
            from: cursor,
            firstPage: batchSize * BATCHES_PER_PAGE,
            place: (k) => 1 + k,
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
        establishmentId: n.establishmentId,
        targets: await targetIdsOf(ctx.db, notificationId),
        from: range.cursor ?? range.after,
        upto: range.upto,
        firstPage: batchSize * BATCHES_PER_PAGE,
        place: (k) => 1 + k * ranges.length + part,
        saved: (cursor, added) => fanoutRanges.advanceRange(sql, notificationId, part, cursor, added),
      });
      if (await fanoutRanges.finishRange(ctx.db, notificationId, part))
        await allHandedOut(pool, notificationId);
    },
  };
}
