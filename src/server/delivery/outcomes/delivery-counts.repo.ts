import { DELIVERY_CHANNELS, type DeliveryChannel } from '../../../shared/schemas/channels';
import type { SqlExecutor } from '../../db/client';

/** How the deliveries of one channel ended so far. */
export interface ChannelCounts {
  sent: number;
  failed: number;
  gone: number;
  pending: number;
  /** Pending, held back by the follower's quiet hours (push only). */
  deferred: number;
  /** Shown on a device (push only: an email's opening is not tracked). */
  received: number;
  clicked: number;
}

/** Every channel's counts, and their sums. */
export interface DeliveryCounts extends ChannelCounts {
  channels: Record<DeliveryChannel, ChannelCounts>;
}

const NO_CHANNEL_COUNTS: ChannelCounts = {
  sent: 0,
  failed: 0,
  gone: 0,
  pending: 0,
  deferred: 0,
  received: 0,
  clicked: 0,
};

export const NO_OUTCOMES: DeliveryCounts = {
  ...NO_CHANNEL_COUNTS,
  channels: Object.fromEntries(DELIVERY_CHANNELS.map((c) => [c, NO_CHANNEL_COUNTS])) as Record<
    DeliveryChannel,
    ChannelCounts
  >,
};

const COUNT_KEYS = Object.keys(NO_CHANNEL_COUNTS) as (keyof ChannelCounts)[];

/** One channel's outcome counts of one notification, as the counting statements give them. */
export type ChannelCountsRow = Record<keyof ChannelCounts, number | string> & {
  notification_id: string;
  channel: DeliveryChannel;
};

/** Add one channel's counts (a row of the counting statements) to a notification's counts in `result`. */
export function addChannelCounts(result: Map<string, DeliveryCounts>, row: ChannelCountsRow): void {
  const counts = result.get(row.notification_id) ?? structuredClone(NO_OUTCOMES);
  const channel = { ...NO_CHANNEL_COUNTS };
  for (const key of COUNT_KEYS) {
    channel[key] = Number(row[key]);
    counts[key] += channel[key];
  }
  counts.channels[row.channel] = channel;
  result.set(row.notification_id, counts);
}

/** What counts a notification's deliveries per channel, for `notification_id = <its id>` (a correlated subquery's). */
export const CHANNEL_COUNTS_SQL = `SELECT notification_id, channel,
            count(*) FILTER (WHERE outcome = 'sent')::int AS sent,
            count(*) FILTER (WHERE outcome = 'failed')::int AS failed,
            count(*) FILTER (WHERE outcome = 'gone')::int AS gone,
            count(*) FILTER (WHERE outcome = 'pending')::int AS pending,
            count(*) FILTER (WHERE outcome = 'pending' AND deferred_until IS NOT NULL)::int AS deferred,
            count(received_at)::int AS received,
            count(clicked_at)::int AS clicked
       FROM deliveries`;

/** Delivery counts of several notifications at once, by channel (one grouped query for a feed page). */
export async function countOutcomesOf(sql: SqlExecutor, ids: string[]): Promise<Map<string, DeliveryCounts>> {
  const result = new Map<string, DeliveryCounts>();
  if (ids.length === 0) return result;
  const { rows } = await sql.executeSql(
    `${CHANNEL_COUNTS_SQL} WHERE notification_id = ANY($1::uuid[]) GROUP BY notification_id, channel`,
    [ids],
  );
  for (const row of rows as ChannelCountsRow[]) addChannelCounts(result, row);
  return result;
}

export async function countOutcomes(sql: SqlExecutor, notificationId: string): Promise<DeliveryCounts> {
  return (await countOutcomesOf(sql, [notificationId])).get(notificationId) ?? NO_OUTCOMES;
}
