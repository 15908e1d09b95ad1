import NotificationsPausedOutlinedIcon from '@mui/icons-material/NotificationsPausedOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Divider,
  Grid,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import {
  type NotificationLimits,
  NotificationLimitsBodySchema,
  notificationLimitProblems,
} from '../../../../shared/schemas/notification-limits.schema';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useSetNotificationLimits } from '../api/notification-limits.api';

type Field = 'perDay' | 'perWeek';
type Values = Record<Field, string>;

const valuesOf = (limits: NotificationLimits): Values => ({
  perDay: limits.perDay === null ? '' : String(limits.perDay),
  perWeek: limits.perWeek === null ? '' : String(limits.perWeek),
});

/** The body to send, or the message per field the server would answer (empty: the default). */
function check(values: Values, limits: NotificationLimits) {
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  const parsed = NotificationLimitsBodySchema.safeParse({
    perDay: number(values.perDay),
    perWeek: number(values.perWeek),
  });
  if (!parsed.success) {
    const errors: Partial<Values> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
    return { errors };
  }
  const errors = notificationLimitProblems(parsed.data, limits);
  return Object.keys(errors).length > 0 ? { errors } : { body: parsed.data };
}

/**
 * "Notifications per follower: at most N a day and M a week", on the profile tab of who may edit
 * the establishment: empty fields are the platform's defaults, which the help beside each says
 * with the most it allows. Checked here as the server checks it; the server's word wins.
 */
export function NotificationLimitsCard({
  establishment,
  locked,
}: {
  establishment: Establishment;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const id = useId();
  const limits = establishment.notificationLimits;
  const save = useSetNotificationLimits(establishment.id);
  const [values, setValues] = useState<Values>(() => valuesOf(limits));
  const [errors, setErrors] = useState<Partial<Values>>({});

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(values, limits);
    setErrors(checked.errors ?? {});
    if (!checked.body) return;
    try {
      const { establishment: saved, message } = await save.mutateAsync(checked.body);
      setValues(valuesOf(saved.notificationLimits));
      enqueueSnackbar(translateMessage(t, message ?? Msg.notificationLimitsSaved), { variant: 'success' });
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0)
        setErrors(failure.fields as Partial<Values>);
      else enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
    }
  };

  const field = (name: Field, unit: 'Day' | 'Week') => {
    const error = translateMessage(t, errors[name]);
    return (
      <TextField
        label={t(`establishmentPage.notificationLimits.per${unit}`)}
        name={name}
        type="number"
        fullWidth
        value={values[name]}
        onChange={change(name)}
        error={Boolean(error)}
        helperText={
          error ||
          t(`establishmentPage.notificationLimits.per${unit}Hint`, {
            default: limits[`defaultPer${unit}`],
            max: limits[`maxPer${unit}`],
          })
        }
        slotProps={{ htmlInput: { min: 1, max: limits[`maxPer${unit}`], step: 1, inputMode: 'numeric' } }}
      />
    );
  };

  return (
    <Card variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <NotificationsPausedOutlinedIcon color="action" aria-hidden />
          <Typography id={`${id}-title`} variant="h6" component="h2">
            {t('establishmentPage.notificationLimits.title')}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
          {t('establishmentPage.notificationLimits.help')}
        </Typography>
        {!limits.guard && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('establishmentPage.notificationLimits.guardOff')}
          </Alert>
        )}
        <Box
          component="fieldset"
          disabled={locked}
          sx={{ border: 0, p: 0, m: 0, minWidth: 0, opacity: locked ? 0.6 : 1 }}
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>{field('perDay', 'Day')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('perWeek', 'Week')}</Grid>
          </Grid>
        </Box>
      </CardContent>
      <Divider />
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, py: 1.5 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveOutlinedIcon />}
          disabled={locked || save.isPending}
          loading={save.isPending}
        >
          {t('establishmentPage.notificationLimits.save')}
        </Button>
      </CardActions>
    </Card>
  );
}
