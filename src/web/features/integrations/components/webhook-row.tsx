import { Collapse, ListItem } from '@mui/material';
import { useId, useState } from 'react';
import type { Webhook } from '../../../../shared/schemas/webhook.schema';
import { useWebhookActions } from './use-webhook-actions';
import { WebhookActionBar } from './webhook-action-bar';
import { CallHistory } from './webhook-call-history';
import { WebhookConfirmDialogs } from './webhook-confirm-dialogs';
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
      <WebhookActionBar
        hook={hook}
        actions={actions}
        historyOpen={history}
        historyId={historyId}
        onToggleHistory={() => setHistory((open) => !open)}
      />
      <Collapse in={history} id={historyId} unmountOnExit>
        <CallHistory establishmentId={establishmentId} webhookId={hook.id} />
      </Collapse>
      <WebhookConfirmDialogs hook={hook} actions={actions} />
    </ListItem>
  );
}
