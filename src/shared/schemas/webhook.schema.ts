import { z } from 'zod';
import { urlField } from './url-field';

/**
 * Outgoing webhooks: an establishment's https URL that is told of its domain events,
 * signed as the Standard Webhooks specification says.
 */

/** The domain events a webhook may ask for: the public catalogue (docs/architecture.md). */
export const WEBHOOK_EVENT_TYPES = [
  'follow',
  'unfollow',
  'follower.verified',
  'notification.sent',
  'notification.scheduled',
  'post.edited',
  'post.deleted',
  'comment.created',
  'comment.replied',
  'reaction.set',
  'establishment.updated',
  'message.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "Send test event" sends to one webhook. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The messages of this feature (English; the web app translates them by field). */
export const WebhookMsg = {
  url: 'Must be an https URL',
  urlTooLong: 'Must be at most 2000 characters',
  urlNotPublic: 'Must be an address on the public internet',
  urlCredentials: 'Must not contain a user name or password',
  events: 'Choose at least one event',
  description: 'Must be at most 200 characters',
  limit: 'An establishment may have at most 10 webhooks',
  disabled: 'This webhook is turned off: turn it on first',
} as const;

/** Webhooks per establishment: enough for a till, a shop and a booking system, and some spare. */
export const MAX_WEBHOOKS_PER_ESTABLISHMENT = 10;

// https only, no user name or password (it would be shown to every manager and in the audit log).
const urlSchema = z
  .string({ error: WebhookMsg.url })
  .trim()
  .max(2000, WebhookMsg.urlTooLong)
  .pipe(urlField(['https:'], { invalid: WebhookMsg.url, credentials: WebhookMsg.urlCredentials }));

// One message for the whole list, whichever item is wrong: the form shows it beside the checkboxes.
const eventsSchema = z
  .array(z.string({ error: WebhookMsg.events }), { error: WebhookMsg.events })
  .min(1, WebhookMsg.events)
  .max(WEBHOOK_EVENT_TYPES.length * 2, WebhookMsg.events)
  .refine((events) => events.every((event) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(event)), {
    error: WebhookMsg.events,
    abort: true,
  })
  .transform((events) => [...new Set(events)] as WebhookEventType[]);

export const WebhookCreateSchema = z.strictObject({
  url: urlSchema,
  events: eventsSchema,
  description: z
    .string({ error: WebhookMsg.description })
    .trim()
    .max(200, WebhookMsg.description)
    .default(''),
});
export type WebhookCreate = z.input<typeof WebhookCreateSchema>;

export const WebhookUpdateSchema = z.strictObject({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: z.string({ error: WebhookMsg.description }).trim().max(200, WebhookMsg.description).optional(),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
});
export type WebhookUpdate = z.input<typeof WebhookUpdateSchema>;

/** A webhook as its operators see it (never its secret, which is shown once). */
export const WebhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** `failing`: turned off after a day of failed calls; `operator`: turned off by hand. */
  disabledReason: z.enum(['failing', 'operator']).nullable(),
  failingSince: z.iso.datetime().nullable(),
  /** Events owed and not yet delivered. */
  pending: z.number().int(),
  lastCall: z
    .object({ at: z.iso.datetime(), status: z.number().int().nullable(), ok: z.boolean() })
    .nullable(),
  createdAt: z.iso.datetime(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer that shows the signing secret, once: at creation and when it is rotated. */
export const WebhookWithSecretSchema = z.object({ webhook: WebhookSchema, secret: z.string() });

export const WebhookListSchema = z.object({
  items: z.array(WebhookSchema),
  /** The event types one may choose from. */
  eventTypes: z.array(z.string()),
});

/** One call of the call history. */
export const WebhookCallSchema = z.object({
  id: z.uuid(),
  /** The delivery it was an attempt of ("Resend" sends it again, with the same webhook-id). */
  deliveryId: z.number().int(),
  /** The Standard Webhooks `webhook-id`: the same on every retry and resend of one event. */
  messageId: z.string(),
  eventType: z.string(),
  at: z.iso.datetime(),
  status: z.number().int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  excerpt: z.string(),
  durationMs: z.number().int(),
  /** Where its delivery stands now: `pending` (will be retried), `delivered`, `failed` (given up). */
  deliveryState: z.enum(['pending', 'delivered', 'failed']),
});
export type WebhookCall = z.infer<typeof WebhookCallSchema>;

export const WebhookCallListSchema = z.object({ items: z.array(WebhookCallSchema) });
