import { Stack } from '@mui/material';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

/** The establishment's Integrations tab: its webhooks and its API keys. */
export function IntegrationsTab({ establishmentId }: { establishmentId: string }) {
  return (
    <Stack spacing={3}>
      <WebhooksCard establishmentId={establishmentId} />
      <ApiKeysCard establishmentId={establishmentId} />
    </Stack>
  );
}
