import type { FatigueSettings } from '../../config/fatigue-settings';
import type { AppContext } from '../../context';
import type { Db, SqlExecutor } from '../../db/client';
import type { SendOptions } from '../../jobs/queue';
import { type BatchJob, jobId } from '../batches/notification-delivery.queues';
import { CHANNELS } from '../channels';
import type { Channel } from '../channels/channel';
import { completeIfDone } from '../outcomes/outcomes.repo';
import type { SendStart } from '../send-state.repo';
import * as notificationsRepo from '../send-state.repo';
import { countAudience, takePage } from './audience.repo';

/**
 * The audience walk: pages through a send's members by user id, writes each page's deliveries and
 * queues its batches at once (fair share between sends); the fan-out jobs (notification-fanout.ts)
 * run it over a whole audience or over one planned range of it.
 */

/** The guard's settings for a send it does not apply to (a welcome). */
const FATIGUE_OFF = { enabled: false } as FatigueSettings;

/** Batches (of PUSH_BATCH_SIZE members) read and queued per audience page. */
export const BATCHES_PER_PAGE = 4;

/**
 * Fair share between sends: a batch's priority is minus its place in its send, so the
 * queue serves every send's first batch, then every send's second, and so on (pg-boss fetches by
 * priority, then age). A bar's 50 followers (one batch) go out next, not behind the 400 batches a
 * big send queued before them; the big send loses no throughput, its batches only interleave.
 * A resumed walk (after a crash) counts again from 0: its next batches are served early.
 */
export const fairBatchPriority = (ordinal: number) => -ordinal;

/**
 * Where a batch is queued: a send's first batch, with fair share on, in its channel's lane for
 * first batches when it has one (push), so it never waits for a worker a big send keeps busy; the
 * rest in its channel's queue.
 */
const batchJobOf = (channel: Channel, place: number, fairShare: boolean): BatchJob =>
  fairShare && place === 0 && channel.firstQueue ? channel.firstQueue : channel.queue;

/** A page's batch jobs of one queue. */
type Batches = {
  payload: { notificationId: string; after: string | null; upto: string; attempt: number };
  options: SendOptions;
}[];

/** Where a walk reads and writes: the pool (a fan-out job), or a send's transaction (startFanout). */
export interface WalkStore {
  sql: SqlExecutor;
  db: Db;
  queue(job: BatchJob, batches: Batches): Promise<unknown>;
}

/** A job's store: the pool, and jobs queued at once. */
export const poolStore = (ctx: AppContext): WalkStore => ({
  sql: ctx.database.sql,
  db: ctx.db,
  queue: (job, batches) => ctx.jobs.sendMany(job, batches),
});

interface Walk {
  store: WalkStore;
  notificationId: string;
  /** Its establishment, preferences, recipient (a personal send) and whether the fatigue guard applies. */
  send: SendStart;
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
  /** Awaited before each page: a big send's walk making way for urgent work (lib/urgent-work.ts). */
  makeWay?: () => Promise<void>;
}

/**
 * Page through the members by user id (for a targeted send, only those who picked one of its
 * preferences); for each page, record its devices as pending deliveries and queue its batch jobs at
 * once, so the first phones ring while later pages are still read. A batch's job id is derived
 * from its range, so walking a page again after a crash queues nothing twice. Returns the members read.
 */
export async function walkAudience(ctx: AppContext, walk: Walk): Promise<number> {
  const { sql } = walk.store;
  const { batchSize, fairShare } = ctx.config.push;
  const { notificationId } = walk;
  let cursor = walk.from;
  let pageSize = walk.firstPage;
  let k = 0;
  let read = 0;
  for (;;) {
    await walk.makeWay?.();
    const { users, added, pending } = await takePage(sql, {
      notificationId,
      establishmentId: walk.send.establishmentId,
      cursor,
      limit: pageSize,
      preferenceIds: walk.send.targets,
      recipient: walk.send.recipient,
      anyRecipient: walk.send.anyRecipient,
      listed: walk.send.listed,
      channels: walk.send.channels,
      upto: walk.upto,
      fatigue: walk.send.guarded ? ctx.config.fatigue : FATIGUE_OFF,
    });
    const last = users.length < pageSize;
    pageSize = batchSize * BATCHES_PER_PAGE;
    if (users.length === 0) break;
    read += users.length;
    // Each channel's batches in its own queue, and only where the page gave that channel work
    // (a page walked again after a crash queues its batches again: their ids keep one of each).
    for (const channel of CHANNELS) {
      if (pending[channel.name] === 0) continue;
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
            id: jobId(channel.name, notificationId, after, upto, 0),
            ...(fairShare ? { priority: fairBatchPriority(place) } : {}),
          },
        });
      }
      for (const [job, batches] of queues) await walk.store.queue(job, batches);
    }
    k += Math.ceil(users.length / batchSize);
    cursor = users.at(-1)!;
    await walk.saved(
      cursor,
      Object.values(added).reduce((sum, n) => sum + n, 0),
      last,
    );
    if (walk.onePage || last) break;
    // Let the batches just queued reach the database: on PGlite, one connection, a tight loop
    // of fan-out statements would otherwise keep them waiting until the whole audience is read.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return read;
}

/** Every member is in a queued batch: the send is done once no delivery is pending. */
export async function allHandedOut({ sql, db }: Pick<WalkStore, 'sql' | 'db'>, notificationId: string) {
  const audience = await countAudience(sql, notificationId);
  await notificationsRepo.saveFanoutProgress(db, notificationId, { audience, batchesDone: true });
  await completeIfDone(sql, notificationId);
}
