import { z } from 'zod';
import { FieldLabel, Msg } from '../messages';
import { WELCOME_TEXT_MAX, WelcomeTranslationsSchema } from './establishment.schema';
import { requiredText } from './fields';

/**
 * A business's automations: messages the platform sends for it, each to the followers a rule picks
 * on a day (the business's daily run), never to anyone twice for one occurrence.
 * - followUp: the welcome series' second message, `days` after someone follows;
 * - winBack: to a follower who clicked nothing and did not open the page for `days` days, at
 *   most once per follower in WIN_BACK_GAP_DAYS;
 * - anniversary: "a year with us", on the day they followed, each year;
 * - birthday: `days` before the birthday of a follower who gave one (and agreed to it), each year.
 */
export const AUTOMATION_KINDS = ['followUp', 'winBack', 'anniversary', 'birthday'] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];
export const AutomationKindSchema = z.enum(AUTOMATION_KINDS, { error: 'Not found.' });

/** Its channels: each follower's choice (a phone, or email for those who take it), or phones only. */
export const AUTOMATION_CHANNELS = ['choice', 'push'] as const;
export type AutomationChannels = (typeof AUTOMATION_CHANNELS)[number];

/** A win-back goes to one follower at most once in this many days. */
export const WIN_BACK_GAP_DAYS = 90;

/** The days an automation counts (its N), with their bounds and default; null: it counts none. */
export const AUTOMATION_DAYS: Record<
  AutomationKind,
  { min: number; max: number; default: number; message: string } | null
> = {
  followUp: { min: 1, max: 60, default: 3, message: Msg.automationFollowUpDays },
  winBack: { min: 14, max: 365, default: 30, message: Msg.automationWinBackDays },
  anniversary: null,
  birthday: { min: 0, max: 30, default: 7, message: Msg.automationBirthdayDays },
};

/** What an operator saves of an automation. `days` is checked against its kind's bounds (AUTOMATION_DAYS). */
export const AutomationBodySchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  channels: z.enum(AUTOMATION_CHANNELS, { error: Msg.automationChannels }).default('choice'),
  days: z.number({ error: Msg.automationDaysNumber }).int(Msg.automationDaysNumber).nullable().default(null),
  text: requiredText(FieldLabel.automationText, WELCOME_TEXT_MAX).refine(
    (value) => !value.includes('\u0000'),
    'Contains a character that is not allowed',
  ),
  translations: WelcomeTranslationsSchema.default({}),
});
export type AutomationBody = z.output<typeof AutomationBodySchema>;

/** One week of an automation's figures: the week's Monday (YYYY-MM-DD, the business's calendar). */
export const AutomationWeekSchema = z.object({
  week: z.string(),
  /** Followers it went to that week. */
  sent: z.number().int(),
  /** Of them, those who opened it (clicked the notification or the email's button). */
  opened: z.number().int(),
});

export const AutomationSchema = z.object({
  kind: AutomationKindSchema,
  /** Off until an operator turns it on. */
  enabled: z.boolean(),
  /** Its N (null for a kind that counts none). */
  days: z.number().int().nullable(),
  channels: z.enum(AUTOMATION_CHANNELS),
  /** Empty until saved once. */
  text: z.string(),
  translations: WelcomeTranslationsSchema,
  /** Followers it would go to if it ran now (already sent ones left out). */
  reachToday: z.number().int(),
  /** The last 8 weeks, oldest first (weeks with nothing sent included). */
  weeks: z.array(AutomationWeekSchema),
  updatedAt: z.string().nullable(),
});
export type Automation = z.infer<typeof AutomationSchema>;

export const AutomationListSchema = z.object({
  automations: z.array(AutomationSchema),
  /** The local hour of the business's day when the daily run sends (its time zone). */
  runHour: z.number().int(),
  timeZone: z.string(),
});
export type AutomationList = z.infer<typeof AutomationListSchema>;

export const AutomationSavedSchema = z.object({ automation: AutomationSchema, message: z.string() });

export const AutomationParamsSchema = z.object({
  id: z.string().min(1).max(64),
  kind: AutomationKindSchema,
});
