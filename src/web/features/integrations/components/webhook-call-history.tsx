import { Box, Button, Chip, List, ListItem, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookCall } from '../../../../shared/schemas/webhook.schema';
import { ListSkeleton } from '../../../components/list-skeleton';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useRefreshWebhook, useResendWebhookDelivery, useWebhookCalls } from '../api/webhooks.api';
import { MONOSPACE } from './monospace';
import { eventName, webhookErrorText } from './webhook-dialogs';

/** A webhook's last calls, newest first, each with "Resend". */
export function CallHistory({ establishmentId, webhookId }: { establishmentId: string; webhookId: string }) {
  const { t } = useTranslation();
  const calls = useWebhookCalls(establishmentId, webhookId, true);
  const refresh = useRefreshWebhook(establishmentId, webhookId);
  const titleId = useId();
  const items = calls.data?.items;
  return (
    <Box sx={{ mt: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={titleId} variant="subtitle2" component="h3">
          {t('integrations.webhooks.history')}
        </Typography>
        <Button size="small" onClick={() => void refresh()} disabled={calls.isFetching}>
          {t('integrations.webhooks.calls.refresh')}
        </Button>
      </Box>
      {calls.error && !items ? (
        <RetryAlert retryLabel={t('integrations.webhooks.retry')} onRetry={() => void calls.refetch()}>
          {apiErrorText(t, calls.error)}
        </RetryAlert>
      ) : !items ? (
        <Box role="status" aria-busy aria-label={t('integrations.webhooks.calls.loading')}>
          <ListSkeleton rows={2} picture="rounded" />
        </Box>
      ) : items.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {t('integrations.webhooks.calls.empty')}
        </Typography>
      ) : (
        <List aria-labelledby={titleId} disablePadding dense>
          {items.map((call) => (
            <CallRow key={call.id} establishmentId={establishmentId} webhookId={webhookId} call={call} />
          ))}
        </List>
      )}
    </Box>
  );
}

function CallRow({
  establishmentId,
  webhookId,
  call,
}: {
  establishmentId: string;
  webhookId: string;
  call: WebhookCall;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { enqueueSnackbar } = useSnackbar();
  const resend = useResendWebhookDelivery(establishmentId, webhookId);
  const onResend = () =>
    resend.mutate(call.deliveryId, {
      onSuccess: () => enqueueSnackbar(t('integrations.webhooks.calls.resent'), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(webhookErrorText(t, error), { variant: 'error' }),
    });
  const answer = call.error ?? call.excerpt;
  return (
    <ListItem
      divider
      disableGutters
      sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Chip
            size="small"
            color={call.ok ? 'success' : 'error'}
            label={
              call.ok
                ? t('integrations.webhooks.calls.ok', { status: call.status ?? '' }).trim()
                : t('integrations.webhooks.calls.failed', {
                    status: call.status ?? t('integrations.webhooks.calls.noAnswer'),
                  })
            }
          />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {eventName(t, call.eventType)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {format.date(call.at, { withTime: true })} ·{' '}
            {t('integrations.webhooks.calls.duration', { ms: call.durationMs })} ·{' '}
            {t(`integrations.webhooks.calls.state.${call.deliveryState}`)}
          </Typography>
        </Box>
        {answer && (
          <Typography
            variant="body2"
            color="textSecondary"
            dir="ltr"
            sx={{ fontFamily: MONOSPACE, fontSize: 12, overflowWrap: 'anywhere', mt: 0.25 }}
          >
            {answer}
          </Typography>
        )}
      </Box>
      <Button
        size="small"
        onClick={onResend}
        disabled={resend.isPending}
        aria-label={t('integrations.webhooks.calls.resendLabel', { event: eventName(t, call.eventType) })}
        sx={{ ml: 'auto', flexShrink: 0 }}
      >
        {t('integrations.webhooks.calls.resend')}
      </Button>
    </ListItem>
  );
}
