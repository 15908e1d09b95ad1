import { z } from 'zod';
import { LanguageSchema, UserSchema } from './account.schema';
import { visitSourceField } from './fields';
import { PushSubscriptionBodySchema } from './notification.schema';

/**
 * POST /api/account/guest: follow a business from this device with one tap and no account. The
 * browser's push subscription (made on "Allow") is the follower: a guest, a user without email or
 * password, signed in on this device by the answer's session.
 */
export const GuestFollowBodySchema = z.object({
  /** The business's public id (its page's address) or id. */
  establishmentId: z
    .string({ error: 'establishmentId is required' })
    .trim()
    .min(1, 'establishmentId is required')
    .max(64, 'establishmentId must be at most 64 characters'),
  subscription: PushSubscriptionBodySchema,
  /** Where the visit to the business's page came from (its ?src=), kept with the follow. */
  source: visitSourceField.optional(),
  /** The page's language: the welcome and the notifications' own words use it. */
  language: LanguageSchema.optional(),
});
export type GuestFollowBody = z.input<typeof GuestFollowBodySchema>;

/**
 * The guest, signed in on this device (`accessToken`), and what its service worker keeps to prove
 * the device when the browser replaces its subscription (`deviceSecret`, as from subscribe).
 */
export const GuestFollowResponseSchema = z.object({
  user: UserSchema,
  accessToken: z.string(),
  establishmentId: z.string(),
  subscriptionId: z.string(),
  deviceSecret: z.string(),
});
export type GuestFollowResponse = z.infer<typeof GuestFollowResponseSchema>;
