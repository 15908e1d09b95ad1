import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import WebhookIcon from '@mui/icons-material/Webhook';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  FormControlLabel,
  List,
  ListItem,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookCall } from '../../../../shared/schemas/webhook.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListCard } from '../../../components/list-card';
import { ListSkeleton } from '../../../components/list-skeleton';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { useDialogAction } from '../../../lib/use-dialog-action';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import {
  useDeleteWebhook,
  useRefreshWebhook,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookCalls,
  useWebhooks,
} from '../api/webhooks.api';
import { CreateWebhookDialog, eventName, WebhookSecretDialog, webhookErrorText } from './webhook-dialogs';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * An establishment's outgoing webhooks, for its operators: each one's URL, events, state,
 * what it still owes and its last call; adding one (its signing secret shown once), turning it off
 * and on, a test event, rotating the secret, deleting, and its call history with "Resend".
 */
export function WebhooksCard({
  establishmentId,
  canCreate = true,
}: {
  establishmentId: string;
  canCreate?: boolean;
}) {
  const { t } = useTranslation();
  const hooks = useWebhooks(establishmentId);
  const title = useRef<HTMLHeadingElement>(null);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <ListCard
      title={t('integrations.webhooks.title')}
      subtitle={t('integrations.webhooks.subtitle')}
      titleRef={title}
      // Not offered while the establishment is blocked (can(): webhook:create).
      action={
        canCreate ? { label: t('integrations.webhooks.add'), onClick: () => setCreating(true) } : undefined
      }
      items={hooks.data?.items}
      renderItem={(hook) => (
        <WebhookRow
          key={hook.id}
          establishmentId={establishmentId}
          hook={hook}
          onSecret={setSecret}
          onDeleted={() => title.current?.focus()}
        />
      )}
      failure={hooks.error && !hooks.data?.items ? apiErrorText(t, hooks.error) : null}
      retryLabel={t('integrations.webhooks.retry')}
      onRetry={() => void hooks.refetch()}
      loadingLabel={t('integrations.webhooks.loading')}
      empty={{ text: t('integrations.webhooks.empty'), hint: t('integrations.webhooks.emptyHint') }}
      dialogs={
        <>
          <CreateWebhookDialog
            establishmentId={establishmentId}
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(created) => {
              setCreating(false);
              setSecret(created);
            }}
          />
          <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />
        </>
      }
    />
  );
}

/** On, turned off by an operator, or turned off after a day of failed calls. */
function StatusChip({ hook }: { hook: Webhook }) {
  const { t } = useTranslation();
  if (hook.enabled) return <Chip size="small" color="success" label={t('integrations.webhooks.status.on')} />;
  if (hook.disabledReason === 'failing')
    return <Chip size="small" color="warning" label={t('integrations.webhooks.status.failing')} />;
  return <Chip size="small" label={t('integrations.webhooks.status.off')} />;
}

