/**
 * The delivery channel seam (docs/architecture.md, "The delivery engine"). A delivery is
 * (notification, channel, target). Each channel, one folder under delivery/channels/, brings its
 * piece of the audience walk (who wants it, and its targets), its pending loader, its sender, its
 * outcome vocabulary and its retry rules; the fan-out and batch code iterate CHANNELS
 * (channels/index.ts) and name none of them.
 */
import type { z } from 'zod';
import type { DeliveryChannel, NotifyChoice } from '../../../shared/schemas/channels';
import type { AppContext } from '../../context';
import type { SqlExecutor } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';
import type { BatchJob } from '../batches/notification-delivery.queues';
import type { UserRange } from '../batches/user-range';
import type { BatchOutcomes } from '../outcomes/delivery-outcomes';
import type { findForDelivery } from '../send-state.repo';

/** The notification being delivered, as the delivery jobs read it. */
export type DeliveryNotification = NonNullable<Awaited<ReturnType<typeof findForDelivery>>>;

/** A delivery still to decide, as every channel's pending loader gives it. */
export interface PendingRow {
  /** The channel's target: a push subscription, a user (email). */
  targetId: string;
  /** Tries made so far (requests to a push service, emails handed to a mail server). */
  attempts: number;
  /** Not to be tried before this time (backoff, Retry-After); null: due now. */
  retryAt: Date | null;
  /** A local-time send's: its follower's own time zone (null: unknown); undefined for any other send. */
  zone?: string | null;
}

/** What a batch's pending loader is asked to read beside the deliveries. */
export interface PendingOptions {
  /** A post in several languages: each target's language. */
  translated: boolean;
  /** A send at each follower's local time: each follower's zone. */
  localTime?: boolean;
}

/**
 * A channel's piece of the audience walk, as SQL fragments the walk's statements put together
 * (fanout/audience.repo.ts), so the compose's count and the send run the same rules. A member is
 * `m` (memberships), its user `u`; in `targets`, the page's members also carry `<name>_ok` (wants
 * it) and `<name>_held` (the fatigue guard holds it).
 */
export interface ChannelAudience {
  /** The users columns its rules read as `u.<column>`. */
  userColumns: readonly string[];
  /** The follower's choices (memberships.notify) that name it; 'auto' takes the first channel that reaches them. */
  choices: readonly NotifyChoice[];
  /** May member m get it at all (a customer's consent, a confirmed address...); 'true' when anyone may. */
  eligible: string;
  /** Has member m somewhere it can be delivered (a live device, a usable address). */
  reaches: string;
  /** How many targets member m has (the compose's count of devices, addresses). */
  targetCount: string;
  /** The page's new deliveries: `SELECT <target id>, <user id> FROM members m ...` for members m that want it and are not held. */
  targets: string;
}

/** One batch's pending deliveries of one channel, and where their outcomes go. */
export interface DeliveryBatch<Row extends PendingRow = PendingRow> {
  notification: DeliveryNotification;
  rows: Row[];
  outcomes: BatchOutcomes;
  /** ms since epoch: when the batch started, and when the message stops being worth delivering. */
  now: number;
  expiresAt: number;
  /** Awaited by the sender between chunks of requests: a bulk batch's way of making way for urgent work. */
  makeWay(): Promise<void>;
}

export interface Channel<Row extends PendingRow = PendingRow> {
  readonly name: DeliveryChannel;
  readonly audience: ChannelAudience;
  /** Its batch queue, and its lane for a send's first batch (when fair share is on), if it has one. */
  readonly queue: BatchJob;
  readonly firstQueue?: BatchJob;
  /** Batch jobs one process runs at once (and first batches, in their lane). */
  readonly batchesInParallel: number;
  readonly firstBatchesInParallel?: number;
  /** The batch's undecided deliveries of this channel, with what its sender needs of each target. */
  loadPending(
    sql: SqlExecutor,
    notificationId: string,
    users: UserRange,
    options: PendingOptions,
  ): Promise<Row[]>;
  /**
   * Its sender, with its outcome rules and retries: `deliver` sends what is due of `rows`, recording
   * each outcome in `batch.outcomes`, or leaves a delivery pending with the time it is due again.
   */
  sender(ctx: AppContext): { deliver(batch: DeliveryBatch<Row>): Promise<void> };
  /** Jobs of its own (a push subscription's expiry), beside the batches. */
  jobs?(ctx: AppContext): JobDefinition<z.ZodType>[];
}
