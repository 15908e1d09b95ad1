import { Msg } from '../../../shared/messages';
import { repeatProblem, type WeeklyRule, weeklyRuleOf } from '../../../shared/recurrence';
import type { ComposeNotificationBody } from '../../../shared/schemas/notification.schema';
import { scheduleProblem, validUntilProblem } from '../../../shared/schemas/schedule';
import type { AppContext } from '../../context';
import { fieldError } from '../../lib/app-error';

/** A scheduled send's time, checked against the app's clock: 1 minute to 90 days ahead, else 400 on the field. */
export function scheduleOf(ctx: AppContext, scheduledFor: string): Date {
  const at = new Date(scheduledFor);
  const problem = scheduleProblem(at, ctx.now());
  if (problem) throw fieldError('scheduledFor', problem);
  return at;
}

/** An offer's end: after the send, else 400 on the field. */
export function validUntilOf(validUntil: string, sendAt: Date): Date {
  const at = new Date(validUntil);
  const problem = validUntilProblem(at, sendAt);
  if (problem) throw fieldError('validUntil', problem);
  return at;
}

/** A weekly send's rule: its first send must be scheduled, its last date (if any) not before it. */
export function weeklyRuleFor(
  body: ComposeNotificationBody,
  scheduledFor: Date | null,
  timeZone: string,
): WeeklyRule | null {
  if (!body.repeat) return null;
  if (!scheduledFor) throw fieldError('scheduledFor', Msg.repeatNeedsFirst);
  const until = body.repeat.until ?? null;
  const problem = repeatProblem(scheduledFor, timeZone, until);
  if (problem) throw fieldError('repeat.until', problem);
  return weeklyRuleOf(scheduledFor, timeZone, until, body.repeat.weekdays);
}
