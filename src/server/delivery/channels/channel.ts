/**
 * The delivery channel seam (docs/delivery.md): a send's audience walk writes each follower's
 * deliveries with their channel; a batch job hands each channel its own pending deliveries, and each
 * channel has its own sender, outcome rules and retries, writing what it learns to the batch's
 * outcomes. Adding a channel is a Channel and its deliveries in the audience walk.
 */
import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { PendingDelivery } from '../batches/pending.repo';
import type { BatchOutcomes } from '../outcomes/delivery-outcomes';
import type { findForDelivery } from '../send-state.repo';

/** The notification being delivered, as the delivery jobs read it. */
export type DeliveryNotification = NonNullable<Awaited<ReturnType<typeof findForDelivery>>>;

/** One batch's pending deliveries of one channel, and where their outcomes go. */
export interface DeliveryBatch {
  notification: DeliveryNotification;
  rows: PendingDelivery[];
  outcomes: BatchOutcomes;
  /** ms since epoch: when the batch started, and when the message stops being worth delivering. */
  now: number;
  expiresAt: number;
}

export interface Channel {
  readonly name: DeliveryChannel;
  /**
   * Deliver what is due of `rows`, recording each outcome in `batch.outcomes` (or leaving a
   * delivery pending with the time it is due again).
   */
  deliver(batch: DeliveryBatch): Promise<void>;
}
