import {
  Autocomplete,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Msg } from '../../../../shared/messages';
import { AddMemberBodySchema, type EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { PageHeader } from '../../../components/page-header';
import { moreToFind, PickerFooterPaper } from '../../../components/picker-footer-paper';
import { SubmitButton } from '../../../components/submit-button';
import { useAddMember } from '../../../features/establishments/api/members.api';
import { EstablishmentAvatar } from '../../../features/establishments/components/establishment-avatar';
import { EstablishmentStatusChip } from '../../../features/establishments/components/establishment-status-chip';
import { useEstablishment, useEstablishments } from '../../../lib/api/establishments.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

type Kind = 'client' | 'customer';
const LIST = '/app/management/establishment';
const EmailSchema = AddMemberBodySchema.pick({ email: true });

/** /app/management/establishment/addclient (admin): make an existing user a client (operator) of an establishment. */
export function AddClientPage() {
  return <AddMemberPage kind="client" />;
}

/** /app/management/establishment/adduser (admin): make an existing user a follower of an establishment. */
export function AddUserPage() {
  return <AddMemberPage kind="customer" />;
}

/** Pick an establishment and a user's email; the user joins it as a client or a follower. */
function AddMemberPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [params] = useSearchParams();
  const [establishment, setEstablishment] = useState<EstablishmentView | null>(null);
  const [establishmentMissing, setEstablishmentMissing] = useState(false);
  const add = useAddMember();
  const { register, handleSubmit, formState, reset, applyServerErrors } = useApiForm(EmailSchema, {
    defaultValues: { email: '' },
  });
  const copy = `management.addMember.${kind}`;

  // The detail page links here with ?establishment=<id>: start with that one chosen.
  const preset = useEstablishment(params.get('establishment') ?? undefined);
  useEffect(() => {
    if (preset.data) setEstablishment((current) => current ?? preset.data);
  }, [preset.data]);

  const submit = handleSubmit(async ({ email }) => {
    if (!establishment) return;
    try {
      const { message } = await add.mutateAsync({ establishmentId: establishment.id, email, kind });
      // Already linked that way: nothing changed, which is news but not a success.
      enqueueSnackbar(translateMessage(t, message ?? Msg.userUpdated), {
        variant: message === Msg.alreadyLinked ? 'info' : 'success',
      });
      reset({ email: '' });
    } catch (error) {
      // 404 puts "No account uses this email." beside the email field.
      if (!applyServerErrors(error)) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Both fields show their errors at once, not the establishment only after the email is fixed.
    setEstablishmentMissing(!establishment);
    return submit(event);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <PageHeader
        back={{ to: LIST, label: t('management.form.backToList') }}
        title={t(`${copy}.title`)}
        subtitle={t(`${copy}.subtitle`)}
      />
      <Card>
        <CardContent>
          <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
            <EstablishmentPicker
              value={establishment}
              loadingPreset={preset.isLoading}
              onChange={(next) => {
                setEstablishment(next);
                if (next) setEstablishmentMissing(false);
              }}
              error={establishmentMissing}
            />
            <TextField
              label={t('management.addMember.email')}
              type="email"
              required
              autoComplete="off"
              {...register('email')}
              error={Boolean(formState.errors.email)}
              helperText={
                formState.errors.email
                  ? translateMessage(t, formState.errors.email.message)
                  : t(`${copy}.emailHelp`)
              }
            />
            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Box>
                {establishment && (
                  <Link component={RouterLink} to={`${LIST}/${encodeURIComponent(establishment.id)}`}>
                    {t('management.addMember.openEstablishment', { name: establishment.name })}
                  </Link>
                )}
              </Box>
              <SubmitButton submitting={formState.isSubmitting}>{t(`${copy}.submit`)}</SubmitButton>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}

interface PickerProps {
  value: EstablishmentView | null;
  onChange: (value: EstablishmentView | null) => void;
  error: boolean;
  loadingPreset: boolean;
}

/** An establishment search: the typed text goes to the server as `q`. */
function EstablishmentPicker({ value, onChange, error, loadingPreset }: PickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(input.trim());
  // While an option is chosen the input shows its name; searching by it would hide the others.
  const search = value && q === value.name ? '' : q;
  const { data, isFetching } = useEstablishments({ q: search, sort: 'name', pageSize: 20 });
  const options = data?.items ?? [];

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      // The server already filtered by the typed text.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={isFetching || loadingPreset}
      loadingText={t('management.addMember.loading')}
      noOptionsText={t('management.addMember.noOptions')}
      openText={t('management.addMember.openList')}
      closeText={t('management.addMember.closeList')}
      clearText={t('management.addMember.clear')}
      slots={{ paper: PickerFooterPaper }}
      slotProps={{ paper: { footer: moreToFind(t, options.length, data?.total) } }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <EstablishmentAvatar establishment={option} size={32} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography noWrap>{option.name}</Typography>
            <Typography variant="body2" color="textSecondary" noWrap>
              {option.city}
            </Typography>
          </Box>
          {option.status !== 'active' && <EstablishmentStatusChip status={option.status} />}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('management.addMember.establishment')}
          required
          error={error}
          helperText={
            error
              ? t('management.addMember.chooseEstablishment')
              : t('management.addMember.establishmentHelp')
          }
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {(isFetching || loadingPreset) && open ? (
                    <CircularProgress color="inherit" size={18} />
                  ) : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
