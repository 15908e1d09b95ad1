import { describe, expect, it } from 'vitest';
import {
  addDays,
  localToday,
  previousRange,
  rangeLength,
  seriesBuckets,
  seriesGranularity,
  standardPeriods,
} from './report-periods';

describe('localToday', () => {
  it('is the date on the local calendar, not UTC', () => {
    const at = new Date('2026-03-10T23:30:00Z');
    expect(localToday('UTC', at)).toBe('2026-03-10');
    expect(localToday('Europe/Bratislava', at)).toBe('2026-03-11');
    expect(localToday('America/New_York', at)).toBe('2026-03-10');
    // UTC+14: already the day after in the morning.
    expect(localToday('Pacific/Kiritimati', new Date('2026-03-10T10:00:00Z'))).toBe('2026-03-11');
  });

  it('turns at local midnight, also on a daylight-saving day', () => {
    // Bratislava moves to summer time on 2026-03-29 at 02:00 (UTC+1 -> UTC+2).
    expect(localToday('Europe/Bratislava', new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(localToday('Europe/Bratislava', new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(localToday('Europe/Bratislava', new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(localToday('Europe/Bratislava', new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
  });
});

describe('days', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(rangeLength({ from: '2026-01-01', to: '2026-01-01' })).toBe(1);
    expect(rangeLength({ from: '2025-01-01', to: '2025-12-31' })).toBe(365);
  });
});

describe('standardPeriods', () => {
  it('gives today, yesterday, the last 30 days and the last year, all ending on their last day', () => {
    expect(standardPeriods('2026-03-01')).toEqual({
      today: { from: '2026-03-01', to: '2026-03-01' },
      yesterday: { from: '2026-02-28', to: '2026-02-28' },
      last30Days: { from: '2026-01-31', to: '2026-03-01' },
      lastYear: { from: '2025-03-02', to: '2026-03-01' },
    });
    const periods = standardPeriods('2024-12-31');
    expect(rangeLength(periods.last30Days)).toBe(30);
    expect(rangeLength(periods.lastYear)).toBe(365);
  });
});

describe('previousRange', () => {
  it('is the range of the same length just before', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(previousRange({ from: '2026-01-31', to: '2026-03-01' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-30',
    });
    expect(previousRange({ from: '2025-03-02', to: '2026-03-01' })).toEqual({
      from: '2024-03-02',
      to: '2025-03-01',
    });
  });
});

describe('series', () => {
  it('is daily up to 92 days and monthly beyond', () => {
    expect(seriesGranularity({ from: '2026-01-01', to: addDays('2026-01-01', 91) })).toBe('day');
    expect(seriesGranularity({ from: '2026-01-01', to: addDays('2026-01-01', 92) })).toBe('month');
  });

  it('has a point for every day of a daily range', () => {
    expect(seriesBuckets({ from: '2024-02-27', to: '2024-03-02' }, 'day')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
  });

  it('has a point for every month a monthly range touches, dated on its first day', () => {
    expect(seriesBuckets({ from: '2025-11-15', to: '2026-02-03' }, 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(seriesBuckets({ from: '2025-03-02', to: '2026-03-01' }, 'month')).toHaveLength(13);
  });
});
