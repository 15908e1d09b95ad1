import { Alert, AlertTitle, Button, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Trans, useTranslation } from 'react-i18next';
import type { User } from '../../../../shared/schemas/account.schema';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useRefreshCurrentUser } from '../api/current-user.api';
import { useResendVerification } from '../api/verify-email.api';

/**
 * In place of a screen whose figures wait for the confirmed email (an unconfirmed representative's
 * dashboard): where the link went, send it again, and "I have verified", which re-reads the user so
 * that the screen shows at once. The rest of the app stays in reach, unlike /waiting.
 */
export function VerifyEmailBanner({ user }: { user: User }) {
  const { t } = useTranslation(['auth', 'common']);
  const { enqueueSnackbar } = useSnackbar();
  const resend = useResendVerification();
  const refresh = useRefreshCurrentUser();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => enqueueSnackbar(translateMessage(t, message), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
    });
  const onVerified = () =>
    refresh.mutate(undefined, {
      onSuccess: (fresh) => {
        if (!fresh.emailVerified) enqueueSnackbar(t('auth:waiting.notYet'), { variant: 'info' });
      },
      onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
    });
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
    >
      <AlertTitle>{t('auth:waiting.reportsTitle')}</AlertTitle>
      <Trans
        t={t}
        i18nKey="auth:waiting.reportsText"
        values={{ email: user.email }}
        components={{ strong: <Typography component="strong" variant="inherit" sx={{ fontWeight: 600 }} /> }}
      />
      {/* Under the text, not beside it: beside, they squeeze the text into a column on a phone. */}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          onClick={onVerified}
          disabled={refresh.isPending}
        >
          {t('auth:waiting.verified')}
        </Button>
        <Button color="inherit" size="small" onClick={onResend} disabled={resend.isPending}>
          {t('auth:waiting.resend')}
        </Button>
      </Stack>
    </Alert>
  );
}
