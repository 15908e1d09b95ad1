import { FormHelperText, Stack, TextField } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type WallTime, zonedToInstant } from '../../../../shared/zoned-time';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { dueText } from './schedule-helpers';

export interface ZonedDateTimeProps {
  /** The establishment's time zone: the date and time are read on its clock. */
  timeZone: string;
  value: WallTime;
  onChange(value: WallTime): void;
  /** Translated; shown under the date and time instead of the zone. */
  error: string | null;
  disabled?: boolean;
}

interface Props extends ZonedDateTimeProps {
  /** Translated: the two fields' labels and the line saying whose clock they are on. */
  texts: { date: string; time: string; zoneHint: string };
  /** The first and last day the date may be, when there are any. */
  dateBounds?: { min: string; max: string };
}

/** The browser's own zone, to say what a time on the establishment's clock is on the user's. */
const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A date and a time on the establishment's clock, said as such ("Europe/Bratislava time"), with the
 * same moment on the user's clock when theirs differs; the error under both.
 */
export function ZonedDateTimeFields({
  timeZone,
  value,
  onChange,
  error,
  disabled,
  texts,
  dateBounds,
}: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const helpId = useId();
  const at = zonedToInstant(value, timeZone);
  const elsewhere = at && ownZone() !== timeZone ? dueText(format.locale, at.toISOString(), ownZone()) : null;
  const help =
    error ??
    [texts.zoneHint, elsewhere && t('schedule.yourTime', { when: elsewhere })].filter(Boolean).join(' · ');
  const field = { error: Boolean(error), required: true, disabled };

  return (
    <>
      <Stack direction="row" spacing={1.5}>
        <TextField
          {...field}
          type="date"
          label={texts.date}
          value={value.date}
          onChange={(event) => onChange({ ...value, date: event.target.value })}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: dateBounds?.min, max: dateBounds?.max, 'aria-describedby': helpId },
          }}
        />
        <TextField
          {...field}
          type="time"
          label={texts.time}
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
