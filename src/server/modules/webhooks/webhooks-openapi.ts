import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';
import { WEBHOOK_TEST_EVENT } from '../../../shared/schemas/webhook.schema';
import {
  WEBHOOK_EVENT_SAMPLES,
  WEBHOOK_TEST_SAMPLE,
  WebhookEventDataSchemas,
  WebhookTestDataSchema,
  webhookCallBodySchema,
} from '../../../shared/schemas/webhook-events.schema';

const SAMPLE_ESTABLISHMENT = '00000000-0000-4000-8000-000000000001';
const SAMPLE_AT = '2026-06-01T17:00:00.000Z';

type OpenApi = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
type Webhooks = NonNullable<Extract<OpenApi, { webhooks?: unknown }>['webhooks']>;

/** One webhook of the OpenAPI document: the call a receiver gets for events of `type`. */
function callOf(type: string, data: z.ZodObject, sample: Record<string, unknown>): Webhooks[string] {
  const call = {
    post: {
      operationId: `webhook-${type}`,
      summary: `The \`${type}\` event`,
      description:
        'POSTed to each webhook that asked for this event, signed as Standard Webhooks says (headers webhook-id, webhook-timestamp, webhook-signature). The same webhook-id on every retry.',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: z.toJSONSchema(webhookCallBodySchema(type, data), { target: 'draft-2020-12' }),
            example: {
              type,
              timestamp: SAMPLE_AT,
              data: { ...sample, establishmentId: SAMPLE_ESTABLISHMENT },
            },
          },
        },
      },
      responses: {
        '2XX': {
          description:
            'Received: a 2xx answer in time (WEBHOOK_TIMEOUT_SECONDS, 10 by default) ends the call',
        },
        default: { description: 'Anything else is retried with backoff' },
      },
    },
  };
  // zod's JSON Schema (2020-12, what OpenAPI 3.1 takes) is typed by zod, not by openapi-types.
  return call as unknown as Webhooks[string];
}

/** The OpenAPI document's `webhooks`: every public event type and the test event, with an example. */
export function webhooksDocument(): Webhooks {
  const entries = Object.entries(WebhookEventDataSchemas).map(([type, data]) => [
    type,
    callOf(type, data, WEBHOOK_EVENT_SAMPLES[type as keyof typeof WEBHOOK_EVENT_SAMPLES]),
  ]);
  entries.push([WEBHOOK_TEST_EVENT, callOf(WEBHOOK_TEST_EVENT, WebhookTestDataSchema, WEBHOOK_TEST_SAMPLE)]);
  return Object.fromEntries(entries);
}
