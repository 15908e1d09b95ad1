import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../shared/schemas/webhook.schema';
import { useDialogAction } from '../../../lib/use-dialog-action';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
} from '../api/webhooks.api';
import { webhookErrorText } from './webhook-dialogs';

/**
 * What an operator does to one webhook: turn it on or off, send a test event (then its history
 * opens), rotate its secret (shown once by the card) and delete it, the last two after asking.
 */
export function useWebhookActions({
  establishmentId,
  hook,
  onSecret,
  onDeleted,
  onTested,
}: {
  establishmentId: string;
  hook: Webhook;
  onSecret: (secret: string) => void;
  onDeleted: () => void;
  onTested: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateWebhook(establishmentId);
  const test = useTestWebhook(establishmentId);
  const rotate = useRotateWebhookSecret(establishmentId);
  const remove = useDeleteWebhook(establishmentId);
  const [asking, setAsking] = useState<'rotate' | 'delete' | null>(null);
  const rotating = useDialogAction(rotate.isPending, () => setAsking(null));
  const deleting = useDialogAction(remove.isPending, () => setAsking(null));

  const toggle = (enabled: boolean) =>
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

  const sendTest = () =>
    test.mutate(hook.id, {
      onSuccess: () => {
        onTested();
        enqueueSnackbar(t('integrations.webhooks.testQueued'), { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(webhookErrorText(t, error), { variant: 'error' }),
    });

  const rotateSecret = () =>
    void rotating.run(
      async () => {
        const { secret } = await rotate.mutateAsync(hook.id);
        onSecret(secret);
      },
      (error) => webhookErrorText(t, error),
    );

  const deleteHook = () =>
    void deleting
      .run(
        async () => {
          await remove.mutateAsync(hook.id);
          enqueueSnackbar(t('integrations.webhooks.deleted'), { variant: 'success' });
        },
        (error) => webhookErrorText(t, error),
      )
      .then((done) => done && onDeleted());

  return {
    asking,
    setAsking,
    toggle,
    toggling: update.isPending,
    sendTest,
    testing: test.isPending,
    rotateSecret,
    rotating: rotating.confirmProps,
    deleteHook,
    deleting: deleting.confirmProps,
  };
}
