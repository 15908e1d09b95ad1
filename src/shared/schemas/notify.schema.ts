import { z } from 'zod';
import { Msg } from '../messages';
import { NOTIFY_CHOICES, PAUSE_LENGTHS } from './channels';

/** "Until I turn it back on": a pause that ends on this far date (stored as any other end). */
export const PAUSED_UNTIL_RESUMED = '9999-12-31T00:00:00.000Z';

/** PUT /api/establishments/{id}/notify: how the caller wants this business's sends. */
export const NotifyBodySchema = z.object({
  notify: z.enum(NOTIFY_CHOICES, { error: 'Choose phone, email, phone and email, or feed only' }),
  /** Pause for a day, a week or until resumed; null: resume now; absent: as it is. */
  pause: z.enum(PAUSE_LENGTHS, { error: 'Pause for a day, a week or until you turn it back on' }).nullish(),
  /** Given with an email choice by someone who had not agreed to receive news by email. */
  marketingConsent: z.literal(true, { error: Msg.emailNeedsConsent }).optional(),
});
export type NotifyBody = z.input<typeof NotifyBodySchema>;

/** A business the caller follows, and how its sends reach them. */
export const FollowNotifySchema = z.object({
  establishment: z.object({
    id: z.string(),
    publicId: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    /** Blocked by an admin: its page and posts are unavailable to followers until the unblock. */
    blocked: z.boolean(),
  }),
  notify: z.enum(NOTIFY_CHOICES),
  /** Paused until then (PAUSED_UNTIL_RESUMED: until turned back on); null: not paused. */
  pausedUntil: z.string().nullable(),
});
export type FollowNotify = z.infer<typeof FollowNotifySchema>;

export const FollowNotifyResponseSchema = z.object({ follow: FollowNotifySchema, message: z.string() });

/** GET /api/account/follows: every business the caller follows, and what email can do for them. */
export const FollowListSchema = z.object({
  items: z.array(FollowNotifySchema),
  /** They agreed to receive news by email (at registration or in their account). */
  marketingConsent: z.boolean(),
  /** The mail server refused their address: no email reaches them until they change or confirm it. */
  emailBounced: z.boolean(),
  /** At least one of their devices gets push. */
  hasDevice: z.boolean(),
});
export type FollowList = z.infer<typeof FollowListSchema>;

/** `:token` of an email's links. */
export const EmailTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** GET /api/email/unsubscribe/{token}: what the unsubscribe page shows before the person confirms. */
export const UnsubscribeInfoSchema = z.object({
  establishment: z.object({ name: z.string(), publicId: z.string() }),
  /** Whether this business's sends still reach them by email. */
  emailing: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfoSchema>;
