import { z } from 'zod';
import { Msg } from '../messages';

/** Whose permission health: one establishment (who manages it), or the whole platform when omitted (admins). */
export const PushHealthQuerySchema = z.object({
  establishmentId: z.uuid({ error: Msg.establishmentNotFound }).optional(),
});
export type PushHealthQuery = z.output<typeof PushHealthQuerySchema>;

/** The days the open share is read over. */
export const PUSH_HEALTH_DAYS = 30;
/** Below this share of pushes opened (over at least PUSH_HEALTH_MIN_SENDS sends), browsers may revoke. */
export const PUSH_HEALTH_MIN_OPEN_SHARE = 0.01;
export const PUSH_HEALTH_MIN_SENDS = 10;
/** The weeks of devices lost shown, newest first. */
export const PUSH_HEALTH_WEEKS = 4;

/** Devices lost in one week (7 days back from the end of the one after it), by why. */
export const DevicesLostWeekSchema = z.object({
  /** The week's first moment (ISO). */
  from: z.string(),
  /** The push service answered 410/404: the browser's subscription is gone. */
  gone: z.number().int(),
  /** The follower turned notifications off on the device, or removed it. */
  unsubscribed: z.number().int(),
  /** The browser ended the subscription, or the device went unseen without renewing it. */
  expired: z.number().int(),
  total: z.number().int(),
});

/**
 * Whether browsers will keep letting a business's pushes through: Chrome revokes the permission of
 * sites whose notifications are rarely acted on, and every business shares this server's origin.
 */
export const PushHealthSchema = z.object({
  days: z.number().int(),
  /** Sends of the last `days` days that went to phones. */
  sends: z.number().int(),
  /** Pushes the push services accepted for them. */
  delivered: z.number().int(),
  /** Of them, those the follower opened (a click on the notification or one of its buttons). */
  opened: z.number().int(),
  /** opened / delivered; null before anything was delivered. */
  openShare: z.number().nullable(),
  /** The share is under 1 % over at least ten sends: the dashboard warns. */
  lowOpenShare: z.boolean(),
  /** The last PUSH_HEALTH_WEEKS weeks, newest first. */
  devicesLost: z.array(DevicesLostWeekSchema),
});
export type PushHealth = z.infer<typeof PushHealthSchema>;
