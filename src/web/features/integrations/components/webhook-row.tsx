import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Collapse, ListItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../shared/schemas/webhook.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useWebhookActions } from './use-webhook-actions';
import { CallHistory } from './webhook-call-history';
import { WebhookSummary } from './webhook-summary';

/** One webhook in the card: its summary, its actions, its call history when opened. */
export function WebhookRow({
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
  const [history, setHistory] = useState(false);
  const historyId = useId();
  const actions = useWebhookActions({
    establishmentId,
    hook,
    onSecret,
    onDeleted,
    onTested: () => setHistory(true),
  });

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
      <WebhookSummary hook={hook} toggling={actions.toggling} onToggle={actions.toggle} />
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
        <Button
          size="small"
          variant="outlined"
          onClick={actions.sendTest}
          disabled={!hook.enabled || actions.testing}
        >
          {t('integrations.webhooks.test')}
        </Button>
        <Button size="small" variant="outlined" onClick={() => actions.setAsking('rotate')}>
          {t('integrations.webhooks.rotate')}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => actions.setAsking('delete')}>
          {t('integrations.webhooks.delete')}
        </Button>
      </Box>
      <Collapse in={history} id={historyId} unmountOnExit>
        <CallHistory establishmentId={establishmentId} webhookId={hook.id} />
      </Collapse>
      <ConfirmDialog
        open={actions.asking === 'rotate'}
        title={t('integrations.webhooks.rotateTitle')}
        text={t('integrations.webhooks.rotateText')}
        confirmLabel={t('integrations.webhooks.rotate')}
        cancelLabel={t('integrations.webhooks.cancel')}
        onConfirm={actions.rotateSecret}
        {...actions.rotating}
      />
      <ConfirmDialog
        open={actions.asking === 'delete'}
        title={t('integrations.webhooks.deleteTitle')}
        text={t('integrations.webhooks.deleteText', { url: hook.url })}
        confirmLabel={t('integrations.webhooks.delete')}
        cancelLabel={t('integrations.webhooks.cancel')}
        danger
        onConfirm={actions.deleteHook}
        {...actions.deleting}
      />
    </ListItem>
  );
}
