import { describe, expect, it } from 'vitest';
import { isQuietMinute, quietUntil, quietUntilAt } from './quiet-period';

const at = (iso: string) => new Date(iso);
const night = { start: 22 * 60, end: 8 * 60, timeZone: 'Europe/Bratislava' };
const lunch = { start: 13 * 60, end: 14 * 60, timeZone: 'Europe/Bratislava' };

describe('isQuietMinute', () => {
  it('takes the start and leaves the end out, across midnight and within a day', () => {
    expect([1319, 1320, 0, 479, 480].map((m) => isQuietMinute(m, night))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect([779, 780, 839, 840].map((m) => isQuietMinute(m, lunch))).toEqual([false, true, true, false]);
  });
});

describe('quietUntil', () => {
  it('ends a period spanning midnight at the next morning, from the evening or after midnight', () => {
    // 23:30 and 03:00 CET (UTC+1) -> 08:00 CET on the 16th.
    expect(quietUntil(at('2025-01-15T22:30:00Z'), night)).toEqual(at('2025-01-16T07:00:00Z'));
    expect(quietUntil(at('2025-01-16T02:00:00Z'), night)).toEqual(at('2025-01-16T07:00:00Z'));
  });

  it('is null outside quiet hours, and at the very minute they end', () => {
    expect(quietUntil(at('2025-01-15T20:59:59Z'), night)).toBeNull(); // 21:59:59 local
    expect(quietUntil(at('2025-01-16T07:00:00Z'), night)).toBeNull(); // 08:00 local
    expect(quietUntil(at('2025-01-15T21:00:00Z'), night)).toEqual(at('2025-01-16T07:00:00Z')); // 22:00
  });

  it('ends a same-day period the same day', () => {
    expect(quietUntil(at('2025-07-01T11:30:00Z'), lunch)).toEqual(at('2025-07-01T12:00:00Z')); // CEST
    expect(quietUntil(at('2025-07-01T10:00:00Z'), lunch)).toBeNull();
    expect(quietUntil(at('2025-07-01T12:00:00Z'), lunch)).toBeNull();
  });

  it('reads the clock of a zone far from UTC (Auckland, UTC+13 in January)', () => {
    const auckland = { start: 22 * 60, end: 7 * 60, timeZone: 'Pacific/Auckland' };
    // 23:00 NZDT on the 15th -> 07:00 NZDT on the 16th (18:00 UTC on the 15th).
    expect(quietUntil(at('2025-01-15T10:00:00Z'), auckland)).toEqual(at('2025-01-15T18:00:00Z'));
    // 06:59 NZDT: one minute left.
    expect(quietUntil(at('2025-01-15T17:59:00Z'), auckland)).toEqual(at('2025-01-15T18:00:00Z'));
    expect(quietUntil(at('2025-01-15T18:00:00Z'), auckland)).toBeNull();
  });

  it('follows the wall clock over a DST change: a short night in spring, a long one in autumn', () => {
    // 23:00 CET on 29 March -> 08:00 CEST (UTC+2) on the 30th: 8 real hours.
    expect(quietUntil(at('2025-03-29T22:00:00Z'), night)).toEqual(at('2025-03-30T06:00:00Z'));
    // 23:00 CEST on 25 October -> 08:00 CET on the 26th: 10 real hours.
    expect(quietUntil(at('2025-10-25T21:00:00Z'), night)).toEqual(at('2025-10-26T07:00:00Z'));
    // New York, UTC-5 -> UTC-4 on 9 March 2025.
    const ny = { start: 21 * 60, end: 6 * 60 + 30, timeZone: 'America/New_York' };
    expect(quietUntil(at('2025-03-09T03:00:00Z'), ny)).toEqual(at('2025-03-09T10:30:00Z'));
  });

  it('ends at the first showing of a repeated time, and after the jump for a skipped one', () => {
    const early = { start: 60, end: 150, timeZone: 'Europe/Bratislava' }; // 01:00-02:30
    // 26 October: 02:30 shows first at 00:30 UTC (CEST), again at 01:30 UTC (CET).
    expect(quietUntil(at('2025-10-25T23:15:00Z'), early)).toEqual(at('2025-10-26T00:30:00Z'));
    // The second showing of 02:10 (CET): 02:30 is 20 minutes ahead.
    expect(quietUntil(at('2025-10-26T01:10:00Z'), early)).toEqual(at('2025-10-26T01:30:00Z'));
    // 30 March: 02:00-03:00 does not exist; 02:30 comes out as 03:30 CEST (01:30 UTC).
    expect(quietUntil(at('2025-03-30T00:15:00Z'), early)).toEqual(at('2025-03-30T01:30:00Z'));
  });

  it('holds nothing back for a zone this runtime does not know', () => {
    expect(quietUntil(at('2025-01-15T22:30:00Z'), { ...night, timeZone: 'Mars/Olympus_Mons' })).toBeNull();
  });

  it('gives the same answer computed once per setting for a batch', () => {
    const until = quietUntilAt(at('2025-01-15T22:30:00Z'));
    expect(until(night)).toEqual(at('2025-01-16T07:00:00Z'));
    expect(until({ ...night })).toBe(until(night));
    expect(until(lunch)).toBeNull();
  });
});
