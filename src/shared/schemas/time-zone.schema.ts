import { z } from 'zod';
import { timeZoneField } from './quiet-hours.schema';

/**
 * A follower's own time zone: the one their device reports (the web app sends it as this header on
 * every call; sign-in, follow and push subscribe record it), or the one they chose in their account.
 * Sends "at HH:MM each follower's local time" go by it; a follower without one gets the business's.
 */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** GET and PUT /api/account/time-zone: the zone (IANA; null: none known yet) and whether they chose it. */
export const AccountTimeZoneSchema = z.object({
  timeZone: z.string().nullable(),
  /** true: chosen in the account, kept whatever the device says; false: follows the device. */
  chosen: z.boolean(),
});
export type AccountTimeZone = z.infer<typeof AccountTimeZoneSchema>;
export const AccountTimeZoneResponseSchema = z.object({
  timeZone: AccountTimeZoneSchema,
  message: z.string().optional(),
});

/** PUT body: a zone to keep; null: follow the device again (this call's header sets it at once). */
export const AccountTimeZoneBodySchema = z.object({ timeZone: timeZoneField.nullable() });
export type AccountTimeZoneBody = z.infer<typeof AccountTimeZoneBodySchema>;
