import { z } from 'zod';
import { Msg } from '../messages';

/**
 * Quiet hours: hours of the day when a follower's devices get no notification
 * from any business; what arrives then waits until they end. Times are "HH:MM" on the wire and
 * minutes after local midnight in the database; a start after the end spans midnight.
 */

/** The messages of this feature (English; the web app translates them by field, see quiet-hours-card). */
export const QuietMsg = {
  time: 'Must be a time (HH:MM)',
  sameStartEnd: 'Quiet hours must end at another time than they start',
  enabled: 'Enabled must be true or false',
} as const;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "22:30" -> 1350. */
export const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** 1350 -> "22:30". */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A time zone by its IANA name, as Intl knows it ("Europe/Bratislava", "UTC"), never a bare offset
 * ("+01:00", which Intl also accepts): an offset would not follow daylight saving time.
 */
export function ianaTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    // The name as written, with the case Intl gives it ("europe/bratislava" -> "Europe/Bratislava").
    return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
  } catch {
    return null;
  }
}

const timeField = z.string({ error: QuietMsg.time }).regex(HH_MM, QuietMsg.time);

/** An IANA time zone name, as written or as Intl spells it; else "Choose a time zone". */
export const timeZoneField = z
  .string({ error: Msg.chooseTimeZone })
  .trim()
  .refine((value) => ianaTimeZone(value) !== null, Msg.chooseTimeZone)
  .transform((value) => ianaTimeZone(value)!);

/** The signed-in user's quiet hours; start, end and timeZone are null when off. */
export const QuietHoursSchema = z.object({
  enabled: z.boolean(),
  /** "HH:MM" in timeZone: notifications stop. */
  start: z.string().nullable(),
  /** "HH:MM" in timeZone: what arrived meanwhile is delivered. */
  end: z.string().nullable(),
  /** IANA name. */
  timeZone: z.string().nullable(),
});
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/** PUT body: on with start, end and time zone; off needs nothing more (what is sent is still checked, then cleared). */
export const QuietHoursBodySchema = z
  .object({
    enabled: z.boolean({ error: QuietMsg.enabled }),
    start: timeField.optional(),
    end: timeField.optional(),
    timeZone: timeZoneField.optional(),
  })
  .superRefine((body, issue) => {
    if (!body.enabled) return;
    if (body.start === undefined) issue.addIssue({ code: 'custom', path: ['start'], message: QuietMsg.time });
    if (body.end === undefined) issue.addIssue({ code: 'custom', path: ['end'], message: QuietMsg.time });
    if (body.timeZone === undefined)
      issue.addIssue({ code: 'custom', path: ['timeZone'], message: Msg.chooseTimeZone });
    if (body.start !== undefined && body.start === body.end)
      issue.addIssue({ code: 'custom', path: ['end'], message: QuietMsg.sameStartEnd });
  });
export type QuietHoursBody = z.input<typeof QuietHoursBodySchema>;
