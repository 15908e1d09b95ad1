import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import * as contracts from '../../../../shared/contracts/webhooks.contracts';
import type {
  Webhook,
  WebhookCreate,
  WebhookListSchema,
  WebhookUpdate,
} from '../../../../shared/schemas/webhook.schema';
import { callApi } from '../../../lib/call-api';

type WebhookList = z.infer<typeof WebhookListSchema>;

/** The query key of an establishment's webhooks. */
export const webhooksKey = (establishmentId: string) =>
  ['establishments', establishmentId, 'webhooks'] as const;

/** The query key of one webhook's call history. */
export const webhookCallsKey = (establishmentId: string, webhookId: string) =>
  [...webhooksKey(establishmentId), webhookId, 'calls'] as const;

/** Put a webhook as the server answered it into the list (new ones first). */
const withHook = (list: WebhookList | undefined, hook: Webhook): WebhookList | undefined => {
  if (!list) return list;
  const known = list.items.some((item) => item.id === hook.id);
  return {
    ...list,
    items: known ? list.items.map((item) => (item.id === hook.id ? hook : item)) : [hook, ...list.items],
  };
};

/** listWebhooks: an establishment's webhooks with what each still owes and its last call. */
export function useWebhooks(establishmentId: string) {
  return useQuery({
    queryKey: webhooksKey(establishmentId),
    queryFn: ({ signal }) => callApi(contracts.listWebhooks, { params: { id: establishmentId } }, { signal }),
    // Pending counts and last calls move while events flow: asked again on each visit.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** createWebhook: the answer holds the signing secret, shown this once. */
export function useCreateWebhook(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreate) =>
      callApi(contracts.createWebhook, { params: { id: establishmentId }, body }),
    onSuccess: ({ webhook }) =>
      queryClient.setQueryData<WebhookList>(webhooksKey(establishmentId), (list) => withHook(list, webhook)),
  });
}

/** updateWebhook: address, events, description, or turning it off and on. */
export function useUpdateWebhook(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, body }: { webhookId: string; body: WebhookUpdate }) =>
      callApi(contracts.updateWebhook, { params: { id: establishmentId, webhookId }, body }),
    onSuccess: (webhook) =>
      queryClient.setQueryData<WebhookList>(webhooksKey(establishmentId), (list) => withHook(list, webhook)),
    onError: () => queryClient.invalidateQueries({ queryKey: webhooksKey(establishmentId) }),
  });
}

/** deleteWebhook: gone from the list with its history. */
export function useDeleteWebhook(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) =>
      callApi(contracts.deleteWebhook, { params: { id: establishmentId, webhookId } }),
    onSuccess: (_answer, webhookId) =>
      queryClient.setQueryData<WebhookList>(webhooksKey(establishmentId), (list) =>
        list ? { ...list, items: list.items.filter((item) => item.id !== webhookId) } : list,
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: webhooksKey(establishmentId) }),
  });
}

/** rotateWebhookSecret: the answer holds the new secret, shown this once. */
export function useRotateWebhookSecret(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) =>
      callApi(contracts.rotateWebhookSecret, { params: { id: establishmentId, webhookId } }),
    onSuccess: ({ webhook }) =>
      queryClient.setQueryData<WebhookList>(webhooksKey(establishmentId), (list) => withHook(list, webhook)),
  });
}

/** Queued sends change the pending count and the history: both are asked again. */
const refreshAfterQueue = (
  queryClient: ReturnType<typeof useQueryClient>,
  establishmentId: string,
  webhookId: string,
) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: webhooksKey(establishmentId), exact: true }),
    queryClient.invalidateQueries({ queryKey: webhookCallsKey(establishmentId, webhookId) }),
  ]);

/** testWebhook: queues a `webhook.test` event for this webhook only (202). */
export function useTestWebhook(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) =>
      callApi(contracts.testWebhook, { params: { id: establishmentId, webhookId }, query: {} }),
    onSettled: (_answer, _error, webhookId) => refreshAfterQueue(queryClient, establishmentId, webhookId),
  });
}

/** listWebhookCalls: a webhook's last 50 calls, asked only while the history is open. */
export function useWebhookCalls(establishmentId: string, webhookId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookCallsKey(establishmentId, webhookId),
    queryFn: ({ signal }) =>
      callApi(contracts.listWebhookCalls, { params: { id: establishmentId, webhookId } }, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** resendWebhookDelivery: calls again with the same event and webhook-id (202). */
export function useResendWebhookDelivery(establishmentId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      callApi(contracts.resendWebhookDelivery, {
        params: { id: establishmentId, webhookId, deliveryId },
      }),
    onSettled: () => refreshAfterQueue(queryClient, establishmentId, webhookId),
  });
}

/** Ask again for a webhook's history and the list (its pending count and last call). */
export function useRefreshWebhook(establishmentId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return () => refreshAfterQueue(queryClient, establishmentId, webhookId);
}
