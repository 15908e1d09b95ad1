import { describe, expect, it } from 'vitest';
import { Msg } from './messages';
import { nextOccurrence, repeatProblem, weeklyRuleOf } from './recurrence';
import { instantToZoned, zonedToInstant } from './zoned-time';

const ZONE = 'Europe/Bratislava';
const at = (date: string, time: string, zone = ZONE) => zonedToInstant({ date, time }, zone)!;

describe('weekly sends on the business clock', () => {
  it('reads the rule off the first send: its weekday and time in the zone', () => {
    // Friday 2026-10-23 17:00 in Bratislava is 15:00 UTC.
    expect(weeklyRuleOf(at('2026-10-23', '17:00'), ZONE, '2026-12-31')).toEqual({
      weekday: 5,
      minuteOfDay: 17 * 60,
      until: '2026-12-31',
    });
    // The same instant is already Saturday in Tokyo.
    expect(weeklyRuleOf(at('2026-10-23', '17:00'), 'Asia/Tokyo', '2026-12-31').weekday).toBe(6);
  });

  it('keeps 17:00 across the end of summer time (offset +2 then +1)', () => {
    const rule = weeklyRuleOf(at('2026-10-23', '17:00'), ZONE, '2026-11-30');
    const next = nextOccurrence(rule, at('2026-10-23', '17:00'), ZONE)!;
    expect(instantToZoned(next, ZONE)).toEqual({ date: '2026-10-30', time: '17:00' });
    expect(next.getTime() - at('2026-10-23', '17:00').getTime()).toBe(7 * 24 * 3600_000 + 3600_000);
  });

  it('comes back to its weekday after an occurrence moved to another day, and stops after its last date', () => {
    const rule = { weekday: 5, minuteOfDay: 17 * 60, until: '2026-11-13' };
    // This week's was moved to Saturday: the next is Friday six days on.
    expect(instantToZoned(nextOccurrence(rule, at('2026-10-31', '12:00'), ZONE)!, ZONE)).toEqual({
      date: '2026-11-06',
      time: '17:00',
    });
    expect(nextOccurrence(rule, at('2026-11-06', '17:00'), ZONE)).toEqual(at('2026-11-13', '17:00'));
    expect(nextOccurrence(rule, at('2026-11-13', '17:00'), ZONE)).toBeNull();
  });

  it('refuses a last date before the first send, more than a year on, or not a date', () => {
    const first = at('2026-10-23', '17:00');
    expect(repeatProblem(first, ZONE, '2026-10-23')).toBeNull();
    expect(repeatProblem(first, ZONE, '2026-10-22')).toBe(Msg.repeatNeverFires);
    expect(repeatProblem(first, ZONE, '2027-10-25')).toBe(Msg.repeatTooLong);
    expect(repeatProblem(first, ZONE, '2027-02-30')).toBe(Msg.repeatUntilInvalid);
    expect(repeatProblem(first, ZONE, 'soon')).toBe(Msg.repeatUntilInvalid);
  });
});
