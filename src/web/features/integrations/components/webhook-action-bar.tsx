import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../shared/schemas/webhook.schema';
import type { useWebhookActions } from './use-webhook-actions';

interface Props {
  hook: Webhook;
  actions: ReturnType<typeof useWebhookActions>;
  /** The call history is open, in the element with this id. */
  historyOpen: boolean;
  historyId: string;
  onToggleHistory: () => void;
}

/** A webhook's buttons: its call history (opens below), a test event, rotate the secret, delete. */
export function WebhookActionBar({ hook, actions, historyOpen, historyId, onToggleHistory }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('integrations.webhooks.actionsLabel', { url: hook.url })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, pl: { sm: 5 } }}
    >
      <Button
        size="small"
        variant="outlined"
        onClick={onToggleHistory}
        aria-expanded={historyOpen}
        aria-controls={historyId}
        endIcon={historyOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
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
  );
}
