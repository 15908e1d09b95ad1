import { z } from 'zod';
import { Msg } from '../messages';
import { sortedWeekdays } from '../recurrence';

/** Weekly sends: the rule a send repeats by, as the API takes and answers it. */

/** ISO weekdays, 1 Monday ... 7 Sunday: at least one, each once (kept ascending). */
export const weekdaysField = z
  .array(
    z
      .number({ error: Msg.repeatWeekdaysInvalid })
      .int(Msg.repeatWeekdaysInvalid)
      .min(1, Msg.repeatWeekdaysInvalid)
      .max(7, Msg.repeatWeekdaysInvalid),
    { error: Msg.repeatWeekdaysInvalid },
  )
  .min(1, Msg.repeatWeekdaysRequired)
  .max(7, Msg.repeatWeekdaysInvalid)
  .transform(sortedWeekdays);

/** The last date an occurrence may fall on (YYYY-MM-DD, the business's calendar, inclusive); null: no end. */
export const repeatUntilField = z
  .string({ error: Msg.repeatUntilInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, Msg.repeatUntilInvalid)
  .nullable();

/**
 * A send's repeat: the first send is its `scheduledFor`; it repeats at that time on the business's
 * clock on `weekdays` (default: the first send's weekday) until `until` (absent or null: no end).
 */
export const RepeatSchema = z.object({
  until: repeatUntilField.optional(),
  weekdays: weekdaysField.optional(),
});

/** PUT /api/weekly-sends/{id}: the rule itself; its next send moves to the new rule's first time. */
export const WeeklyRuleBodySchema = z.object({
  weekdays: weekdaysField,
  /** On the business's clock, HH:MM. */
  time: z.string({ error: Msg.repeatTimeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, Msg.repeatTimeInvalid),
  until: repeatUntilField,
  /** At `time` on each follower's clock instead of the business's; absent: as it was. */
  localTime: z.boolean({ error: 'localTime must be true or false' }).optional(),
});
export type WeeklyRuleBody = z.infer<typeof WeeklyRuleBodySchema>;

export const WeeklySendParamsSchema = z.object({ id: z.uuid({ error: Msg.notFound }) });

/**
 * The weekly send a post is an occurrence of, for those who may send for the establishment: on
 * `weekdays` at `time` on the business's clock (`timeZone`), until `until` (null: no end); paused
 * or running.
 */
export const RecurrenceSchema = z.object({
  id: z.string(),
  /** Its first weekday, as one-weekday rules said it; `weekdays` has them all. */
  weekday: z.number(),
  weekdays: z.array(z.number()),
  time: z.string(),
  until: z.string().nullable(),
  timeZone: z.string(),
  ended: z.boolean(),
  /** Paused by its author or an admin: its waiting send is held until it is resumed. */
  paused: z.boolean(),
  /** Each occurrence at `time` on each follower's clock (else the business's). */
  localTime: z.boolean(),
});
export type Recurrence = z.infer<typeof RecurrenceSchema>;
