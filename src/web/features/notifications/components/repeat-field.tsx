import { Box, FormControl, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { upcomingOccurrences } from '../../../../shared/recurrence';
import { type WallTime, zonedToInstant } from '../../../../shared/zoned-time';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { zoneName } from './schedule-helpers';
import type { WeeklyRuleState } from './use-weekly-rule';
import { WeeklyRuleFields } from './weekly-rule-fields';
import { isoWeekdayOf, weekdaysText } from './weekly-text';

/** Sends the form lists ahead, the first one included. */
export const NEXT_SENDS_SHOWN = 5;

interface Props {
  timeZone: string;
  /** The first send's date and time on the establishment's clock: the rule's time is read off it. */
  first: WallTime;
  on: boolean;
  onToggle(on: boolean): void;
  rule: WeeklyRuleState;
  /** At the rule's time on each follower's clock: the hint says so instead of the business's zone. */
  localTime?: boolean;
  disabled?: boolean;
}

/**
 * "Repeat every week", under a scheduled send: at the first send's time on the establishment's
 * clock (or each follower's), on its weekday or the days chosen, with no end unless a last date is chosen; the next
 * sends it makes are listed as the rule is set.
 */
export function RepeatField({ timeZone, first, on, onToggle, rule, localTime, disabled }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const hintId = useId();
  const fallback = first.date ? { weekday: isoWeekdayOf(first.date), time: first.time } : null;
  const weekly = fallback ? rule.ruleOf(fallback) : null;
  const firstAt = first.date && first.time ? zonedToInstant(first, timeZone) : undefined;
  const hint = weekly
    ? t(localTime ? 'weekly.hintLocal' : 'weekly.hint', {
        weekday: weekdaysText(format.locale, weekly.weekdays),
        time: first.time,
        zone: zoneName(timeZone),
      })
    : null;
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ minWidth: 0 }}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(event) => onToggle(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={t('weekly.label')}
        sx={{ alignSelf: 'flex-start' }}
      />
      {hint && (
        <FormHelperText id={hintId} sx={{ mx: 0, mt: 0 }}>
          {hint}
        </FormHelperText>
      )}
      {on && weekly && (
        <Box sx={{ mt: 1.5, minWidth: 0 }}>
          <WeeklyRuleFields
            timeZone={timeZone}
            rule={rule}
            weekdays={weekly.weekdays}
            minDate={first.date || undefined}
            next={firstAt ? upcomingOccurrences(weekly, firstAt, timeZone, NEXT_SENDS_SHOWN) : []}
            disabled={disabled}
          />
        </Box>
      )}
    </FormControl>
  );
}
