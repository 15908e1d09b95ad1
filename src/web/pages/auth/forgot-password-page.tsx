import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ForgotPasswordBodySchema } from '../../../shared/schemas/account.schema';
import { useForgotPassword } from '../../features/account/api/forgot-password.api';
import { AuthLayout } from '../../layouts/auth-layout';
import { apiErrorText } from '../../lib/api-error-text';
import { translateMessage } from '../../lib/translate-message';
import { useApiForm } from '../../lib/use-api-form';

/** /forgotpassword: asks for a link to set a new password, then shows the server's neutral answer. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { enqueueSnackbar } = useSnackbar();
  const forgot = useForgotPassword();
  // The server's answer once sent; the card then shows it instead of the form.
  const [answer, setAnswer] = useState<string | null>(null);
  const { register, handleSubmit, formState, applyServerErrors } = useApiForm(ForgotPasswordBodySchema, {
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await forgot.mutateAsync(values);
      setAnswer(message);
    } catch (error) {
      if (!applyServerErrors(error)) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  const backToLogin = (
    <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
      {t('auth:forgot.backToLogin')}
    </Link>
  );

  if (answer) {
    return (
      <AuthLayout
        title={t('auth:forgot.sentTitle')}
        subtitle={translateMessage(t, answer)}
        icon={<MarkEmailReadOutlined />}
        iconTone="success"
      >
        <Stack spacing={2.5} sx={{ textAlign: 'center' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('auth:forgot.sentHint')}
          </Typography>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            {t('auth:forgot.backToLogin')}
          </Button>
          <Button onClick={() => setAnswer(null)}>{t('auth:forgot.again')}</Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth:forgot.title')} subtitle={t('auth:forgot.subtitle')}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        <TextField
          label={t('auth:forgot.email')}
          type="email"
          autoComplete="email"
          autoFocus
          {...register('email')}
          error={Boolean(formState.errors.email)}
          helperText={translateMessage(t, formState.errors.email?.message)}
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t('auth:forgot.submit')}
        </Button>
        {backToLogin}
      </Stack>
    </AuthLayout>
  );
}
