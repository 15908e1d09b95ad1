import { Alert, AlertTitle, Button } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useResendVerification } from '../api/verify-email.api';

/**
 * Right after registering: the person is signed in, but nothing reaches them until the
 * emailed link confirms their address. Says so, where the email went, and sends it again on request.
 */
export function ConfirmEmailNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => enqueueSnackbar(translateMessage(t, message), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
    });
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
    >
      <AlertTitle>{t('confirmEmail.title')}</AlertTitle>
      {t('confirmEmail.text', { email })}
      {/* Under the text, not beside it: beside, it squeezes the text into a column on a phone. */}
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        onClick={onResend}
        disabled={resend.isPending}
        sx={{ display: 'flex', mt: 1.5 }}
      >
        {t('confirmEmail.resend')}
      </Button>
    </Alert>
  );
}
