import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import { Button, Divider, Link, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader';
import { useRefreshCurrentUser } from '../../features/account/api/current-user.api';
import { useResendVerification } from '../../features/account/api/verify-email.api';
import { AuthLayout } from '../../layouts/auth-layout';
import { apiErrorText } from '../../lib/api-error-text';
import { useSession } from '../../lib/session';
import { translateMessage } from '../../lib/translate-message';
import { useSignOut } from '../../lib/use-sign-out';

/**
 * /waiting, a public route (spec section 2): a signed-in user whose email is not verified yet is
 * asked to click the emailed link; a guest reads the same and is offered to sign in.
 */
export function WaitingPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { status, user } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const resend = useResendVerification();
  const refresh = useRefreshCurrentUser();
  const onSignOut = useSignOut({ replace: true });

  if (status === 'restoring') return <FullScreenLoader />;
  if (!user) return <GuestWaiting />;
  // Verified already (say, in another tab): nothing to wait for.
  if (user.emailVerified && !refresh.isPending) return <Navigate to="/redirect" replace />;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => enqueueSnackbar(translateMessage(t, message), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
    });

  const onVerified = () =>
    refresh.mutate(undefined, {
      onSuccess: (fresh) => {
        if (fresh.emailVerified) navigate('/redirect', { replace: true });
        else enqueueSnackbar(t('auth:waiting.notYet'), { variant: 'info' });
      },
      onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
    });

  return (
    <AuthLayout
      title={t('auth:waiting.title')}
      icon={<MailOutlineOutlined />}
      subtitle={
        <Trans
          t={t}
          i18nKey="auth:waiting.text"
          values={{ email: user.email }}
          components={{
            strong: (
              <Typography
                component="strong"
                sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}
              />
            ),
          }}
        />
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('auth:waiting.hint')}
        </Typography>
        <Button variant="contained" size="large" onClick={onVerified} disabled={refresh.isPending}>
          {t('auth:waiting.verified')}
        </Button>
        <Button variant="outlined" size="large" onClick={onResend} disabled={resend.isPending}>
          {t('auth:waiting.resend')}
        </Button>
        <Divider />
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('auth:waiting.otherAccount')}{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={onSignOut}
            sx={{ verticalAlign: 'baseline' }}
          >
            {t('auth:waiting.signOut')}
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}

/** A guest (signed out, or on another device) is told what to do with the email, then to sign in. */
function GuestWaiting() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('waiting.title')} icon={<MailOutlineOutlined />} subtitle={t('waiting.guestText')}>
      <Stack spacing={2}>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('waiting.guestHint')}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {t('waiting.signIn')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
