import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { repeatProblem } from '../../../../shared/recurrence';
import { zonedToInstant } from '../../../../shared/zoned-time';
import { translateMessage } from '../../../lib/translate-message';
import type { SendMode } from './schedule-field';
import { problemText, scheduledInstant, scheduleMessageText, suggestedWallTime } from './schedule-helpers';
import { validUntilInstant, validUntilMessageText } from './valid-until-field';

/** The calendar date `weeks` weeks after a "YYYY-MM-DD" one. */
const weeksAfter = (date: string, weeks: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + weeks * 7 * 24 * 3600_000).toISOString().slice(0, 10);

/**
 * When a composed notification goes (now, or at a date and time on the establishment's clock) and
 * when its offer ends (off unless asked), with the problems said beside each.
 */
export function useComposeTiming(timeZone: string) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SendMode>('now');
  const [when, setWhen] = useState(() => ({ date: '', time: '' }));
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [ends, setEnds] = useState(false);
  const [until, setUntil] = useState(() => ({ date: '', time: '' }));
  const [untilError, setUntilError] = useState<string | null>(null);
  // Weekly: the first send is the scheduled one; it repeats until a last date.
  const [repeats, setRepeats] = useState(false);
  const [lastDate, setLastDate] = useState('');
  const [repeatError, setRepeatError] = useState<string | null>(null);

  /** The send's time and the offer's end as instants; null, and the problem beside its field, when one is wrong. */
  const instants = () => {
    const scheduled = mode === 'later' ? scheduledInstant(when, timeZone) : null;
    if (scheduled?.problem) {
      setScheduleError(problemText(t, scheduled.problem));
      return null;
    }
    const end = ends ? validUntilInstant(until, timeZone, scheduled?.at ?? new Date()) : null;
    if (end?.problem) {
      setUntilError(validUntilMessageText(t, end.problem));
      return null;
    }
    const weekly = mode === 'later' && repeats && scheduled?.at;
    if (weekly) {
      const problem = lastDate ? repeatProblem(scheduled.at, timeZone, lastDate) : 'required';
      if (problem) {
        setRepeatError(problem === 'required' ? t('schedule.required') : translateMessage(t, problem));
        return null;
      }
    }
    return { scheduledFor: scheduled?.at, validUntil: end?.at, repeatUntil: weekly ? lastDate : undefined };
  };

  return {
    /** ScheduleField's props. */
    schedule: {
      mode,
      onModeChange: (next: SendMode) => {
        setMode(next);
        setScheduleError(null);
        if (next === 'later' && !when.date) setWhen(suggestedWallTime(timeZone));
      },
      value: when,
      onChange: (next: typeof when) => {
        setWhen(next);
        setScheduleError(null);
      },
      error: scheduleError,
    },
    /** ValidUntilField's props. */
    validUntil: {
      on: ends,
      onToggle: (next: boolean) => {
        setEnds(next);
        setUntilError(null);
        // A first suggestion an hour or so after the send, on the same clock.
        if (next && !until.date) {
          const from = mode === 'later' ? zonedToInstant(when, timeZone) : undefined;
          setUntil(suggestedWallTime(timeZone, from?.getTime()));
        }
      },
      value: until,
      onChange: (next: typeof until) => {
        setUntil(next);
        setUntilError(null);
      },
      error: untilError,
    },
    /** RepeatField's props, shown for a scheduled send. */
    repeat: {
      first: when,
      on: repeats,
      onToggle: (next: boolean) => {
        setRepeats(next);
        setRepeatError(null);
        // A first suggestion: four weeks of it.
        if (next && !lastDate && when.date) setLastDate(weeksAfter(when.date, 4));
      },
      until: lastDate,
      onUntilChange: (next: string) => {
        setLastDate(next);
        setRepeatError(null);
      },
      error: repeatError,
    },
    instants,
    clearErrors: () => {
      setScheduleError(null);
      setUntilError(null);
      setRepeatError(null);
    },
    /** The server's messages on the send time or the offer's end, beside their fields. */
    applyServerFields: (fields: Record<string, string>) => {
      if (fields.scheduledFor) setScheduleError(scheduleMessageText(t, fields.scheduledFor));
      if (fields.validUntil) setUntilError(validUntilMessageText(t, fields.validUntil));
      if (fields['repeat.until']) setRepeatError(translateMessage(t, fields['repeat.until']));
    },
    /** After a send: the next one goes now and ends never, unless asked again. */
    reset: () => {
      setMode('now');
      setEnds(false);
      setRepeats(false);
      setLastDate('');
    },
  };
}

/** The compose card's timing state, as its fields show it. */
export type ComposeTiming = ReturnType<typeof useComposeTiming>;
