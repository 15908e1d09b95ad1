/**
 * When a follower's quiet hours end. The zone arithmetic is zoned-time's (Intl,
 * daylight saving time followed): the end is the next local `end` on the zone's wall clock, whatever
 * the day's length.
 */

import { timeOf } from '../../../shared/schemas/quiet-hours.schema';
import { fieldsAt, zonedShowings, zonedToInstant } from '../../../shared/zoned-time';

/** A follower's quiet hours: minutes after local midnight (start > end spans midnight) in an IANA zone. */
export interface QuietHoursSetting {
  start: number;
  end: number;
  timeZone: string;
}

/** Is this minute of the day inside the quiet hours? start inclusive, end exclusive. */
export function isQuietMinute(minutes: number, { start, end }: Pick<QuietHoursSetting, 'start' | 'end'>) {
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * When the quiet period that `now` falls in ends; null when `now` is outside quiet hours (or the
 * zone is unknown to this runtime: a notification is never held back by a setting we cannot read).
 */
export function quietUntil(now: Date, setting: QuietHoursSetting): Date | null {
  const at = now.getTime();
  let clock: ReturnType<typeof fieldsAt>;
  try {
    clock = fieldsAt(at, setting.timeZone);
  } catch {
    return null;
  }
  const minutes = clock.hour * 60 + clock.minute;
  if (!isQuietMinute(minutes, setting)) return null;
  // Before the end on the clock: it ends today; otherwise (a period spanning midnight, evening part) tomorrow.
  const day = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + (minutes < setting.end ? 0 : 1)));
  const end = { date: isoDay(day), time: timeOf(setting.end) };
  // A time repeated by a DST change ends the period at its showing still ahead (the clock reads
  // before the end again); a skipped one as far after the jump (zonedToInstant).
  const until =
    zonedShowings(end, setting.timeZone).find((instant) => instant.getTime() > at) ??
    zonedToInstant(end, setting.timeZone);
  // Both showings of a repeated time may be past (the clock went back after the end): the period is over.
  return until && until.getTime() > at ? until : null;
}

/**
 * quietUntil for many deliveries at one clock: most followers share a few settings, so each
 * distinct setting is computed once per batch.
 */
export function quietUntilAt(now: Date): (setting: QuietHoursSetting) => Date | null {
  const seen = new Map<string, Date | null>();
  return (setting) => {
    const key = `${setting.timeZone}|${setting.start}|${setting.end}`;
    let until = seen.get(key);
    if (until === undefined) {
      until = quietUntil(now, setting);
      seen.set(key, until);
    }
    return until;
  };
}
