import { describe, expect, it } from 'vitest';
import { type Dashboard, NO_FIGURES } from '../../../shared/schemas/report.schema';
import {
  addDays,
  changeOf,
  chartRange,
  customRangeProblem,
  formatDay,
  formatRange,
  funnelRange,
  parsePeriod,
  shareOf,
} from './report-math';

const zero = NO_FIGURES;
const period = (from: string, to: string) => ({ from, to, figures: zero, previous: zero });
const periods: Dashboard['periods'] = {
  today: period('2026-03-10', '2026-03-10'),
  yesterday: period('2026-03-09', '2026-03-09'),
  last30Days: period('2026-02-09', '2026-03-10'),
  lastYear: period('2025-03-11', '2026-03-10'),
};

describe('report ranges', () => {
  it('moves dates by calendar days across months, years and the clock change', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('reads the period from the address, the last 30 days when it is missing or unknown', () => {
    expect(parsePeriod('today')).toBe('today');
    expect(parsePeriod('custom')).toBe('custom');
    expect(parsePeriod(null)).toBe('last30Days');
    expect(parsePeriod('forever')).toBe('last30Days');
  });

  it('charts the week ending on today or yesterday, the year as it is, and leaves 30 days to the default', () => {
    expect(chartRange('today', periods, undefined)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(chartRange('yesterday', periods, undefined)).toEqual({ from: '2026-03-03', to: '2026-03-09' });
    expect(chartRange('lastYear', periods, undefined)).toEqual({ from: '2025-03-11', to: '2026-03-10' });
    expect(chartRange('last30Days', periods, undefined)).toBeUndefined();
    const custom = { from: '2026-01-01', to: '2026-01-31' };
    expect(chartRange('custom', periods, custom)).toEqual(custom);
    // Before the overview answered, today's date is not known yet.
    expect(chartRange('today', undefined, undefined)).toBeUndefined();
  });

  it("counts the funnel over exactly the chosen period's days", () => {
    expect(funnelRange('today', periods, undefined)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(funnelRange('yesterday', periods, undefined)).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(funnelRange('last30Days', periods, undefined)).toBeUndefined();
  });

  it('words a custom range problem as the server does, beside the right field', () => {
    expect(customRangeProblem({ from: '2026-03-10', to: '2026-03-01' })).toEqual({
      field: 'to',
      message: 'End date must be later than start date',
    });
    expect(customRangeProblem({ from: '2000-01-01', to: '2026-03-01' })).toEqual({
      field: 'to',
      message: 'A range covers at most 10 years',
    });
    // One day is a range; half a range is still being chosen.
    expect(customRangeProblem({ from: '2026-03-10', to: '2026-03-10' })).toBeUndefined();
    expect(customRangeProblem({ from: '2026-03-10' })).toBeUndefined();
    expect(customRangeProblem({ from: 'soon', to: '2026-03-10' })?.field).toBe('from');
  });
});

describe('report figures', () => {
  it('says how a figure moved, and "new" where there was nothing before', () => {
    expect(changeOf(15, 10)).toEqual({ kind: 'up', fraction: 0.5 });
    expect(changeOf(5, 10)).toEqual({ kind: 'down', fraction: 0.5 });
    expect(changeOf(7, 7)).toEqual({ kind: 'same' });
    expect(changeOf(0, 0)).toEqual({ kind: 'same' });
    expect(changeOf(3, 0)).toEqual({ kind: 'new' });
  });

  it('has no share without a whole', () => {
    expect(shareOf(3, 4)).toBe(0.75);
    expect(shareOf(0, 0)).toBeNull();
  });

  it('writes a series day as its calendar day, in the language', () => {
    expect(formatDay('en-GB', '2026-03-01', { granularity: 'day', style: 'short' })).toBe('1 Mar');
    expect(formatDay('sk-SK', '2026-03-01', { granularity: 'day', style: 'short' })).toMatch(
      /^1\. ?3\.|^1\. mar/,
    );
    expect(formatDay('de-DE', '2026-03-01', { granularity: 'month', style: 'long' })).toBe('März 2026');
    expect(formatRange('en-GB', { from: '2026-03-04', to: '2026-03-10' })).toMatch(/^4\s?–\s?10 Mar 2026$/);
    expect(formatRange('en-GB', { from: '2026-03-10', to: '2026-03-10' })).toBe('10 Mar 2026');
  });
});
