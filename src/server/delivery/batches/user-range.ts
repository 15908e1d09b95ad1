/**
 * A batch's users: ids in (after, upto]. Every statement on a batch's deliveries is bounded by it:
 * the planner's figures for a send still being delivered are stale (nothing analyzes the table in
 * the middle of a send), and with only the notification to go by it read every pending row of the
 * send for each batch's outcomes (a million-follower send slowed down as it went).
 */
export interface UserRange {
  after: string | null;
  upto: string;
}

/** `alias`'s user in the range (after, upto] given as the parameters `after` and `upto`. */
export const inRange = (alias: string, after: string, upto: string) =>
  `(${after}::uuid IS NULL OR ${alias}.user_id > ${after}::uuid) AND ${alias}.user_id <= ${upto}::uuid`;
