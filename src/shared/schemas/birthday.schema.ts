import { z } from 'zod';
import { Msg } from '../messages';

/**
 * A follower's birthday, given by choice for the businesses' birthday messages: a day and a month,
 * never a year; saving it is agreeing to it (consent), deleting it withdraws both.
 */

/** Days in each month, 29 for February (a 29 February birthday is kept, and falls on the 28th in other years). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const whole = (message: string) => z.number({ error: message }).int(message);

export const BirthdayBodySchema = z
  .object({
    month: whole(Msg.birthdayInvalid).min(1, Msg.birthdayInvalid).max(12, Msg.birthdayInvalid),
    day: whole(Msg.birthdayInvalid).min(1, Msg.birthdayInvalid).max(31, Msg.birthdayInvalid),
    consent: z.literal(true, { error: Msg.birthdayConsentRequired }),
  })
  .superRefine((body, context) => {
    if (body.day > DAYS_IN_MONTH[body.month - 1]!)
      context.addIssue({ code: 'custom', path: ['day'], message: Msg.birthdayInvalid });
  });
export type BirthdayBody = z.output<typeof BirthdayBodySchema>;

export const BirthdaySchema = z.object({
  /** Null: none given. */
  birthday: z.object({ month: z.number().int(), day: z.number().int(), consentAt: z.string() }).nullable(),
});
export type Birthday = z.infer<typeof BirthdaySchema>;

export const BirthdaySavedSchema = BirthdaySchema.extend({ message: z.string() });
