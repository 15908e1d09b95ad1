import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Grid,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Msg } from '../../../../shared/messages';
import { type Birthday, BirthdayBodySchema } from '../../../../shared/schemas/birthday.schema';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useCan } from '../../../lib/use-can';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useBirthday, useDeleteBirthday, useSetBirthday } from '../api/birthday.api';
import { SettingCard } from './setting-card';

/** The message of a select left empty: the form's own, said as "Choose the month" (a key of birthday.*). */
const PICK = { month: 'pickMonth', day: 'pickDay' } as const;

/**
 * The form's values, checked by the shared body schema (the server's messages). That schema checks
 * the date only once every field is right, so here the date is also checked as if the box were
 * ticked: 30 February and a missing tick are both said at once, each beside its field.
 */
const BirthdayFormSchema = z
  .object({
    month: z.number().optional(),
    day: z.number().optional(),
    consent: z.boolean().optional(),
  })
  .superRefine((values, context) => {
    for (const field of ['month', 'day'] as const)
      if (values[field] === undefined)
        context.addIssue({ code: 'custom', path: [field], message: PICK[field] });
    if (values.month !== undefined && values.day !== undefined) {
      const date = BirthdayBodySchema.safeParse({ ...values, consent: true });
      for (const issue of date.error?.issues ?? [])
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (values.consent !== true)
      context.addIssue({ code: 'custom', path: ['consent'], message: Msg.birthdayConsentRequired });
  })
  .transform((values) => BirthdayBodySchema.parse(values));

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/** A day of a leap year (so 29 February exists), read in UTC so no time zone moves it. */
const dayOfYear = (month: number, day = 1) => Date.UTC(2000, month - 1, day);

/**
 * "Birthday" on the account page: the day and month (never a year) a follower gives for the
 * birthday messages of the businesses they follow, with their consent; they change or delete it
 * here (GET, PUT and DELETE /api/account/birthday). Hidden from whom can() does not let receive pushes.
 */
export function BirthdayCard() {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can('push:subscribe');
  const saved = useBirthday(allowed);
  if (!allowed) return null;

  return (
    <SettingCard
      section="birthday"
      query={saved}
      notes={
        <Typography variant="body2" color="textSecondary">
          {t('birthday.why')}
        </Typography>
      }
      skeleton={
        <Stack spacing={1.5} aria-busy>
          <Skeleton variant="rounded" height={56} />
          <Skeleton width="80%" />
        </Stack>
      }
    >
      {(data) => (
        // A fresh form whenever the saved birthday changes, so it starts from what the server has.
        <BirthdayForm key={JSON.stringify(data)} saved={data.birthday} />
      )}
    </SettingCard>
  );
}

function BirthdayForm({ saved }: { saved: Birthday['birthday'] }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSetBirthday();
  const remove = useDeleteBirthday();
  const consentHelpId = useId();
  const { control, handleSubmit, applyServerErrors } = useApiForm(BirthdayFormSchema, {
    defaultValues: saved
      ? { month: saved.month, day: saved.day, consent: true }
      : { month: undefined, day: undefined, consent: false },
  });

  const { monthNames, monthFirst } = useMemo(() => {
    const names = new Intl.DateTimeFormat(format.locale, { month: 'long', timeZone: 'UTC' });
    const order = new Intl.DateTimeFormat(format.locale, { day: 'numeric', month: 'long', timeZone: 'UTC' })
      .formatToParts(dayOfYear(3, 14))
      .map((part) => part.type);
    return {
      monthNames: MONTHS.map((month) => names.format(dayOfYear(month))),
      monthFirst: order.indexOf('month') < order.indexOf('day'),
    };
  }, [format.locale]);

  const busy = save.isPending || remove.isPending;
  const errorText = (message: string | undefined) =>
    message === PICK.month || message === PICK.day ? t(`birthday.${message}`) : translateMessage(t, message);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const result = await save.mutateAsync(body);
      enqueueSnackbar(translateMessage(t, result.message || Msg.birthdaySaved), { variant: 'success' });
    } catch (failure) {
      if (!applyServerErrors(failure)) enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
    }
  });

  const onDelete = async () => {
    try {
      const result = await remove.mutateAsync();
      enqueueSnackbar(translateMessage(t, result.message || Msg.birthdayDeleted), { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
    }
  };

  const select = (name: 'month' | 'day', options: { value: number; label: string }[], size: object) => (
    <Grid key={name} size={size}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            required
            label={t(`birthday.${name}`)}
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            disabled={busy}
            error={Boolean(fieldState.error)}
            helperText={errorText(fieldState.error?.message)}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
          >
            {options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Grid>
  );
  const monthField = select(
    'month',
    MONTHS.map((month) => ({ value: month, label: monthNames[month - 1]! })),
    { xs: 12, sm: 5, md: 4 },
  );
  const dayField = select(
    'day',
    DAYS.map((day) => ({ value: day, label: format.number(day) })),
    { xs: 12, sm: 4, md: 3 },
  );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      {saved && (
        <Typography variant="body2">
          {t('birthday.current', {
            date: new Intl.DateTimeFormat(format.locale, {
              day: 'numeric',
              month: 'long',
              timeZone: 'UTC',
            }).format(dayOfYear(saved.month, saved.day)),
            agreed: format.date(saved.consentAt),
          })}
        </Typography>
      )}
      <Grid container spacing={2}>
        {monthFirst ? [monthField, dayField] : [dayField, monthField]}
      </Grid>
      <Controller
        control={control}
        name="consent"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              sx={{ alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: 1 } }}
              label={t('birthday.consent')}
              disabled={busy}
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{
                    input: {
                      ref: field.ref,
                      'aria-invalid': Boolean(fieldState.error),
                      'aria-describedby': fieldState.error ? consentHelpId : undefined,
                    },
                  }}
                />
              }
            />
            {fieldState.error && (
              <FormHelperText id={consentHelpId} sx={{ mt: 0 }}>
                {translateMessage(t, fieldState.error.message)}
              </FormHelperText>
            )}
          </FormControl>
        )}
      />
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1.5 }}
      >
        {saved && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlineOutlinedIcon />}
            onClick={() => void onDelete()}
            disabled={busy}
            loading={remove.isPending}
          >
            {t('birthday.delete')}
          </Button>
        )}
        <SubmitButton submitting={save.isPending}>{t('birthday.save')}</SubmitButton>
      </Stack>
    </Stack>
  );
}
