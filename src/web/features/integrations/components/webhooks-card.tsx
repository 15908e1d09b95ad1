import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/list-card';
import { apiErrorText } from '../../../lib/api-error-text';
import { useWebhooks } from '../api/webhooks.api';
import { CreateWebhookDialog, WebhookSecretDialog } from './webhook-dialogs';
import { WebhookRow } from './webhook-row';

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
