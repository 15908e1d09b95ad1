import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dateBounds, zoneName } from './schedule-helpers';
import { ZonedDateTimeFields, type ZonedDateTimeProps } from './zoned-date-time-fields';

export type SendMode = 'now' | 'later';

/**
 * A send's date and time on the establishment's clock, today to 90 days on, with the same moment
 * on the user's clock when theirs differs.
 */
export function WhenFields(props: ZonedDateTimeProps) {
  const { t } = useTranslation();
  return (
    <ZonedDateTimeFields
      {...props}
      texts={{
        date: t('schedule.date'),
        time: t('schedule.time'),
        zoneHint: t('schedule.zoneHint', { zone: zoneName(props.timeZone) }),
      }}
      dateBounds={dateBounds(props.timeZone)}
    />
  );
}

interface Props extends ZonedDateTimeProps {
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
