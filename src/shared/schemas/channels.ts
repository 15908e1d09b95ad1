/**
 * How a send reaches a follower (a delivery's channel), and what each follower chooses for each
 * business they follow. The feed always has every post, whatever the choice.
 */
export const DELIVERY_CHANNELS = ['push', 'email'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * auto: their phone when they have a live device, else email (given their consent), so nobody gets
 * the same send twice; phone; email; both: phone and email; feed: nothing is sent, the feed has it.
 */
export const NOTIFY_CHOICES = ['auto', 'phone', 'email', 'both', 'feed'] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

/** "Pause for a day / a week / until I turn it back on": how long a pause asked for lasts. */
export const PAUSE_LENGTHS = ['day', 'week', 'untilResumed'] as const;
export type PauseLength = (typeof PAUSE_LENGTHS)[number];
