/**
 * A send at each follower's local time: the operator's day and time of day (scheduledFor read on
 * the business's clock) on each follower's clock, in their zone (users.time_zone), else the
 * business's. The scheduler releases it when that time first comes anywhere (UTC+14); each delivery
 * then waits, pending with deferred_until, for its own follower's showing of that time. Where it
 * had passed by more than LATE_GRACE when the send went out (a send scheduled late, a zone east of
 * the business), it goes at the next showing, the next day; by less, at once (the scheduler's own
 * delay never costs anyone a day). Each delivery expires a day (the push TTL) after its own time,
 * or at the offer's end.
 */

import { instantToZoned, type WallTime, zonedToInstant } from '../../../shared/zoned-time';

/** The zone the scheduler waits for: the first to reach any wall time (Line Islands, UTC+14). */
export const EARLIEST_ZONE = 'Etc/GMT-14';

const DAY_MS = 86_400_000;
/** Passed by at most this when the send went out: still sent, at once. */
export const LATE_GRACE_MS = 3_600_000;

/** A local-time send as the batches read it. */
export interface LocalSend {
  /** The operator's time: a wall time on the business's clock. */
  scheduledFor: Date;
  /** The business's zone: its followers without one of their own get it at this clock's time. */
  timeZone: string;
  /** When it went out (released by the scheduler). */
  releasedAt: Date;
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** When the send is due for a follower in `zone` (null or unknown: the business's). */
export function localDueAt(send: LocalSend, zone: string | null): Date {
  const wall: WallTime = instantToZoned(send.scheduledFor, send.timeZone);
  const due = (zone && showing(wall, zone)) || showing(wall, send.timeZone)!;
  if (due.getTime() >= send.releasedAt.getTime() - LATE_GRACE_MS) return due;
  // Long passed on their clock when it went out: the same time the next day.
  const tomorrow = { date: nextDay(wall.date), time: wall.time };
  return (zone && showing(tomorrow, zone)) || showing(tomorrow, send.timeZone)!;
}

/** The wall time's instant in the zone; undefined for a zone this runtime does not know. */
function showing(wall: WallTime, zone: string): Date | undefined {
  try {
    return zonedToInstant(wall, zone);
  } catch {
    return undefined;
  }
}

/** localDueAt for a batch's deliveries: most share a few zones, each computed once. */
export function localDueFor(send: LocalSend): (zone: string | null) => Date {
  const seen = new Map<string | null, Date>();
  return (zone) => {
    let due = seen.get(zone);
    if (!due) {
      due = localDueAt(send, zone);
      seen.set(zone, due);
    }
    return due;
  };
}
