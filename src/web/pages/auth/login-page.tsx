import { Alert, Link, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { LoginBodySchema } from '../../../shared/schemas/account.schema';
import { ProviderSignIn } from '../../features/sign-in-provider/provider-sign-in';
import { AuthFormLayout } from '../../layouts/auth-form-layout';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useApiForm } from '../../lib/use-api-form';

/** /login: sign in, with links to the forgotten-password and registration pages. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const { fieldProps, handleSubmit, formState, applyServerErrors } = useApiForm(LoginBodySchema, {
    defaultValues: { email: '', password: '' },
  });
  const from = (location.state as { from?: string } | null)?.from;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login(values);
      navigate(from ?? '/redirect', { replace: true });
    } catch (error) {
      if (applyServerErrors(error)) return;
      const code = error instanceof ApiError ? error.code : 'INTERNAL';
      setFailure(
        code === 'INVALID_CREDENTIALS' ? t('auth:errors.INVALID_CREDENTIALS') : t(`common:errors.${code}`),
      );
    }
  });

  return (
    <AuthFormLayout
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle')}
      onSubmit={onSubmit}
      submitLabel={t('auth:login.submit')}
      submitting={formState.isSubmitting}
      footer={
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/forgotpassword">
            {t('auth:login.forgot')}
          </Link>
          <Link component={RouterLink} to="/register">
            {t('auth:login.create')}
          </Link>
        </Stack>
      }
    >
      <ProviderSignIn />
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label={t('auth:login.email')}
        type="email"
        autoComplete="email"
        autoFocus
        {...fieldProps('email')}
      />
      <TextField
        label={t('auth:login.password')}
        type="password"
        autoComplete="current-password"
        {...fieldProps('password')}
      />
    </AuthFormLayout>
  );
}
