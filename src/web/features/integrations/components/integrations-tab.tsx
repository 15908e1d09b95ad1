import { Stack } from '@mui/material';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

interface Props {
  establishmentId: string;
  /** Whether a new key or webhook may be made (can(): not while the establishment is blocked). */
  canCreateKey: boolean;
  canCreateWebhook: boolean;
}

/** The establishment's Integrations tab: its webhooks and its API keys. */
export function IntegrationsTab({ establishmentId, canCreateKey, canCreateWebhook }: Props) {
  return (
    <Stack spacing={3}>
      <WebhooksCard establishmentId={establishmentId} canCreate={canCreateWebhook} />
      <ApiKeysCard establishmentId={establishmentId} canCreate={canCreateKey} />
    </Stack>
  );
}
