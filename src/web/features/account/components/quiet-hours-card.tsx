import {
  Autocomplete,
  FormControlLabel,
  Grid,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type QuietHours,
  type QuietHoursBody,
  QuietHoursBodySchema,
  QuietMsg,
} from '../../../../shared/schemas/quiet-hours.schema';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { deviceTimeZone, zoneLabel, zoneOptions } from '../../../lib/time-zones';
import { translateMessage } from '../../../lib/translate-message';
import { useCan } from '../../../lib/use-can';
import { useQuietHours, useSetQuietHours } from '../api/quiet-hours.api';
import { SettingCard } from './setting-card';

type Field = 'enabled' | 'start' | 'end' | 'timeZone';
type FieldErrors = Partial<Record<Field, string>>;

const quietKeyOf = new Map<string, string>(Object.entries(QuietMsg).map(([key, text]) => [text, key]));

/** A message of the quiet-hours schema or the server in the user's language. */
function quietErrorText(t: TFunction, message: string | undefined): string {
  const key = message ? quietKeyOf.get(message) : undefined;
  return key ? t(`quietHours.errors.${key}`) : translateMessage(t, message);
}

/** The first message per field of a failed check. */
function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'enabled') as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * "Quiet hours" on the account page: a switch, From and To, the time zone, Save. While they last,
 * the user's devices get no notification; what arrives then is delivered when they end
 * (GET and PUT /api/account/quiet-hours). Hidden from whom can() does not let receive pushes.
 */
export function QuietHoursCard() {
  const can = useCan();
  const allowed = can('push:subscribe');
  const saved = useQuietHours(allowed);
  if (!allowed) return null;

  return (
    <SettingCard
      section="quietHours"
      query={saved}
      skeleton={
        <Stack spacing={1.5} aria-busy>
          <Skeleton width="60%" />
          <Skeleton variant="rounded" height={56} />
          <Skeleton width="80%" />
        </Stack>
      }
    >
      {(data) => (
        // A fresh form whenever the saved setting changes, so it starts from what the server has.
        <QuietHoursForm key={JSON.stringify(data)} saved={data} />
      )}
    </SettingCard>
  );
}

function QuietHoursForm({ saved }: { saved: QuietHours }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSetQuietHours();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [start, setStart] = useState(saved.start ?? '22:00');
  const [end, setEnd] = useState(saved.end ?? '07:00');
  // The device's zone is the first suggestion of someone setting quiet hours for the first time.
  const [timeZone, setTimeZone] = useState(saved.timeZone ?? deviceTimeZone() ?? 'UTC');
  const [errors, setErrors] = useState<FieldErrors>({});
  const zones = useMemo(() => zoneOptions(timeZone), [timeZone]);

  const edit =
    <T,>(field: Field, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors(({ [field]: _gone, ...rest }) => rest);
    };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body: QuietHoursBody = enabled ? { enabled, start, end, timeZone } : { enabled: false };
    const checked = QuietHoursBodySchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    try {
      const result = await save.mutateAsync(body);
      enqueueSnackbar(t(result.enabled ? 'quietHours.saved' : 'quietHours.turnedOff'), {
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  const overnight =
    enabled && !errors.end && /^\d\d:\d\d$/.test(start) && /^\d\d:\d\d$/.test(end) && end < start;
  const timeProps = (field: 'start' | 'end', value: string, set: (value: string) => void) => ({
    type: 'time',
    value,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => edit(field, set)(event.target.value),
    disabled: !enabled || save.isPending,
    required: enabled,
    fullWidth: true,
    error: Boolean(errors[field]),
    slotProps: { inputLabel: { shrink: true }, htmlInput: { step: 60 } },
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            onChange={(event) => edit('enabled', setEnabled)(event.target.checked)}
            disabled={save.isPending}
          />
        }
        label={t('quietHours.enable')}
      />
      {errors.enabled && (
        <Typography variant="body2" color="error">
          {quietErrorText(t, errors.enabled)}
        </Typography>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField
            {...timeProps('start', start, setStart)}
            name="start"
            label={t('quietHours.from')}
            helperText={quietErrorText(t, errors.start)}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField
            {...timeProps('end', end, setEnd)}
            name="end"
            label={t('quietHours.to')}
            helperText={
              errors.end ? quietErrorText(t, errors.end) : overnight ? t('quietHours.overnight') : ''
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Autocomplete<string, false, true>
            options={zones}
            value={timeZone}
            onChange={(_event, zone) => edit('timeZone', setTimeZone)(zone)}
            getOptionLabel={zoneLabel}
            disableClearable
            autoHighlight
            disabled={!enabled || save.isPending}
            noOptionsText={t('quietHours.noZone')}
            renderInput={(params) => (
              <TextField
                {...params}
                name="timeZone"
                label={t('quietHours.timeZone')}
                required={enabled}
                error={Boolean(errors.timeZone)}
                // A disabled field's grey hint is too faint to read: shown only while it can be edited.
                helperText={
                  errors.timeZone
                    ? quietErrorText(t, errors.timeZone)
                    : enabled
                      ? t('quietHours.timeZoneHelp')
                      : undefined
                }
              />
            )}
          />
        </Grid>
      </Grid>
      <Typography variant="body2" color="textSecondary">
        {t('quietHours.explanation')}
      </Typography>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <SubmitButton submitting={save.isPending}>{t('quietHours.save')}</SubmitButton>
      </Stack>
    </Stack>
  );
}
