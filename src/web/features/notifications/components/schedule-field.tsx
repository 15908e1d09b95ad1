import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type WallTime, zonedToInstant } from '../../../../shared/zoned-time';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { dateBounds, dueText, zoneName } from './schedule-helpers';

export type SendMode = 'now' | 'later';

interface WhenProps {
  /** The establishment's time zone: the date and time are read on its clock. */
  timeZone: string;
  value: WallTime;
  onChange(value: WallTime): void;
  /** Translated; shown under the date and time instead of the zone. */
  error: string | null;
  disabled?: boolean;
}

/** The browser's own zone, to say what a time on the establishment's clock is on the user's. */
const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A date and a time on the establishment's clock, said as such ("Europe/Bratislava time"), with the
 * same moment on the user's clock when theirs differs; the error under both.
 */
export function WhenFields({ timeZone, value, onChange, error, disabled }: WhenProps) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const helpId = useId();
  const bounds = dateBounds(timeZone);
  const at = zonedToInstant(value, timeZone);
  const elsewhere = at && ownZone() !== timeZone ? dueText(format.locale, at.toISOString(), ownZone()) : null;
  const help =
    error ??
    [
      t('schedule.zoneHint', { zone: zoneName(timeZone) }),
      elsewhere && t('schedule.yourTime', { when: elsewhere }),
    ]
      .filter(Boolean)
      .join(' · ');
  const field = { error: Boolean(error), required: true, disabled };

  return (
    <>
      <Stack direction="row" spacing={1.5}>
        <TextField
          {...field}
          type="date"
          label={t('schedule.date')}
          value={value.date}
          onChange={(event) => onChange({ ...value, date: event.target.value })}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: bounds.min, max: bounds.max, 'aria-describedby': helpId },
          }}
        />
        <TextField
          {...field}
          type="time"
          label={t('schedule.time')}
          value={value.time}
          onChange={(event) => onChange({ ...value, time: event.target.value })}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { step: 60, 'aria-describedby': helpId },
          }}
        />
      </Stack>
      <FormHelperText id={helpId} error={Boolean(error)} role={error ? 'alert' : undefined} sx={{ mx: 1.75 }}>
        {help}
      </FormHelperText>
    </>
  );
}

interface Props extends WhenProps {
  mode: SendMode;
  onModeChange(mode: SendMode): void;
}

/** "Send now" or "Schedule" at a date and time in the establishment's time zone. */
export function ScheduleField({ mode, onModeChange, disabled, ...when }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ typography: 'subtitle2', color: 'text.primary' }}>
        {t('schedule.label')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={mode}
        onChange={(_, next) => onModeChange(next as SendMode)}
      >
        <FormControlLabel value="now" control={<Radio />} label={t('schedule.now')} />
        <FormControlLabel value="later" control={<Radio />} label={t('schedule.later')} />
      </RadioGroup>
      {mode === 'later' && (
        <Stack sx={{ mt: 1 }}>
          <WhenFields {...when} disabled={disabled} />
        </Stack>
      )}
    </FormControl>
  );
}
