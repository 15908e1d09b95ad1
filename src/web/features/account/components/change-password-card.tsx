import { Box, Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import {
  type ChangePasswordBody,
  ChangePasswordBodySchema,
  withPasswordConfirmation,
} from '../../../../shared/schemas/account.schema';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useChangePassword } from '../api/change-password.api';
import { AccountFormCard } from './account-form-card';

// Same rules and messages as the server, plus "Passwords must match".
const ChangePasswordFormSchema = withPasswordConfirmation(ChangePasswordBodySchema, 'newPassword');
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

type FieldName = keyof typeof EMPTY;

/** Change-password form: current, new and confirmation; keeps this session on the fresh token. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset, applyServerErrors } = useApiForm(
    ChangePasswordFormSchema,
    {
      defaultValues: EMPTY,
    },
  );

  const onSubmit = handleSubmit(async (values) => {
    // withPasswordConfirmation's generic loses the field types; the schema has just checked them.
    const { currentPassword, newPassword } = values as ChangePasswordBody;
    try {
      const { message } = await change.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      if (!applyServerErrors(error)) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  const passwordField = (name: FieldName, autoComplete: string, hint?: string) => ({
    ...register(name),
    label: t(`accountPage.security.${name}`),
    type: 'password',
    autoComplete,
    required: true,
    fullWidth: true,
    error: Boolean(formState.errors[name]),
    helperText: formState.errors[name] ? translateMessage(t, formState.errors[name]?.message) : hint,
  });

  return (
    <AccountFormCard
      title={t('accountPage.security.title')}
      subtitle={t('accountPage.security.subtitle')}
      onSubmit={onSubmit}
    >
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <TextField {...passwordField('currentPassword', 'current-password')} />
        <TextField
          {...passwordField('newPassword', 'new-password', t('accountPage.security.newPasswordHelp'))}
        />
        <TextField {...passwordField('confirmPassword', 'new-password')} />
      </Stack>
      <Box>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {t('accountPage.security.submit')}
        </Button>
      </Box>
    </AccountFormCard>
  );
}
