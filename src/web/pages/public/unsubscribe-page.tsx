import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import UnsubscribeOutlined from '@mui/icons-material/UnsubscribeOutlined';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { RetryAlert } from '../../components/retry-alert';
import { useUnsubscribeEmail, useUnsubscribeInfo } from '../../features/notify/api/unsubscribe.api';
import { AuthLayout } from '../../layouts/auth-layout';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { useSession } from '../../lib/session';
import { translateMessage } from '../../lib/translate-message';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /unsubscribe/:token: an email's "stop these emails" link. It asks before it stops anything (link
 * checkers open GET links) and needs no sign-in: the signed link is the proof.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const info = useUnsubscribeInfo(token);
  const stop = useUnsubscribeEmail(token);

  if (isNotFound(info.error) || isNotFound(stop.error)) return <InvalidLink />;

  if (info.error) {
    return (
      <AuthLayout title={t('unsubscribe.failedTitle')} icon={<LinkOffOutlined />} iconTone="error">
        <RetryAlert retryLabel={t('unsubscribe.retry')} onRetry={() => void info.refetch()}>
          {apiErrorText(t, info.error)}
        </RetryAlert>
      </AuthLayout>
    );
  }

  if (!info.data) {
    return (
      <AuthLayout title={t('unsubscribe.loadingTitle')} icon={<CircularProgress color="inherit" size={32} />}>
        <Box role="status" aria-live="polite" sx={{ textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{t('unsubscribe.loadingText')}</Typography>
        </Box>
      </AuthLayout>
    );
  }

  const { name } = info.data.establishment;

  if (stop.isSuccess || !info.data.emailing) {
    return (
      <AuthLayout
        title={
          stop.isSuccess ? translateMessage(t, stop.data.message) : t('unsubscribe.notEmailing', { name })
        }
        subtitle={t('unsubscribe.doneText', { name })}
        icon={<MarkEmailReadOutlined />}
        iconTone="success"
      >
        <Stack>
          <Button component={RouterLink} to="/app/account" variant="contained" size="large">
            {t('unsubscribe.manage')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('unsubscribe.title', { name })}
      subtitle={t('unsubscribe.text', { name })}
      icon={<UnsubscribeOutlined />}
      iconTone="warning"
    >
      <Stack spacing={2.5}>
        {stop.error && <Alert severity="error">{apiErrorText(t, stop.error)}</Alert>}
        <Button
          variant="contained"
          size="large"
          onClick={() => stop.mutate()}
          loading={stop.isPending}
          loadingPosition="start"
          startIcon={<UnsubscribeOutlined />}
        >
          {t('unsubscribe.stop')}
        </Button>
        <Button component={RouterLink} to="/app/account" size="large">
          {t('unsubscribe.manage')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

/** 404: a link made up, or for a business the person no longer follows. */
function InvalidLink() {
  const { t } = useTranslation();
  const { status } = useSession();
  return (
    <AuthLayout
      title={t('unsubscribe.invalidTitle')}
      subtitle={t('unsubscribe.invalidText')}
      icon={<LinkOffOutlined />}
      iconTone="error"
    >
      <Stack>
        <Button
          component={RouterLink}
          to={status === 'authenticated' ? '/redirect' : '/home'}
          variant="contained"
          size="large"
        >
          {t('unsubscribe.home')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
