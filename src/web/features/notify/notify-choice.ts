import type { NotifyChoice } from '../../../shared/schemas/channels';
import { PAUSED_UNTIL_RESUMED } from '../../../shared/schemas/notify.schema';

/** A pause that lasts until the follower turns it back on (stored as a far date, not as "never"). */
export const pausedUntilResumed = (pausedUntil: string) =>
  Date.parse(pausedUntil) >= Date.parse(PAUSED_UNTIL_RESUMED);

/** Choices that email: the server refuses them without the follower's consent to news by email. */
export const emailsNews = (choice: NotifyChoice) => choice === 'email' || choice === 'both';
