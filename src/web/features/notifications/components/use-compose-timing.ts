import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zonedToInstant } from '../../../../shared/zoned-time';
import { translateMessage } from '../../../lib/translate-message';
import type { SendMode } from './schedule-field';
import { problemText, scheduledInstant, scheduleMessageText, suggestedWallTime } from './schedule-helpers';
import { useWeeklyRule } from './use-weekly-rule';
import { validUntilInstant, validUntilMessageText } from './valid-until-field';
import { isoWeekdayOf } from './weekly-text';

/**
 * When a composed notification goes (now, or at a date and time on the establishment's clock or on
 * each follower's) and when its offer ends (off unless asked), with the problems said beside each.
 */
export function useComposeTiming(timeZone: string) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SendMode>('now');
  const [when, setWhen] = useState(() => ({ date: '', time: '' }));
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [ends, setEnds] = useState(false);
  const [until, setUntil] = useState(() => ({ date: '', time: '' }));
  const [untilError, setUntilError] = useState<string | null>(null);
  // Weekly: the first send is the scheduled one; it repeats by a rule, with no end unless one is chosen.
  const [repeats, setRepeats] = useState(false);
  const weekly = useWeeklyRule();
  // At the chosen time on each follower's clock instead of the business's: only for a scheduled send.
  const [localTime, setLocalTime] = useState(false);
  const [localTimeError, setLocalTimeError] = useState<string | null>(null);

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
    // Only a scheduled send goes at each follower's local time: a send now goes now.
    const local = scheduled?.at && localTime ? true : undefined;
    if (mode === 'later' && repeats && scheduled?.at) {
      const fallback = { weekday: isoWeekdayOf(when.date), time: when.time };
      if (!weekly.check(t, scheduled.at, timeZone, fallback)) return null;
      const rule = weekly.ruleOf(fallback);
      const repeat = { weekdays: rule.weekdays, until: rule.until };
      return { scheduledFor: scheduled.at, validUntil: end?.at, repeat, localTime: local };
    }
    return { scheduledFor: scheduled?.at, validUntil: end?.at, repeat: undefined, localTime: local };
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
    /** LocalTimeField's props, shown for a scheduled send once its time is chosen. */
    localTime: {
      time: when.time,
      checked: localTime,
      onChange: (next: boolean) => {
        setLocalTime(next);
        setLocalTimeError(null);
      },
      error: localTimeError,
    },
    /** RepeatField's props, shown for a scheduled send. */
    repeat: {
      first: when,
      on: repeats,
      // No last date is suggested: the series has none until the user picks one.
      onToggle: setRepeats,
      rule: weekly,
    },
    instants,
    clearErrors: () => {
      setScheduleError(null);
      setUntilError(null);
      setLocalTimeError(null);
      weekly.applyServerFields(t, {});
    },
    /** The server's messages on the send time, its local time or the offer's end, beside their fields. */
    applyServerFields: (fields: Record<string, string>) => {
      if (fields.scheduledFor) setScheduleError(scheduleMessageText(t, fields.scheduledFor));
      if (fields.validUntil) setUntilError(validUntilMessageText(t, fields.validUntil));
      if (fields.localTime) setLocalTimeError(translateMessage(t, fields.localTime));
      weekly.applyServerFields(
        t,
        Object.fromEntries(
          Object.entries(fields)
            .filter(([key]) => key.startsWith('repeat.'))
            .map(([key, message]) => [key.slice('repeat.'.length), message]),
        ),
      );
    },
    /** After a send: the next one goes now and ends never, unless asked again. */
    reset: () => {
      setMode('now');
      setEnds(false);
      setRepeats(false);
      setLocalTime(false);
      weekly.load(null);
    },
  };
}

/** The compose card's timing state, as its fields show it. */
export type ComposeTiming = ReturnType<typeof useComposeTiming>;
