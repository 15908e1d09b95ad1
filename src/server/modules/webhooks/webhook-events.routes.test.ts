/**
 * The public events' published shapes: the OpenAPI document's `webhooks` list every event type a
 * receiver may get with its data's schema and an example, and "Send test event" sends a type's
 * sample, signed like any call, to a real HTTPS receiver verifying with the reference library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectError } from '../../../../tests/support/expect-error';
import { selfSignedCertificate } from '../../../../tests/support/push-service/certificate';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../tests/support/webhook-receiver';
import { ErrorCode } from '../../../shared/errors';
import type { Webhook } from '../../../shared/schemas/webhook.schema';
import {
  WEBHOOK_CALL_TYPES,
  WEBHOOK_EVENT_SAMPLES,
  WebhookEventDataSchemas,
  WebhookTestDataSchema,
  webhookCallBodySchema,
} from '../../../shared/schemas/webhook-events.schema';

const env: Record<string, string> = { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' };
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
const fixture = setupRouteFixture({
  env,
  before: async () => {
    env.WEBHOOK_CA_FILE = (await selfSignedCertificate()).caFile;
  },
});

const dataSchemaOf = (type: string): z.ZodObject =>
  type in WebhookEventDataSchemas
    ? WebhookEventDataSchemas[type as keyof typeof WebhookEventDataSchemas]
    : WebhookTestDataSchema;

describe('published event shapes', () => {
  it("the OpenAPI document's webhooks: every event type, with a schema and an example that fits it", async () => {
    const res = await fixture.t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      webhooks: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: unknown; example: unknown }> } } }
      >;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_CALL_TYPES].sort());
    for (const type of WEBHOOK_CALL_TYPES) {
      const body = doc.webhooks[type]!.post.requestBody.content['application/json']!;
      expect(body.schema, type).toMatchObject({ type: 'object', required: ['type', 'timestamp', 'data'] });
      const parsed = webhookCallBodySchema(type, dataSchemaOf(type)).safeParse(body.example);
      expect(parsed.error?.issues ?? [], type).toEqual([]);
    }
  });

  it('"Send test event" with a type sends its sample, signed; an unknown type is refused naming it', async () => {
    const { a, admin } = fixture;
    const shop = await a.establishment(admin, 'Sample Bistro');
    const operator = await a.clientOf(admin, shop.id, 'sample-op');
    const created = await a.call(
      'POST',
      `/api/establishments/${shop.id}/webhooks`,
      { url: receiver.url, events: ['follow'] },
      operator.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { webhook, secret } = created.json<{ webhook: Webhook; secret: string }>();
    receiver.secret = secret;
    const testUrl = `/api/establishments/${shop.id}/webhooks/${webhook.id}/test`;

    const sent = await a.call('POST', `${testUrl}?type=reaction.set`, undefined, operator.token);
    expect(sent.statusCode, sent.body).toBe(202);
    const [call] = await receiver.waitFor('reaction.set');
    expect(call!.verified).toBe(true);
    expect(call!.body.data).toEqual({ ...WEBHOOK_EVENT_SAMPLES['reaction.set'], establishmentId: shop.id });

    const refused = await a.call('POST', `${testUrl}?type=order.paid`, undefined, operator.token);
    expectError(refused, 400, ErrorCode.VALIDATION, { type: expect.stringContaining('type must be one of') });
  });
});
