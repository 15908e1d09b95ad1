import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderIdentity } from '../../../../shared/schemas/sign-in-provider.schema';
import { RelativeTime } from '../../../components/relative-time';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useChangeProviderIdentity, useProviderIdentities } from '../api/sign-in-provider.api';

/** The provider users linked to accounts: each one's account, and turning their sign-in off, on, or unlinking. */
export function ProviderIdentitiesCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const identities = useProviderIdentities(true);
  const change = useChangeProviderIdentity();
  const { enqueueSnackbar } = useSnackbar();
  const items = identities.data?.items ?? [];

  const act = (item: ProviderIdentity, what: { disabled: boolean } | 'remove') =>
    change.mutate(
      { id: item.id, change: what },
      {
        onSuccess: (answer) => enqueueSnackbar(translateMessage(t, answer.message), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
      },
    );

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('signInProvider.linksTitle')}
          </Typography>
          {identities.isError ? (
            <RetryAlert retryLabel={t('signInProvider.retry')} onRetry={() => void identities.refetch()}>
              {t('signInProvider.loadError')}
            </RetryAlert>
          ) : identities.isPending ? (
            <CircularProgress size={24} aria-label={t('loading')} />
          ) : items.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('signInProvider.empty')}</Typography>
          ) : (
            <List disablePadding>
              {items.map((item) => (
                <ListItem key={item.id} divider disableGutters sx={{ gap: 2, flexWrap: 'wrap' }}>
                  <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 500 }}>{item.name || item.accountEmail}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {t('signInProvider.providerEmail')}: {item.email}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('signInProvider.lastSignIn')}:{' '}
                      {item.lastSignInAt ? (
                        <RelativeTime iso={item.lastSignInAt} />
                      ) : (
                        t('signInProvider.never')
                      )}
                    </Typography>
                  </Box>
                  <Chip
                    size="small"
                    color={item.disabled ? 'default' : 'success'}
                    variant="outlined"
                    label={item.disabled ? t('signInProvider.off') : t('signInProvider.active')}
                  />
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={change.isPending}
                      onClick={() => act(item, { disabled: !item.disabled })}
                      aria-label={t(
                        item.disabled ? 'signInProvider.enableLabel' : 'signInProvider.disableLabel',
                        {
                          name: item.name || item.accountEmail,
                        },
                      )}
                    >
                      {item.disabled ? t('signInProvider.enable') : t('signInProvider.disable')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={change.isPending}
                      onClick={() => act(item, 'remove')}
                      aria-label={t('signInProvider.removeLabel', { name: item.name || item.accountEmail })}
                    >
                      {t('signInProvider.remove')}
                    </Button>
                  </Stack>
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
