import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { useVerifyEmail } from '../../features/account/api/verify-email.api';
import { PushPrompt } from '../../features/push/components/push-prompt';
import { AuthLayout } from '../../layouts/auth-layout';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { useSession } from '../../lib/session';
import { translateMessage } from '../../lib/translate-message';

/**
 * /verify/:token: uses the emailed verification token once and tells how it went. On a device with
 * no session a fresh link also signs the person in; signed in, the notification offer
 * follows, and Continue leads to their feed. A link opened again after it worked says the email
 * is already verified, and leads to sign in.
 */
export function VerifyPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token = '' } = useParams();
  const { status } = useSession();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The token is single use: React's StrictMode runs effects twice, and a second call would fail.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Wait for the stored session, so a signed-in user is re-read once verified.
    if (status === 'restoring' || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [status, token, mutate]);

  const signedIn = status === 'authenticated';

  if (verify.isSuccess) {
    // The link opened again once it had worked: confirmed already, which is no failure.
    const already = verify.data.alreadyVerified === true;
    return (
      <AuthLayout
        title={translateMessage(t, already ? Msg.alreadyVerified : Msg.verified)}
        subtitle={already ? t('auth:verify.alreadyText') : t('auth:verify.successText')}
        icon={<VerifiedOutlined />}
        iconTone="success"
      >
        <Stack spacing={2.5}>
          {/* Signed in here (or by the link): notifications on is the one step left. */}
          {signedIn && !already && <PushPrompt />}
          <Button
            component={RouterLink}
            to={already && !signedIn ? '/login' : '/redirect'}
            variant="contained"
            size="large"
          >
            {signedIn ? t('auth:verify.continue') : t('auth:verify.signIn')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (verify.isError) {
    const { error } = verify;
    const tokenRejected = error instanceof ApiError && error.code === ErrorCode.TOKEN_INVALID;
    return (
      <AuthLayout
        title={t('auth:verify.failedTitle')}
        subtitle={tokenRejected ? t('auth:verify.failedHint') : undefined}
        icon={<LinkOffOutlined />}
        iconTone="error"
      >
        <Stack spacing={2.5}>
          <Alert severity="error">
            {tokenRejected ? translateMessage(t, Msg.tokenInvalid) : apiErrorText(t, error)}
          </Alert>
          <Button
            component={RouterLink}
            to={signedIn ? '/redirect' : '/login'}
            variant="contained"
            size="large"
          >
            {signedIn ? t('auth:verify.continue') : t('auth:verify.toLogin')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth:verify.loadingTitle')} icon={<CircularProgress color="inherit" size={32} />}>
      <Box role="status" aria-live="polite" sx={{ textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('auth:verify.loadingText')}</Typography>
      </Box>
    </AuthLayout>
  );
}
