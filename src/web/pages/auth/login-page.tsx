import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { LoginBodySchema } from '../../../shared/schemas/account.schema';
import { AuthLayout } from '../../layouts/auth-layout';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { translateMessage } from '../../lib/translate-message';
import { useApiForm } from '../../lib/use-api-form';

/** /login: sign in, with links to the forgotten-password and registration pages. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, applyServerErrors } = useApiForm(LoginBodySchema, {
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

  const fieldError = (name: 'email' | 'password') => translateMessage(t, formState.errors[name]?.message);

  return (
    <AuthLayout title={t('auth:login.title')} subtitle={t('auth:login.subtitle')}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label={t('auth:login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          {...register('email')}
          error={Boolean(formState.errors.email)}
          helperText={fieldError('email')}
        />
        <TextField
          label={t('auth:login.password')}
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={Boolean(formState.errors.password)}
          helperText={fieldError('password')}
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t('auth:login.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/forgotpassword">
            {t('auth:login.forgot')}
          </Link>
          <Link component={RouterLink} to="/register">
            {t('auth:login.create')}
          </Link>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
