import { Box, Card, CardContent, Link, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Msg } from '../../../../shared/messages';
import { AddMemberBodySchema } from '../../../../shared/schemas/establishment.schema';
import { EstablishmentPicker, type PickedEstablishment } from '../../../components/establishment-picker';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { useAddMember } from '../../../features/establishments/api/members.api';
import { EstablishmentAvatar } from '../../../features/establishments/components/establishment-avatar';
import { EstablishmentStatusChip } from '../../../features/establishments/components/establishment-status-chip';
import { useEstablishment } from '../../../lib/api/establishments.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';

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
  const [establishment, setEstablishment] = useState<PickedEstablishment | null>(null);
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
              label={t('management.addMember.establishment')}
              required
              value={establishment}
              loading={preset.isLoading}
              onChange={(next) => {
                setEstablishment(next);
                if (next) setEstablishmentMissing(false);
              }}
              error={establishmentMissing}
              helperText={
                establishmentMissing
                  ? t('management.addMember.chooseEstablishment')
                  : t('management.addMember.establishmentHelp')
              }
              optionStart={(option) => (
                <EstablishmentAvatar
                  establishment={{ name: option.name, logo: option.logo ?? null }}
                  size={32}
                />
              )}
              optionEnd={(option) =>
                option.status &&
                option.status !== 'active' && <EstablishmentStatusChip status={option.status} />
              }
              texts={{
                loading: t('management.addMember.loading'),
                noOptions: t('management.addMember.noOptions'),
                open: t('management.addMember.openList'),
                close: t('management.addMember.closeList'),
                clear: t('management.addMember.clear'),
              }}
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
