import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import { Autocomplete, Button, Chip, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import {
  type AccountTimeZone,
  type AccountTimeZoneBody,
  AccountTimeZoneBodySchema,
} from '../../../../shared/schemas/time-zone.schema';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { deviceTimeZone, zoneLabel, zoneOptions } from '../../../lib/time-zones';
import { translateMessage } from '../../../lib/translate-message';
import { useCan } from '../../../lib/use-can';
import { useAccountTimeZone, useSetAccountTimeZone } from '../api/time-zone.api';
import { SettingCard } from './setting-card';

/**
 * "Time zone" on the account page: the zone sends "at 17:00 each follower's local time" reach the
 * user by, as their device reports it or as they chose it; they choose one (kept whatever the device
 * says) or follow the device again (GET and PUT /api/account/time-zone). Shown to whom can() lets
 * receive pushes, beside the quiet hours.
 */
export function TimeZoneCard() {
  const can = useCan();
  const allowed = can('push:subscribe');
  const saved = useAccountTimeZone(allowed);
  if (!allowed) return null;

  return (
    <SettingCard
      section="timeZone"
      query={{ error: saved.error, data: saved.data?.timeZone, refetch: saved.refetch }}
      skeleton={
        <Stack spacing={1.5} aria-busy>
          <Skeleton width="50%" />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      }
    >
      {(data) => (
        // A fresh form whenever the saved zone changes, so it starts from what the server has.
        <TimeZoneForm key={JSON.stringify(data)} saved={data} />
      )}
    </SettingCard>
  );
}

function TimeZoneForm({ saved }: { saved: AccountTimeZone }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSetAccountTimeZone();
  const device = deviceTimeZone();
  const [zone, setZone] = useState(saved.timeZone ?? device ?? 'UTC');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'save' | 'device' | null>(null);
  const zones = useMemo(() => zoneOptions(zone), [zone]);
  const busy = pending !== null;

  const send = async (body: AccountTimeZoneBody, which: 'save' | 'device') => {
    setPending(which);
    try {
      const result = await save.mutateAsync(body);
      const fallback = body.timeZone === null ? Msg.timeZoneFollowsDevice : Msg.timeZoneSaved;
      enqueueSnackbar(translateMessage(t, result.message || fallback), { variant: 'success' });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields.timeZone : undefined;
      if (field) setError(field);
      else enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
    } finally {
      setPending(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own check first: a zone this browser does not know is said beside the field.
    const checked = AccountTimeZoneBodySchema.safeParse({ timeZone: zone });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? Msg.chooseTimeZone);
      return;
    }
    void send(checked.data, 'save');
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      {saved.timeZone ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography variant="body2">
            {t('timeZone.current', { zone: zoneLabel(saved.timeZone) })}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            icon={saved.chosen ? undefined : <DevicesOutlinedIcon />}
            label={saved.chosen ? t('timeZone.chosen') : t('timeZone.followsDevice')}
          />
        </Stack>
      ) : (
        <Typography variant="body2">{t('timeZone.unknown')}</Typography>
      )}
      <Autocomplete<string, false, true>
        options={zones}
        value={zone}
        onChange={(_event, next) => {
          setZone(next);
          setError(null);
        }}
        getOptionLabel={zoneLabel}
        disableClearable
        autoHighlight
        disabled={busy}
        noOptionsText={t('timeZone.noZone')}
        sx={{ maxWidth: { sm: 420 } }}
        renderInput={(params) => (
          <TextField
            {...params}
            name="timeZone"
            label={t('timeZone.field')}
            required
            error={Boolean(error)}
            helperText={
              error
                ? translateMessage(t, error)
                : saved.chosen && device
                  ? t('timeZone.keptHelp', { zone: zoneLabel(device) })
                  : t('timeZone.fieldHelp')
            }
          />
        )}
      />
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1.5 }}
      >
        {saved.chosen && (
          <Button
            variant="outlined"
            startIcon={<DevicesOutlinedIcon />}
            onClick={() => void send({ timeZone: null }, 'device')}
            disabled={busy}
            loading={pending === 'device'}
          >
            {t('timeZone.followDevice')}
          </Button>
        )}
        <SubmitButton submitting={pending === 'save'}>{t('timeZone.save')}</SubmitButton>
      </Stack>
    </Stack>
  );
}
