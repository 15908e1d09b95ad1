import { describe, expect, it } from 'vitest';
import { Msg } from './messages';
import {
  firstOccurrence,
  nextOccurrence,
  repeatProblem,
  takeOver,
  upcomingOccurrences,
  weekdayOfDate,
  weeklyRuleOf,
} from './recurrence';
import { instantToZoned, zonedToInstant } from './zoned-time';

const ZONE = 'Europe/Bratislava';
const at = (date: string, time: string, zone = ZONE) => zonedToInstant({ date, time }, zone)!;
const wall = (instant: Date | null) => (instant ? instantToZoned(instant, ZONE) : null);

describe('weekly sends on the business clock', () => {
  it('reads the rule off the first send: its weekday and time in the zone, unless weekdays are chosen', () => {
    // Friday 2026-10-23 17:00 in Bratislava is 15:00 UTC.
    expect(weeklyRuleOf(at('2026-10-23', '17:00'), ZONE, '2026-12-31')).toEqual({
      weekdays: [5],
      minuteOfDay: 17 * 60,
      until: '2026-12-31',
    });
    // The same instant is already Saturday in Tokyo.
    expect(weeklyRuleOf(at('2026-10-23', '17:00'), 'Asia/Tokyo', null).weekdays).toEqual([6]);
    expect(weeklyRuleOf(at('2026-10-23', '17:00'), ZONE, null, [5, 2, 5])).toEqual({
      weekdays: [2, 5],
      minuteOfDay: 17 * 60,
      until: null,
    });
  });

  it('keeps 17:00 across the end of summer time (offset +2 then +1)', () => {
    const rule = weeklyRuleOf(at('2026-10-23', '17:00'), ZONE, '2026-11-30');
    const next = nextOccurrence(rule, at('2026-10-23', '17:00'), ZONE)!;
    expect(instantToZoned(next, ZONE)).toEqual({ date: '2026-10-30', time: '17:00' });
    expect(next.getTime() - at('2026-10-23', '17:00').getTime()).toBe(7 * 24 * 3600_000 + 3600_000);
  });

  it('comes back to its weekday after an occurrence moved to another day, and stops after its last date', () => {
    const rule = { weekdays: [5], minuteOfDay: 17 * 60, until: '2026-11-13' };
    // This week's was moved to Saturday: the next is Friday six days on.
    expect(wall(nextOccurrence(rule, at('2026-10-31', '12:00'), ZONE))).toEqual({
      date: '2026-11-06',
      time: '17:00',
    });
    expect(nextOccurrence(rule, at('2026-11-06', '17:00'), ZONE)).toEqual(at('2026-11-13', '17:00'));
    expect(nextOccurrence(rule, at('2026-11-13', '17:00'), ZONE)).toBeNull();
  });

  it('goes on each of several weekdays, and without a last date never stops', () => {
    const rule = { weekdays: [2, 4], minuteOfDay: 9 * 60 + 30, until: null };
    // From Tuesday 2026-10-20: Thursday, then Tuesday, Thursday...
    const dates = upcomingOccurrences(rule, at('2026-10-20', '09:30'), ZONE, 5).map((d) => wall(d)!.date);
    expect(dates).toEqual(['2026-10-20', '2026-10-22', '2026-10-27', '2026-10-29', '2026-11-03']);
    expect(dates.map(weekdayOfDate)).toEqual([2, 4, 2, 4, 2]);
    expect(wall(nextOccurrence(rule, at('2030-12-31', '09:30'), ZONE))).toEqual({
      date: '2031-01-02',
      time: '09:30',
    });
  });

  it('lists fewer occurrences than asked once the last date comes', () => {
    const rule = { weekdays: [1, 5], minuteOfDay: 17 * 60, until: '2026-11-02' };
    expect(upcomingOccurrences(rule, at('2026-10-23', '17:00'), ZONE, 5).map((d) => wall(d)!.date)).toEqual([
      '2026-10-23',
      '2026-10-26',
      '2026-10-30',
      '2026-11-02',
    ]);
  });

  it('takes a changed rule up at its first time after a moment: today if still to come', () => {
    const rule = { weekdays: [3, 5], minuteOfDay: 17 * 60, until: null };
    // Wednesday 2026-10-21.
    expect(wall(firstOccurrence(rule, at('2026-10-21', '16:59'), ZONE))).toEqual({
      date: '2026-10-21',
      time: '17:00',
    });
    expect(wall(firstOccurrence(rule, at('2026-10-21', '17:00'), ZONE))).toEqual({
      date: '2026-10-23',
      time: '17:00',
    });
    expect(wall(firstOccurrence({ ...rule, weekdays: [3] }, at('2026-10-21', '18:00'), ZONE))?.date).toBe(
      '2026-10-28',
    );
    // The last date comes before any of its days.
    expect(firstOccurrence({ ...rule, until: '2026-10-22' }, at('2026-10-21', '18:00'), ZONE)).toBeNull();
  });

  it("takes a changed rule over from the waiting send's day on, never earlier, never in the past", () => {
    const waiting = at('2026-10-22', '17:00'); // a Thursday
    const now = at('2026-10-21', '10:00');
    const rule = (weekdays: number[], time: string) => ({
      weekdays,
      minuteOfDay: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)),
      until: null,
    });
    expect(wall(takeOver(rule([2, 5], '18:30'), waiting, now, ZONE))).toEqual({
      date: '2026-10-23',
      time: '18:30',
    });
    expect(wall(takeOver(rule([1, 4], '09:00'), waiting, now, ZONE))).toEqual({
      date: '2026-10-22',
      time: '09:00',
    });
    // Due today, the new time already past: the next of its days.
    const today = at('2026-10-21', '17:00');
    expect(wall(takeOver(rule([3], '12:00'), today, at('2026-10-21', '16:00'), ZONE))).toEqual({
      date: '2026-10-28',
      time: '12:00',
    });
    // Less than a minute from now is too soon, as for any scheduled send.
    expect(wall(takeOver(rule([3], '16:00'), today, at('2026-10-21', '15:58'), ZONE))?.date).toBe(
      '2026-10-21',
    );
    expect(
      wall(takeOver(rule([3], '16:00'), today, new Date(at('2026-10-21', '16:00').getTime() - 30_000), ZONE))
        ?.date,
    ).toBe('2026-10-28');
  });

  it('refuses a last date before the first send or not a date; none is no end', () => {
    const first = at('2026-10-23', '17:00');
    expect(repeatProblem(first, ZONE, '2026-10-23')).toBeNull();
    expect(repeatProblem(first, ZONE, '2029-10-25')).toBeNull();
    expect(repeatProblem(first, ZONE, null)).toBeNull();
    expect(repeatProblem(first, ZONE, '2026-10-22')).toBe(Msg.repeatNeverFires);
    expect(repeatProblem(first, ZONE, '2027-02-30')).toBe(Msg.repeatUntilInvalid);
    expect(repeatProblem(first, ZONE, 'soon')).toBe(Msg.repeatUntilInvalid);
  });
});
