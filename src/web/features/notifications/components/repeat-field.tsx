import { FormControl, FormControlLabel, FormHelperText, Switch, TextField } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WallTime } from '../../../../shared/zoned-time';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { zoneName } from './schedule-helpers';
import { isoWeekdayOf, weekdayName } from './weekly-text';

interface Props {
  timeZone: string;
  /** The first send's date and time on the establishment's clock: the rule is read off it. */
  first: WallTime;
  on: boolean;
  onToggle(on: boolean): void;
  until: string;
  onUntilChange(until: string): void;
  /** Translated. */
  error: string | null;
  disabled?: boolean;
}

/**
 * "Repeat every week", under a scheduled send: on the first send's weekday at its time
 * on the establishment's clock, until a last date.
 */
export function RepeatField({ timeZone, first, on, onToggle, until, onUntilChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const hintId = useId();
  const rule = first.date
    ? t('weekly.hint', {
        weekday: weekdayName(format.locale, isoWeekdayOf(first.date)),
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
      {rule && (
        <FormHelperText id={hintId} sx={{ mx: 0, mt: 0 }}>
          {rule}
        </FormHelperText>
      )}
      {on && (
        <TextField
          type="date"
          label={t('weekly.untilLabel')}
          value={until}
          onChange={(event) => onUntilChange(event.target.value)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: first.date || undefined } }}
          sx={{ mt: 1.5, maxWidth: 240 }}
        />
      )}
    </FormControl>
  );
}
