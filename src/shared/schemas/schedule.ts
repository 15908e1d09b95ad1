import { z } from 'zod';
import { Msg } from '../messages';

/** Scheduled sends: how soon and how far ahead a send may be planned. */
export const SCHEDULE_MIN_LEAD_MS = 60_000;
export const SCHEDULE_MAX_DAYS = 90;
const DAY_MS = 24 * 3600_000;

/** `scheduledFor` of compose and edit: an ISO 8601 date-time with an offset or Z. */
export const scheduledForField = z.iso.datetime({ offset: true, error: Msg.scheduleInvalid });

/**
 * What is wrong with planning a send at `at` when it is `now`: too soon (or past), or too far
 * ahead; null when it may be planned. The server decides by its clock; the form asks too, to say it
 * before sending.
 */
export function scheduleProblem(at: Date, now: Date): string | null {
  const lead = at.getTime() - now.getTime();
  if (Number.isNaN(lead)) return Msg.scheduleInvalid;
  if (lead < SCHEDULE_MIN_LEAD_MS) return Msg.scheduleTooSoon;
  if (lead > SCHEDULE_MAX_DAYS * DAY_MS) return Msg.scheduleTooFar;
  return null;
}

/** What is wrong with an offer ending at `until` for a send at `sendAt`; null when it may. */
export function validUntilProblem(until: Date, sendAt: Date): string | null {
  if (Number.isNaN(until.getTime())) return Msg.scheduleInvalid;
  return until.getTime() > sendAt.getTime() ? null : Msg.endAfterStart;
}
