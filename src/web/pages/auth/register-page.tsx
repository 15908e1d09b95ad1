import { Alert, Link, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Msg } from '../../../shared/messages';
import { RegistrationForm } from '../../features/account/components/registration-form';
import { AuthLayout } from '../../layouts/auth-layout';
import { translateMessage } from '../../lib/translate-message';

/**
 * /register: a customer signs up and is signed in at once; the verification link and a
 * password for later sign-ins arrive by email. This route is for guests, so the signed-in person
 * moves on by /redirect: to /waiting, which asks for the link and sends it again on request.
 */
export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { enqueueSnackbar } = useSnackbar();
  const [searchParams] = useSearchParams();
  const establishmentId = searchParams.get('establishment')?.trim() || undefined;

  return (
    <AuthLayout title={t('auth:register.title')} subtitle={t('auth:register.subtitle')}>
      <RegistrationForm
        establishmentId={establishmentId}
        onRegistered={() => enqueueSnackbar(translateMessage(t, Msg.registered), { variant: 'success' })}
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
