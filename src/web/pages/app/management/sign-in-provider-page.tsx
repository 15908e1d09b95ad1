import { Alert, CircularProgress, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { useProviderSettings } from '../../../features/sign-in-provider/api/sign-in-provider.api';
import { ProviderIdentitiesCard } from '../../../features/sign-in-provider/components/provider-identities-card';
import { ProviderSettingsCard } from '../../../features/sign-in-provider/components/provider-settings-card';

/**
 * /app/management/sign-in-provider (admins): staff sign-in through the company's identity
 * provider: who gets an account at a first sign-in, and the provider users linked to accounts.
 */
export function SignInProviderPage() {
  const { t } = useTranslation();
  const settings = useProviderSettings();
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('signInProvider.title')}
        subtitle={t('signInProvider.subtitle', { name: settings.data?.displayName ?? '…' })}
      />
      {settings.isError ? (
        <RetryAlert retryLabel={t('signInProvider.retry')} onRetry={() => void settings.refetch()}>
          {t('signInProvider.loadError')}
        </RetryAlert>
      ) : !settings.data ? (
        <CircularProgress aria-label={t('loading')} />
      ) : settings.data.configured ? (
        <>
          <ProviderSettingsCard settings={settings.data} />
          <ProviderIdentitiesCard />
        </>
      ) : (
        <Alert severity="info">{t('signInProvider.notConfigured')}</Alert>
      )}
    </Stack>
  );
}
