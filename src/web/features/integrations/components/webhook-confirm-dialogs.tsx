import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../shared/schemas/webhook.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { useWebhookActions } from './use-webhook-actions';

/** "Rotate the secret?" and "Delete this webhook?", whichever the action bar asked. */
export function WebhookConfirmDialogs({
  hook,
  actions,
}: {
  hook: Webhook;
  actions: ReturnType<typeof useWebhookActions>;
}) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
