import { z } from 'zod';
import { limitMessage } from '../limit-messages';
import { Msg } from '../messages';

/** One of a business's own limits: a whole number from 1, or null for the platform's default. */
const limitField = z
  .number({ error: Msg.notifyLimitWhole })
  .int(Msg.notifyLimitWhole)
  .min(1, Msg.notifyLimitWhole)
  .nullable()
  .default(null);

/**
 * "Notifications per follower: at most N a day and M a week", as a business's managers set it
 * (PUT /api/establishments/{id}/notification-limits); null or left out: the platform's default.
 * The platform's ceilings are settings, so the server checks those (and a day within the week).
 */
export const NotificationLimitsBodySchema = z.object({
  perDay: limitField,
  perWeek: limitField,
});
export type NotificationLimitsBody = z.input<typeof NotificationLimitsBodySchema>;

/** The business's limits as its managers read them, with the platform's defaults and ceilings. */
export const NotificationLimitsSchema = z.object({
  /** Off (FATIGUE_GUARD=off): no limit applies, whatever is chosen. */
  guard: z.boolean(),
  /** The business's own choice; null: the default. */
  perDay: z.number().nullable(),
  perWeek: z.number().nullable(),
  defaultPerDay: z.number(),
  defaultPerWeek: z.number(),
  /** The most a business may choose. */
  maxPerDay: z.number(),
  maxPerWeek: z.number(),
});
export type NotificationLimits = z.infer<typeof NotificationLimitsSchema>;

/** The platform's side of the limits: its defaults and ceilings (FatigueSettings on the server). */
export type PlatformLimits = Pick<
  NotificationLimits,
  'defaultPerDay' | 'defaultPerWeek' | 'maxPerDay' | 'maxPerWeek'
>;

/**
 * What is wrong with a business's choice beyond the schema, by field: above the platform's
 * ceilings, or more a day than in a week (a null counting as the default it stands for). The
 * server refuses with these; the settings form says the same before sending.
 */
export function notificationLimitProblems(
  limits: { perDay: number | null; perWeek: number | null },
  platform: PlatformLimits,
): Partial<Record<'perDay' | 'perWeek', string>> {
  const problems: Partial<Record<'perDay' | 'perWeek', string>> = {};
  if (limits.perDay !== null && limits.perDay > platform.maxPerDay)
    problems.perDay = limitMessage('notifyPerDayMax', platform.maxPerDay);
  if (limits.perWeek !== null && limits.perWeek > platform.maxPerWeek)
    problems.perWeek = limitMessage('notifyPerWeekMax', platform.maxPerWeek);
  const perWeek = limits.perWeek ?? platform.defaultPerWeek;
  if (!problems.perDay && !problems.perWeek && (limits.perDay ?? platform.defaultPerDay) > perWeek)
    problems.perDay = limitMessage('notifyPerDayOverWeek', perWeek);
  return problems;
}
