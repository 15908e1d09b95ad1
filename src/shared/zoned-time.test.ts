import { describe, expect, it } from 'vitest';
import { instantToZoned, isTimeZone, offsetAt, zonedToInstant } from './zoned-time';

const at = (date: string, time: string, zone: string) => zonedToInstant({ date, time }, zone)?.toISOString();

describe('zonedToInstant', () => {
  it('reads a wall time in winter and in summer with the offset then in force', () => {
    expect(at('2030-01-15', '17:00', 'Europe/Bratislava')).toBe('2030-01-15T16:00:00.000Z');
    expect(at('2030-07-15', '17:00', 'Europe/Bratislava')).toBe('2030-07-15T15:00:00.000Z');
    expect(at('2030-07-15', '17:00', 'America/New_York')).toBe('2030-07-15T21:00:00.000Z');
    expect(at('2030-07-15', '09:30', 'Asia/Kolkata')).toBe('2030-07-15T04:00:00.000Z');
    expect(at('2030-07-15', '00:00', 'UTC')).toBe('2030-07-15T00:00:00.000Z');
  });

  it('moves a time that does not exist (spring forward) on by the gap', () => {
    // Europe: 2030-03-31 02:00 CET -> 03:00 CEST.
    expect(at('2030-03-31', '02:30', 'Europe/Bratislava')).toBe('2030-03-31T01:30:00.000Z');
    expect(instantToZoned('2030-03-31T01:30:00.000Z', 'Europe/Bratislava')).toEqual({
      date: '2030-03-31',
      time: '03:30',
    });
    expect(at('2030-03-31', '01:59', 'Europe/Bratislava')).toBe('2030-03-31T00:59:00.000Z');
    expect(at('2030-03-31', '03:00', 'Europe/Bratislava')).toBe('2030-03-31T01:00:00.000Z');
    // USA: 2030-03-10 02:00 EST -> 03:00 EDT.
    expect(at('2030-03-10', '02:15', 'America/New_York')).toBe('2030-03-10T07:15:00.000Z');
  });

  it('takes the earlier of a time that happens twice (fall back)', () => {
    // Europe: 2030-10-27 03:00 CEST -> 02:00 CET; 02:30 happens at 00:30Z and at 01:30Z.
    expect(at('2030-10-27', '02:30', 'Europe/Bratislava')).toBe('2030-10-27T00:30:00.000Z');
    expect(at('2030-10-27', '03:00', 'Europe/Bratislava')).toBe('2030-10-27T02:00:00.000Z');
    expect(at('2030-10-27', '01:59', 'Europe/Bratislava')).toBe('2030-10-26T23:59:00.000Z');
    // Southern hemisphere: Sydney falls back on 2030-04-07 03:00 AEDT -> 02:00 AEST.
    expect(at('2030-04-07', '02:30', 'Australia/Sydney')).toBe('2030-04-06T15:30:00.000Z');
  });

  it('refuses days and times that are not on any calendar', () => {
    expect(at('2030-02-30', '10:00', 'Europe/Bratislava')).toBeUndefined();
    expect(at('2030-13-01', '10:00', 'Europe/Bratislava')).toBeUndefined();
    expect(at('2030-01-01', '24:00', 'Europe/Bratislava')).toBeUndefined();
    expect(at('2030-01-01', '10:60', 'Europe/Bratislava')).toBeUndefined();
    expect(at('', '10:00', 'Europe/Bratislava')).toBeUndefined();
    expect(at('2030-01-01', '', 'Europe/Bratislava')).toBeUndefined();
    expect(at('2032-02-29', '10:00', 'UTC')).toBe('2032-02-29T10:00:00.000Z');
  });

  it('round-trips every quarter hour of a year with both DST changes', () => {
    const zone = 'Europe/Bratislava';
    const start = Date.UTC(2030, 0, 1);
    for (let t = start; t < start + 365 * 24 * 3600_000; t += 15 * 60_000) {
      const wall = instantToZoned(t, zone);
      const back = zonedToInstant(wall, zone)!.getTime();
      // Only the repeated autumn hour reads back as its earlier occurrence.
      if (back !== t) expect(t - back, `${new Date(t).toISOString()} ${JSON.stringify(wall)}`).toBe(3600_000);
    }
  });
});

describe('instantToZoned and offsetAt', () => {
  it('writes the wall time of an instant in a zone', () => {
    expect(instantToZoned('2030-07-15T22:05:59.999Z', 'Europe/Bratislava')).toEqual({
      date: '2030-07-16',
      time: '00:05',
    });
    expect(instantToZoned(new Date('2030-01-01T00:00:00Z'), 'America/Los_Angeles')).toEqual({
      date: '2029-12-31',
      time: '16:00',
    });
    expect(offsetAt(Date.UTC(2030, 6, 1), 'Europe/Bratislava')).toBe(2 * 3600_000);
    expect(offsetAt(Date.UTC(2030, 0, 1), 'Asia/Kathmandu')).toBe(5.75 * 3600_000);
  });

  it('knows which zones exist', () => {
    expect(isTimeZone('Europe/Bratislava')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
