import { z } from 'zod';
import { REACTION_KINDS } from './reaction-kinds';
import { VISIT_SOURCES } from './report-sources';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhook.schema';

/**
 * What each public event carries under `data`: the contract with a business's webhook receivers
 * (and the type of what producers record, events/domain-event.ts). Ids and the words a business
 * published; never a person's address. A call's body adds the business's `establishmentId`.
 */
export const WebhookEventDataSchemas = {
  follow: z.object({
    followerId: z.uuid(),
    /** How they came: the QR code, a poster, a share link, or directly. */
    source: z.enum(VISIT_SOURCES),
  }),
  unfollow: z.object({ followerId: z.uuid() }),
  'follower.verified': z.object({ followerId: z.uuid() }),
  'notification.sent': z.object({ postId: z.uuid(), text: z.string(), inFeed: z.boolean() }),
  'notification.scheduled': z.object({
    postId: z.uuid(),
    text: z.string(),
    inFeed: z.boolean(),
    scheduledFor: z.iso.datetime(),
  }),
  'post.edited': z.object({ postId: z.uuid(), text: z.string(), updatePhones: z.boolean() }),
  'post.deleted': z.object({ postId: z.uuid(), withdrawn: z.boolean(), scheduled: z.boolean() }),
  'comment.created': z.object({
    postId: z.uuid(),
    commentId: z.uuid(),
    text: z.string(),
    asBusiness: z.boolean(),
  }),
  /**
   * A reply to a comment (one level deep), also recorded as `comment.created`: `parentCommentId` is
   * the comment it answers; `parentAsBusiness`, whether that one was the business's.
   */
  'comment.replied': z.object({
    postId: z.uuid(),
    commentId: z.uuid(),
    parentCommentId: z.uuid(),
    text: z.string(),
    asBusiness: z.boolean(),
    parentAsBusiness: z.boolean(),
  }),
  /** `reaction` null: the reaction was taken back. */
  'reaction.set': z.object({ postId: z.uuid(), reaction: z.enum(REACTION_KINDS).nullable() }),
  'establishment.updated': z.object({ changed: z.array(z.string()) }),
  /**
   * A message in a private conversation with the business: a follower's question (fromBusiness
   * false; a booking system picks up the request) or the business's answer. `postId`: the post it
   * was asked from, if any.
   */
  'message.created': z.object({
    conversationId: z.uuid(),
    messageId: z.uuid(),
    followerId: z.uuid(),
    postId: z.uuid().nullable(),
    text: z.string(),
    fromBusiness: z.boolean(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WebhookEventDataSchemas)[T]>;

/** The `webhook.test` event's data ("Send test event" without a type). */
export const WebhookTestDataSchema = z.object({ message: z.string() });

/** The ids of samples: recognisably no real follower, post or comment. */
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/**
 * One example of each event's data: the OpenAPI document's examples, and what "Send test event"
 * sends when asked for a type.
 */
export const WEBHOOK_EVENT_SAMPLES: { [T in WebhookEventType]: WebhookEventData<T> } = {
  follow: { followerId: SAMPLE_ID, source: 'qr' },
  unfollow: { followerId: SAMPLE_ID },
  'follower.verified': { followerId: SAMPLE_ID },
  'notification.sent': { postId: SAMPLE_ID, text: 'Happy hour from 17:00: two for one.', inFeed: true },
  'notification.scheduled': {
    postId: SAMPLE_ID,
    text: 'Live music tonight at 20:00.',
    inFeed: true,
    scheduledFor: '2026-06-01T18:00:00.000Z',
  },
  'post.edited': { postId: SAMPLE_ID, text: 'Happy hour from 18:00: two for one.', updatePhones: true },
  'post.deleted': { postId: SAMPLE_ID, withdrawn: false, scheduled: false },
  'comment.created': { postId: SAMPLE_ID, commentId: SAMPLE_ID, text: 'See you there!', asBusiness: false },
  'comment.replied': {
    postId: SAMPLE_ID,
    commentId: SAMPLE_ID,
    parentCommentId: SAMPLE_ID,
    text: 'Yes, a table for four at eight is free. See you!',
    asBusiness: true,
    parentAsBusiness: false,
  },
  'reaction.set': { postId: SAMPLE_ID, reaction: 'love' },
  'establishment.updated': { changed: ['openingHours', 'description'] },
  'message.created': {
    conversationId: SAMPLE_ID,
    messageId: SAMPLE_ID,
    followerId: SAMPLE_ID,
    postId: null,
    text: 'Do you have a table for four at eight tonight?',
    fromBusiness: false,
  },
};

export const WEBHOOK_TEST_SAMPLE: z.infer<typeof WebhookTestDataSchema> = {
  message: 'A test event: your webhook receives and verifies our calls.',
};

/** The body of a call for events of `type` with `data` (Standard Webhooks: type, timestamp, data). */
export function webhookCallBodySchema<T extends z.ZodObject>(type: string, data: T) {
  return z.object({
    type: z.literal(type),
    /** When it happened. */
    timestamp: z.iso.datetime(),
    data: data.extend({ establishmentId: z.uuid() }),
  });
}

/** Every event type a receiver may get, with its data's schema: the public catalogue and the test. */
export const WEBHOOK_CALL_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;

/** "Send test event": `webhook.test` by default, or the sample of the event type asked for. */
export const TestWebhookQuerySchema = z.object({
  type: z
    .enum(WEBHOOK_EVENT_TYPES, { error: `type must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}` })
    .optional(),
});
