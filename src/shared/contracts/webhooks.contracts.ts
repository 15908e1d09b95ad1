import { z } from 'zod';
import { MessageSchema } from '../errors';
import { EstablishmentIdParamsSchema } from '../schemas/establishment-params.schema';
import {
  WebhookCallListSchema,
  WebhookCreateSchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookUpdateSchema,
  WebhookWithSecretSchema,
} from '../schemas/webhook.schema';
import { TestWebhookQuerySchema } from '../schemas/webhook-events.schema';
import { defineContract, errorResponses } from './contract';

/** An establishment's outgoing webhooks: its operators and admins. */

const tags = ['webhooks'] as const;
const params = EstablishmentIdParamsSchema;
const webhookParams = EstablishmentIdParamsSchema.extend({ webhookId: z.uuid({ error: 'Not found.' }) });
const deliveryParams = webhookParams.extend({
  deliveryId: z.coerce
    .number({ error: 'Not found.' })
    .int({ error: 'Not found.' })
    .positive({ error: 'Not found.' }),
});

export const listWebhooks = defineContract({
  operationId: 'listWebhooks',
  summary: "An establishment's webhooks, with what each still owes and its last call",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/webhooks',
  access: 'webhook:manage',
  params,
  responses: { 200: WebhookListSchema, ...errorResponses(400, 401, 403, 404) },
});

export const createWebhook = defineContract({
  operationId: 'createWebhook',
  summary: 'Register an https URL to be called, signed (Standard Webhooks), on the chosen events',
  description: 'The answer shows the signing secret; it is never shown again (rotate it to get a new one).',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/webhooks',
  access: 'webhook:manage',
  params,
  body: WebhookCreateSchema,
  responses: { 201: WebhookWithSecretSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const updateWebhook = defineContract({
  operationId: 'updateWebhook',
  summary: "Change a webhook's address, events or description, or turn it off and on",
  tags,
  method: 'PATCH',
  path: '/api/establishments/:id/webhooks/:webhookId',
  access: 'webhook:manage',
  params: webhookParams,
  body: WebhookUpdateSchema,
  responses: { 200: WebhookSchema, ...errorResponses(400, 401, 403, 404) },
});

export const deleteWebhook = defineContract({
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook and its call history',
  tags,
  method: 'DELETE',
  path: '/api/establishments/:id/webhooks/:webhookId',
  access: 'webhook:manage',
  params: webhookParams,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const rotateWebhookSecret = defineContract({
  operationId: 'rotateWebhookSecret',
  summary: 'Replace the signing secret: calls are signed with the new one from now on',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/webhooks/:webhookId/rotate-secret',
  access: 'webhook:manage',
  params: webhookParams,
  responses: { 200: WebhookWithSecretSchema, ...errorResponses(400, 401, 403, 404) },
});

export const testWebhook = defineContract({
  operationId: 'testWebhook',
  summary:
    "Send a `webhook.test` event to this webhook only, or with `?type=` a sample of that event type (the OpenAPI document's `webhooks` show each)",
  tags,
  method: 'POST',
  path: '/api/establishments/:id/webhooks/:webhookId/test',
  access: 'webhook:manage',
  params: webhookParams,
  query: TestWebhookQuerySchema,
  responses: { 202: MessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const listWebhookCalls = defineContract({
  operationId: 'listWebhookCalls',
  summary: "A webhook's last 50 calls: status, time, the start of the answer",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/webhooks/:webhookId/calls',
  access: 'webhook:manage',
  params: webhookParams,
  responses: { 200: WebhookCallListSchema, ...errorResponses(400, 401, 403, 404) },
});

export const resendWebhookDelivery = defineContract({
  operationId: 'resendWebhookDelivery',
  summary: 'Call the webhook with this event again (the same webhook-id)',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/webhooks/:webhookId/deliveries/:deliveryId/resend',
  access: 'webhook:manage',
  params: deliveryParams,
  responses: { 202: MessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
});
