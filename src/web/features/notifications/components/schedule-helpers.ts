/** What the schedule field, the scheduled list and their dialogs share: wall times, texts, due times. */
import type { TFunction } from 'i18next';
import { Msg } from '../../../../shared/messages';
import { SCHEDULE_MAX_DAYS, scheduleProblem } from '../../../../shared/schemas/schedule';
import { instantToZoned, type WallTime, zonedToInstant } from '../../../../shared/zoned-time';
import { translateMessage } from '../../../lib/translate-message';

/** The scheduling messages of the API, each with its translation under schedule.messages. */
const SCHEDULE_MESSAGES = [
  'notificationScheduled',
  'scheduleUpdated',
  'scheduleCancelled',
  'scheduleInvalid',
  'scheduleTooSoon',
  'scheduleTooFar',
  'scheduleEditNothing',
  'alreadySent',
] as const;
const keyOf = new Map<string, string>(SCHEDULE_MESSAGES.map((key) => [Msg[key], key]));

/** A message of the API in the user's language: ours under schedule.messages, the others as usual. */
export function scheduleMessageText(t: TFunction, message: string | undefined): string {
  const key = message ? keyOf.get(message) : undefined;
  return key ? t(`schedule.messages.${key}`) : translateMessage(t, message);
}

const HOUR = 3600_000;

/** A first suggestion: the next full hour at least half an hour from now, on the zone's clock. */
export function suggestedWallTime(timeZone: string, now = Date.now()): WallTime {
  const wall = instantToZoned(now + HOUR / 2, timeZone);
  const next = zonedToInstant({ date: wall.date, time: `${wall.time.slice(0, 2)}:00` }, timeZone);
  return instantToZoned((next?.getTime() ?? now) + HOUR, timeZone);
}

/** The days the date field offers: today to 90 days on, on the zone's calendar. */
export function dateBounds(timeZone: string, now = Date.now()): { min: string; max: string } {
  return {
    min: instantToZoned(now, timeZone).date,
    max: instantToZoned(now + SCHEDULE_MAX_DAYS * 24 * HOUR, timeZone).date,
  };
}

/**
 * The instant a date and time in the zone name, or the message saying what is wrong with them
 * (missing, not a day, too soon or too far: the server's own rules, said before asking it).
 */
export function scheduledInstant(
  wall: WallTime,
  timeZone: string,
  now = new Date(),
): { at: Date; problem: null } | { at: null; problem: 'required' | string } {
  if (!wall.date || !wall.time) return { at: null, problem: 'required' };
  const at = zonedToInstant(wall, timeZone);
  if (!at) return { at: null, problem: 'required' };
  const problem = scheduleProblem(at, now);
  return problem ? { at: null, problem } : { at, problem: null };
}

/** The text for a problem scheduledInstant found. */
export function problemText(t: TFunction, problem: string): string {
  return problem === 'required' ? t('schedule.required') : scheduleMessageText(t, problem);
}

/** A due time as the establishment's clock shows it: "Tue 25 Nov 2026, 17:00". */
export function dueText(locale: string, iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** A zone's name as people read it: "Europe/Bratislava" -> "Europe/Bratislava" with spaces for "_". */
export const zoneName = (timeZone: string) => timeZone.replaceAll('_', ' ');
