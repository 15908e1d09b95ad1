import { FormControl, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The chosen time of day, "17:00": the one each follower gets it at on their own clock. */
  time: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** The server's refusal, translated, said beside the switch. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * "Each follower's local time", under a chosen time (a scheduled send, a weekly one): each follower
 * gets it at that time on their own clock (the business's when theirs is unknown); where that time
 * has passed on its day when the send goes out, the next day.
 */
export function LocalTimeField({ time, checked, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const hintId = useId();
  const errorId = useId();
  return (
    <FormControl error={Boolean(error)} disabled={disabled} sx={{ minWidth: 0 }}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{
              input: {
                'aria-invalid': Boolean(error),
                'aria-describedby': error ? `${errorId} ${hintId}` : hintId,
              },
            }}
          />
        }
        label={t('schedule.localTime.label')}
        sx={{ alignSelf: 'flex-start', mr: 0 }}
      />
      {error && (
        <FormHelperText id={errorId} sx={{ mx: 0, mt: 0 }}>
          {error}
        </FormHelperText>
      )}
      <FormHelperText id={hintId} error={false} sx={{ mx: 0, mt: 0 }}>
        {t('schedule.localTime.hint', { time })}
      </FormHelperText>
    </FormControl>
  );
}
