import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useEmailHealth } from '../../../features/email-health/api/email-health.api';
import { EmailHealthView } from '../../../features/email-health/components/email-health-view';
import { EmailPausesCard } from '../../../features/email-health/components/email-pauses-card';

/**
 * /app/management/email-health (admins): the SPF, DKIM and DMARC records for MAIL_FROM's domain,
 * checked live, and the businesses whose email is paused for their spam complaints.
 */
export function EmailHealthPage() {
  const { t } = useTranslation();
  const query = useEmailHealth();
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('emailHealth.title')}
        subtitle={t('emailHealth.subtitle', { domain: query.data?.mailFromDomain ?? '…' })}
      />
      {query.data ? (
        <EmailHealthView
          health={query.data}
          onCheckAgain={() => void query.refetch()}
          checking={query.isFetching}
        />
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              {t('emailHealth.retry')}
            </Button>
          }
        >
          {t('emailHealth.loadError')}
        </Alert>
      ) : (
        <CircularProgress aria-label={t('loading')} />
      )}
      <EmailPausesCard />
    </Stack>
  );
}
