import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import { Alert, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Msg } from '../../../shared/messages';
import { RegistrationForm } from '../../features/account/components/registration-form';
import { AuthLayout } from '../../layouts/auth-layout';
import { AuthSuccessLayout } from '../../layouts/auth-success-layout';
import { translateMessage } from '../../lib/translate-message';

/** /register: a customer signs up; the password and the verification link arrive by email. */
export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [searchParams] = useSearchParams();
  const establishmentId = searchParams.get('establishment')?.trim() || undefined;
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  if (registeredEmail) {
    return (
      <AuthSuccessLayout
        title={translateMessage(t, Msg.registered)}
        subtitle={t('auth:register.successText', { email: registeredEmail })}
        icon={<HowToRegOutlined />}
        hint={t('auth:register.successHint')}
        loginLabel={t('auth:register.goToLogin')}
      />
    );
  }

  return (
    <AuthLayout title={t('auth:register.title')} subtitle={t('auth:register.subtitle')}>
      <RegistrationForm
        establishmentId={establishmentId}
        onRegistered={setRegisteredEmail}
        header={establishmentId && <Alert severity="info">{t('auth:register.followHint')}</Alert>}
        footer={
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('auth:register.haveAccount')}{' '}
            {/* Inside a sentence: underlined, so it is told apart from the text without relying on colour. */}
            <Link component={RouterLink} to="/login" underline="always">
              {t('auth:register.signIn')}
            </Link>
          </Typography>
        }
      />
    </AuthLayout>
  );
}
