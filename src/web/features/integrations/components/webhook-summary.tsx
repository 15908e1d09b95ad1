import WebhookIcon from '@mui/icons-material/Webhook';
import { Alert, Box, Chip, FormControlLabel, Switch, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../shared/schemas/webhook.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { MONOSPACE } from './monospace';
import { eventName } from './webhook-dialogs';

/** On, turned off by an operator, or turned off after a day of failed calls. */
function StatusChip({ hook }: { hook: Webhook }) {
  const { t } = useTranslation();
  if (hook.enabled) return <Chip size="small" color="success" label={t('integrations.webhooks.status.on')} />;
  if (hook.disabledReason === 'failing')
    return <Chip size="small" color="warning" label={t('integrations.webhooks.status.failing')} />;
  return <Chip size="small" label={t('integrations.webhooks.status.off')} />;
}

/** A webhook at a glance: its URL and state, its events, its last call and what it still owes. */
export function WebhookSummary({
  hook,
  toggling,
  onToggle,
}: {
  hook: Webhook;
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const last = hook.lastCall;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2, rowGap: 1 }}>
      <Box aria-hidden sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}>
        <WebhookIcon />
      </Box>
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <Typography
            component="code"
            dir="ltr"
            sx={{ fontFamily: MONOSPACE, fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}
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
            disabled={toggling}
            onChange={(event) => onToggle(event.target.checked)}
            slotProps={{
              input: { 'aria-label': t('integrations.webhooks.enabledLabel', { url: hook.url }) },
            }}
          />
        }
        label={t('integrations.webhooks.enabled')}
      />
    </Box>
  );
}
