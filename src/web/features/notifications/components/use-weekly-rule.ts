import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Msg } from '../../../../shared/messages';
import { minuteOfTime, repeatProblem, sortedWeekdays, type WeeklyRule } from '../../../../shared/recurrence';
import type { Recurrence } from '../../../../shared/schemas/weekly-send.schema';
import { translateMessage } from '../../../lib/translate-message';

/** How a weekly send ends: never, or after a last date the user chose. */
export type RuleEnd = 'never' | 'on';

type Problems = Partial<Record<'weekdays' | 'time' | 'until', string>>;

/**
 * A weekly send's rule as a form edits it: its weekdays (none chosen yet: the first send's), its
 * time (where the form asks for one), and its end, which is none unless the user picks a date.
 * Problems are translated, beside their fields.
 */
export function useWeeklyRule() {
  const [weekdays, setWeekdays] = useState<number[] | null>(null);
  const [time, setTime] = useState('');
  const [ends, setEnds] = useState<RuleEnd>('never');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<Problems>({});
  const clear = (key: keyof Problems) => setErrors(({ [key]: _gone, ...rest }) => rest);

  /** The rule as it stands, the first send's weekday and time where none is chosen. */
  const ruleOf = (fallback: { weekday: number; time: string }): WeeklyRule => ({
    weekdays: weekdays ?? [fallback.weekday],
    minuteOfDay: minuteOfTime(time || fallback.time) ?? 0,
    until: ends === 'on' && until ? until : null,
  });

  return {
    weekdays,
    time,
    ends,
    until,
    errors,
    ruleOf,
    setWeekdays: (next: number[]) => {
      setWeekdays(sortedWeekdays(next));
      clear('weekdays');
    },
    setTime: (next: string) => {
      setTime(next);
      clear('time');
    },
    setEnds: (next: RuleEnd) => {
      setEnds(next);
      clear('until');
    },
    setUntil: (next: string) => {
      setUntil(next);
      clear('until');
    },
    /**
     * The rule's problems for a series whose next send is at `next`, set beside their fields: no
     * weekday, no time of day, an end asked for without its date, a date that is none or before
     * `next`. True when there is none.
     */
    check: (t: TFunction, next: Date, timeZone: string, fallback: { weekday: number; time: string }) => {
      const found: Problems = {};
      if (weekdays?.length === 0) found.weekdays = translateMessage(t, Msg.repeatWeekdaysRequired);
      if (minuteOfTime(time || fallback.time) === undefined)
        found.time = translateMessage(t, Msg.repeatTimeInvalid);
      if (ends === 'on' && !until) found.until = t('weekly.untilRequired');
      else if (ends === 'on') {
        const problem = repeatProblem(next, timeZone, until);
        if (problem) found.until = translateMessage(t, problem);
      }
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** A problem found elsewhere, translated, beside its field. */
    refuse: (key: keyof Problems, message: string) =>
      setErrors((current) => ({ ...current, [key]: message })),
    /** The server's problems on the rule, by its field names (weekdays, time, until), translated. */
    applyServerFields: (t: TFunction, fields: Record<string, string | undefined>) => {
      const found: Problems = {};
      for (const key of ['weekdays', 'time', 'until'] as const) {
        const message =
          fields[key] ?? Object.entries(fields).find(([field]) => field.startsWith(`${key}.`))?.[1];
        if (message) found[key] = translateMessage(t, message);
      }
      setErrors(found);
      return Object.keys(found).length > 0;
    },
    /** Start from a weekly send's rule as it is, or from scratch (no weekday chosen, no end). */
    load: (from: Recurrence | null) => {
      setWeekdays(from ? from.weekdays : null);
      setTime(from ? from.time : '');
      setEnds(from?.until ? 'on' : 'never');
      setUntil(from?.until ?? '');
      setErrors({});
    },
  };
}

export type WeeklyRuleState = ReturnType<typeof useWeeklyRule>;
