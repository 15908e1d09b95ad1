import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { SqlExecutor } from '../../db/client';
import type { PendingOptions, PendingRow } from '../channels/channel';
import { inRange, type UserRange } from './user-range';

/** What a channel's pending loader adds to the batch's statement over its deliveries `d`. */
export interface PendingPiece {
  /** CTEs to put first (names and bodies, to follow WITH), with the range's parameters $2 and $3. */
  with?: string;
  /** Its columns of each row, after the delivery's own. */
  columns: string;
  /** Its joins, e.g. to the target's row. */
  joins: string;
}

/**
 * The still-undecided deliveries of one channel in a batch: those of the users in (after, upto],
 * by the pending index, with the columns and joins the channel's loader asks for (each channel
 * joins only what it needs: the planner probed users for every push delivery too, only to drop
 * what it found, when one statement served both). Rows as the driver gives them, with the
 * delivery's own fields read.
 */
export async function pendingRows(
  sql: SqlExecutor,
  notificationId: string,
  channel: DeliveryChannel,
  users: UserRange,
  piece: PendingPiece,
  { localTime = false }: Pick<PendingOptions, 'localTime'> = {},
): Promise<(PendingRow & { raw: Record<string, unknown> })[]> {
  const { rows } = await sql.executeSql(
    `${piece.with ? `WITH ${piece.with}` : ''}
     SELECT d.target_id, d.attempts, d.retry_at, ${piece.columns}
            ${localTime ? ', lz.time_zone AS follower_zone' : ''}
       FROM deliveries d ${piece.joins}
            ${localTime ? 'LEFT JOIN users lz ON lz.id = d.user_id' : ''}
      WHERE d.notification_id = $1 AND d.outcome = 'pending' AND d.channel = $4
        AND ${inRange('d', '$2', '$3')}`,
    [notificationId, users.after, users.upto, channel],
  );
  return (rows as Record<string, unknown>[]).map((raw) => ({
    targetId: raw.target_id as string,
    attempts: Number(raw.attempts),
    retryAt: raw.retry_at === null ? null : new Date(raw.retry_at as Date | string),
    ...(localTime ? { zone: (raw.follower_zone as string | null) ?? null } : {}),
    raw,
  }));
}
