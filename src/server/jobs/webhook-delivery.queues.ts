import { z } from 'zod';

/** Call a webhook's pending deliveries, oldest first (webhook-delivery.job.ts). */
export const webhookDeliverJob = {
  queue: 'webhooks.deliver',
  payload: z.object({ webhookId: z.uuid() }),
};
