import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { AppContext } from '../../context';
import type { UserRange } from '../batches/user-range';
import type { DeliveryNotification, PendingRow } from '../channels/channel';
import { deferDeliveries } from './deferral.repo';
import { localDueFor } from './local-time';

/** What of a local-time send's batch goes now, what fails, and when what goes expires. */
export interface LocalTimeSplit<Row extends PendingRow> {
  due: Row[];
  expired: Row[];
  /** ms left until the earliest expiry of what goes now (the push TTL); Infinity when none goes. */
  lifetimeMs: number;
}

/**
 * A local-time send's batch at the product's clock: each delivery whose follower's time has not
 * come is held back, pending, until then (deferred_until: the minute sweep lets it go, as after
 * quiet hours); one whose time came more than a day ago (the push TTL), or after the offer's end,
 * fails untried; the rest go now, each expiring a day after its own time.
 */
export async function holdUntilLocalTime<Row extends PendingRow>(
  ctx: AppContext,
  n: DeliveryNotification,
  channel: DeliveryChannel,
  users: UserRange,
  rows: Row[],
  ttlMs: number,
): Promise<LocalTimeSplit<Row>> {
  const now = ctx.now().getTime();
  const dueAt = localDueFor({
    scheduledFor: n.scheduledFor ?? n.createdAt,
    timeZone: n.timeZone,
    releasedAt: n.createdAt,
  });
  const offerEnds = n.validUntil?.getTime() ?? Number.POSITIVE_INFINITY;
  const split: LocalTimeSplit<Row> = { due: [], expired: [], lifetimeMs: Number.POSITIVE_INFINITY };
  const deferred: { targetId: string; until: Date }[] = [];
  for (const row of rows) {
    const due = dueAt(row.zone ?? null);
    const expires = Math.min(due.getTime() + ttlMs, offerEnds);
    // Its time comes after the offer's end (or came a day ago): never worth showing.
    if (now >= expires || due.getTime() >= expires) split.expired.push(row);
    else if (due.getTime() > now) deferred.push({ targetId: row.targetId, until: due });
    else {
      split.due.push(row);
      split.lifetimeMs = Math.min(split.lifetimeMs, expires - now);
    }
  }
  await deferDeliveries(ctx.database.sql, n.id, channel, users, deferred);
  return split;
}
