import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Button, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordBodySchema } from '../../../shared/schemas/account.schema';
import { useForgotPassword } from '../../features/account/api/forgot-password.api';
import { AuthFormLayout, BackToLoginLink } from '../../layouts/auth-form-layout';
import { AuthSuccessLayout } from '../../layouts/auth-success-layout';
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
  const { fieldProps, handleSubmit, formState, applyServerErrors } = useApiForm(ForgotPasswordBodySchema, {
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

  if (answer) {
    return (
      <AuthSuccessLayout
        title={t('auth:forgot.sentTitle')}
        subtitle={translateMessage(t, answer)}
        icon={<MarkEmailReadOutlined />}
        hint={t('auth:forgot.sentHint')}
        loginLabel={t('auth:forgot.backToLogin')}
      >
        <Button onClick={() => setAnswer(null)}>{t('auth:forgot.again')}</Button>
      </AuthSuccessLayout>
    );
  }

  return (
    <AuthFormLayout
      title={t('auth:forgot.title')}
      subtitle={t('auth:forgot.subtitle')}
      onSubmit={onSubmit}
      submitLabel={t('auth:forgot.submit')}
      submitting={formState.isSubmitting}
      footer={<BackToLoginLink>{t('auth:forgot.backToLogin')}</BackToLoginLink>}
    >
      <TextField
        label={t('auth:forgot.email')}
        type="email"
        autoComplete="email"
        autoFocus
        {...fieldProps('email')}
      />
    </AuthFormLayout>
  );
}
