import { z } from 'zod';
import { Msg } from '../messages';
import { urlField } from './url-field';

/** A browser's push subscription as the API takes it, and the devices a person has. */

/** POST /notifications/subscribe: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z
    .string({ error: 'endpoint must be an https URL' })
    .trim()
    .max(2048, 'endpoint must be at most 2048 characters')
    .pipe(
      urlField(['https:'], {
        invalid: 'endpoint must be an https URL',
        credentials: 'endpoint must not carry a user name or password',
      }),
    ),
  /** Milliseconds since 1970, as the browser gives it; bounded by what a Date (and so PostgreSQL) can hold. */
  expirationTime: z
    .number({ error: 'expirationTime must be a time in milliseconds, or null' })
    .min(0, 'expirationTime must be a time in milliseconds, or null')
    .max(8.64e15, 'expirationTime must be a time in milliseconds, or null')
    .nullish(),
  keys: z.object(
    {
      /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
      p256dh: z
        .string({ error: 'keys.p256dh is required' })
        .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'keys.p256dh must be a base64url P-256 public key'),
      /** The 16-byte authentication secret, base64url. */
      auth: z
        .string({ error: 'keys.auth is required' })
        .regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'keys.auth must be a base64url 16-byte secret'),
    },
    { error: 'keys is required' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** A device's secret: base64url of 32 random bytes. */
const DeviceSecretSchema = z
  .string({ error: 'deviceSecret is required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'deviceSecret must be the secret this device was given');

export const SubscribeResponseSchema = z.object({
  subscriptionId: z.string(),
  created: z.boolean(),
  /**
   * This device stopped receiving (its push service failed several sends in a row, or it confirmed
   * none for long): the browser should drop the subscription and take a fresh one.
   */
  stale: z.boolean(),
  /** Kept by the service worker: proves this device held the subscription when the browser replaces it. */
  deviceSecret: DeviceSecretSchema,
});
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;
export const UnsubscribeBodySchema = PushSubscriptionBodySchema.pick({ endpoint: true });

/**
 * POST /api/push/subscription-change, from the service worker (pushsubscriptionchange): the browser
 * replaced the subscription; the secret of the old one proves the device, as no session is at hand.
 */
export const SubscriptionChangeBodySchema = z.object({
  oldEndpoint: PushSubscriptionBodySchema.shape.endpoint,
  deviceSecret: DeviceSecretSchema,
  subscription: PushSubscriptionBodySchema,
});
export type SubscriptionChangeBody = z.infer<typeof SubscriptionChangeBodySchema>;
export const SubscriptionChangeResponseSchema = SubscribeResponseSchema.pick({ deviceSecret: true });

/** One of the signed-in user's devices that get push (GET /api/account/devices). */
export const DeviceSchema = z.object({
  id: z.string(),
  /** The browser's user agent when it registered: the app names browser and system from it. */
  userAgent: z.string(),
  createdAt: z.string(),
  /** Its last sign of life: a sign-in or app start on it, or a notification it showed. */
  lastSeenAt: z.string(),
  /** Skipped since then: it stopped receiving; turning notifications on again on it repairs it. */
  staleSince: z.string().nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;
export const DeviceListSchema = z.object({ items: z.array(DeviceSchema) });
export type DeviceList = z.infer<typeof DeviceListSchema>;
export const DeviceParamsSchema = z.object({ id: z.uuid({ error: Msg.notFound }) });

export const PublicKeyResponseSchema = z.object({
  /** The VAPID public key, base64url: the browser's applicationServerKey. */
  publicKey: z.string(),
});