function WebhookRow({
  establishmentId,
  hook,
  onSecret,
  onDeleted,
}: {
  establishmentId: string;
  hook: Webhook;
  onSecret: (secret: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateWebhook(establishmentId);
  const test = useTestWebhook(establishmentId);
  const rotate = useRotateWebhookSecret(establishmentId);
  const remove = useDeleteWebhook(establishmentId);
  const [asking, setAsking] = useState<'rotate' | 'delete' | null>(null);
  const [history, setHistory] = useState(false);
  const historyId = useId();
  const rotating = useDialogAction(rotate.isPending, () => setAsking(null));
  const deleting = useDialogAction(remove.isPending, () => setAsking(null));
  const last = hook.lastCall;

  const onToggle = (enabled: boolean) =>
    update.mutate(
      { webhookId: hook.id, body: { enabled } },
      {
        onSuccess: () =>
          enqueueSnackbar(t(enabled ? 'integrations.webhooks.turnedOn' : 'integrations.webhooks.turnedOff'), {
            variant: 'success',
          }),
        onError: (error) => enqueueSnackbar(webhookErrorText(t, error), { variant: 'error' }),
      },
    );

  const onTest = () =>
    test.mutate(hook.id, {
      onSuccess: () => {
        setHistory(true);
        enqueueSnackbar(t('integrations.webhooks.testQueued'), { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(webhookErrorText(t, error), { variant: 'error' }),
    });

  const onRotate = () =>
    void rotating.run(
      async () => {
        const { secret } = await rotate.mutateAsync(hook.id);
        onSecret(secret);
      },
      (error) => webhookErrorText(t, error),
    );

  const onDelete = () =>
    void deleting
      .run(
        async () => {
          await remove.mutateAsync(hook.id);
          enqueueSnackbar(t('integrations.webhooks.deleted'), { variant: 'success' });
        },
        (error) => webhookErrorText(t, error),
      )
      .then((done) => done && onDeleted());

  return (
    <ListItem
      divider
      disableGutters
      sx={{
        flexDirection: 'column',
        alignItems: 'stretch',
        rowGap: 1,
        py: 1.5,
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2, rowGap: 1 }}>
        <Box aria-hidden sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}>
          <WebhookIcon />
        </Box>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Typography
              component="code"
              dir="ltr"
              sx={{ fontFamily: MONO, fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {hook.url}
            </Typography>
            <StatusChip hook={hook} />
          </Box>
          {hook.description && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {hook.description}
            </Typography>
          )}
          <Box
            component="ul"
            aria-label={t('integrations.webhooks.eventsLabel')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, my: 0.75 }}
          >
            {hook.events.map((event) => (
              <li key={event}>
                <Chip size="small" variant="outlined" label={eventName(t, event)} />
              </li>
            ))}
          </Box>
          {hook.disabledReason === 'failing' && (
            <Alert severity="warning" sx={{ my: 1 }}>
              {t('integrations.webhooks.failingNotice')}
            </Alert>
          )}
          {hook.enabled && hook.failingSince && (
            <Typography variant="body2" color="warning.main">
              {t('integrations.webhooks.failingSince', {
                date: format.date(hook.failingSince, { withTime: true }),
              })}
            </Typography>
          )}
          <Typography variant="body2" color="textSecondary">
            {last ? (
              <Tooltip title={format.date(last.at, { withTime: true })} describeChild>
                <span>
                  {t(last.ok ? 'integrations.webhooks.lastCallOk' : 'integrations.webhooks.lastCallFailed', {
                    when: format.relative(last.at, Date.now()),
                    status: last.status ?? t('integrations.webhooks.calls.noAnswer'),
                  })}
                </span>
              </Tooltip>
            ) : (
              t('integrations.webhooks.noCalls')
            )}
            {hook.pending > 0 && <> · {t('integrations.webhooks.pending', { count: hook.pending })}</>}
          </Typography>
        </Box>
        <FormControlLabel
          sx={{ ml: 'auto', mr: 0, flexShrink: 0 }}
          control={
            <Switch
              checked={hook.enabled}
              disabled={update.isPending}
              onChange={(event) => onToggle(event.target.checked)}
              slotProps={{
                input: { 'aria-label': t('integrations.webhooks.enabledLabel', { url: hook.url }) },
              }}
            />
          }
          label={t('integrations.webhooks.enabled')}
        />
      </Box>
      <Box
        role="group"
        aria-label={t('integrations.webhooks.actionsLabel', { url: hook.url })}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, pl: { sm: 5 } }}
      >
        <Button
          size="small"
          variant="outlined"
          onClick={() => setHistory((open) => !open)}
          aria-expanded={history}
          aria-controls={historyId}
          endIcon={history ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          {t('integrations.webhooks.history')}
        </Button>
        <Button size="small" variant="outlined" onClick={onTest} disabled={!hook.enabled || test.isPending}>
          {t('integrations.webhooks.test')}
        </Button>
        <Button size="small" variant="outlined" onClick={() => setAsking('rotate')}>
          {t('integrations.webhooks.rotate')}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => setAsking('delete')}>
          {t('integrations.webhooks.delete')}
        </Button>
      </Box>
      <Collapse in={history} id={historyId} unmountOnExit>
        <CallHistory establishmentId={establishmentId} webhookId={hook.id} />
      </Collapse>
      <ConfirmDialog
        open={asking === 'rotate'}
        title={t('integrations.webhooks.rotateTitle')}
        text={t('integrations.webhooks.rotateText')}
        confirmLabel={t('integrations.webhooks.rotate')}
        cancelLabel={t('integrations.webhooks.cancel')}
        onConfirm={onRotate}
        {...rotating.confirmProps}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        title={t('integrations.webhooks.deleteTitle')}
        text={t('integrations.webhooks.deleteText', { url: hook.url })}
        confirmLabel={t('integrations.webhooks.delete')}
        cancelLabel={t('integrations.webhooks.cancel')}
        danger
        onConfirm={onDelete}
        {...deleting.confirmProps}
      />
    </ListItem>
  );
}

/** A webhook's last calls, newest first, each with "Resend". */
function CallHistory({ establishmentId, webhookId }: { establishmentId: string; webhookId: string }) {
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
        <Box aria-busy aria-label={t('integrations.webhooks.calls.loading')}>
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
            sx={{ fontFamily: MONO, fontSize: 12, overflowWrap: 'anywhere', mt: 0.25 }}
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
