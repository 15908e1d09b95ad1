import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { ResetPasswordBodySchema } from '../../../shared/schemas/account.schema';
import { useResetPassword } from '../../features/account/api/reset-password.api';
import { AuthFormLayout, BackToLoginLink } from '../../layouts/auth-form-layout';
import { AuthLayout } from '../../layouts/auth-layout';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { translateMessage } from '../../lib/translate-message';
import { useApiForm } from '../../lib/use-api-form';

// Derived from the shared schema, so "Must be at least 7 characters" and "Passwords must match" are
// written once. Not withPasswordConfirmation(): its generic signature loses the field types (the
// output becomes { [x: string]: unknown }), so this repeats its one refine with the same message.
const NewPasswordFormSchema = ResetPasswordBodySchema.pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: Msg.passwordsMustMatch,
    path: ['confirmPassword'],
  });

/** /newpassword/:token: set a new password with the emailed single-use token. */
export function NewPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const reset = useResetPassword();
  const [tokenRejected, setTokenRejected] = useState(false);
  const { fieldProps, handleSubmit, formState, applyServerErrors } = useApiForm(NewPasswordFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      enqueueSnackbar(translateMessage(t, Msg.passwordUpdated), { variant: 'success' });
      navigate('/login', { replace: true });
    } catch (error) {
      // The token is not a field of this form: an unknown or used one gets its own state.
      if (error instanceof ApiError && error.code === ErrorCode.TOKEN_INVALID) setTokenRejected(true);
      else if (!applyServerErrors(error)) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  if (tokenRejected) {
    return (
      <AuthLayout
        title={t('auth:newPassword.invalidTitle')}
        icon={<LinkOffOutlined />}
        iconTone="error"
        subtitle={t('auth:newPassword.invalidHint')}
      >
        <Stack spacing={2.5}>
          <Alert severity="error">{translateMessage(t, Msg.tokenInvalid)}</Alert>
          <Button component={RouterLink} to="/forgotpassword" variant="contained" size="large">
            {t('auth:newPassword.requestNew')}
          </Button>
          <BackToLoginLink>{t('auth:newPassword.backToLogin')}</BackToLoginLink>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthFormLayout
      title={t('auth:newPassword.title')}
      subtitle={t('auth:newPassword.subtitle')}
      onSubmit={onSubmit}
      submitLabel={t('auth:newPassword.submit')}
      submitting={formState.isSubmitting}
      footer={<BackToLoginLink>{t('auth:newPassword.backToLogin')}</BackToLoginLink>}
    >
      <TextField
        label={t('auth:newPassword.password')}
        type="password"
        autoComplete="new-password"
        autoFocus
        {...fieldProps('password')}
      />
      <TextField
        label={t('auth:newPassword.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...fieldProps('confirmPassword')}
      />
    </AuthFormLayout>
  );
}
