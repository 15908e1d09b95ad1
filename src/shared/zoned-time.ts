/**
 * Wall-clock dates and times in an IANA time zone, converted to and from instants with Intl only
 * (no library, no DOM, no Node): the compose form's "17:00 in Europe/Bratislava" and the scheduled
 * list's due times. Across a DST change a wall time is read as Temporal's "compatible" does: a time
 * that happens twice (autumn) is the earlier one, a time that never happens (spring) moves forward
 * by the gap (02:30 becomes 03:30).
 */

/** A day and a time of day on a wall clock: "2030-05-01" and "17:00". */
export interface WallTime {
  date: string;
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock's fields at an instant in that zone (throws RangeError for a zone Intl does not know). */
export function fieldsAt(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // Some engines write midnight as 24 even with h23.
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function offsetAt(instant: number, timeZone: string): number {
  const f = fieldsAt(instant, timeZone);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Whether the zone is one Intl knows (an IANA name such as "Europe/Bratislava", or "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** The wall time's fields, or undefined when it is not a real day and time ("2030-02-30", "25:00"). */
function parseWall({ date, time }: WallTime) {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return undefined;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(utc);
  // Date rolls 2030-02-30 over into March: a day that does not read back is not a day.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return utc;
}

const HOUR = 3600_000;

/**
 * Every instant at which the zone's wall clock shows this wall time, earliest first: one on most
 * days, two for a time repeated when DST ends, none for a time skipped when it begins (or for a
 * date or time that does not exist on any calendar).
 */
export function zonedShowings(wall: WallTime, timeZone: string): Date[] {
  const asUtc = parseWall(wall);
  if (asUtc === undefined) return [];
  // The offsets in force a day either side cover any transition near this wall time.
  return [...new Set([offsetAt(asUtc - 24 * HOUR, timeZone), offsetAt(asUtc + 24 * HOUR, timeZone)])]
    .map((offset) => asUtc - offset)
    .filter((instant) => asUtc - offsetAt(instant, timeZone) === instant)
    .sort((x, y) => x - y)
    .map((instant) => new Date(instant));
}

/**
 * The instant a wall time in `timeZone` names, or undefined for a date or time that does not exist
 * on any calendar. DST: the earlier of two, or moved forward over a gap (see the file's comment).
 */
export function zonedToInstant(wall: WallTime, timeZone: string): Date | undefined {
  const asUtc = parseWall(wall);
  if (asUtc === undefined) return undefined;
  const showings = zonedShowings(wall, timeZone);
  if (showings.length > 0) return showings[0];
  // In the gap: the offset before the change carries the wall time forward by the gap's length.
  return new Date(asUtc - offsetAt(asUtc - 24 * HOUR, timeZone));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall time in `timeZone` at an instant ("2030-05-01", "17:00"), seconds dropped. */
export function instantToZoned(instant: Date | string | number, timeZone: string): WallTime {
  const f = fieldsAt(new Date(instant).getTime(), timeZone);
  return {
    date: `${String(f.year).padStart(4, '0')}-${pad(f.month)}-${pad(f.day)}`,
    time: `${pad(f.hour)}:${pad(f.minute)}`,
  };
}
