/**
 * Messages that name a configured limit: written once here with `{{max}}` where the number goes
 * (as the translations write it), filled in by the server, and translated by the web app from
 * the number it reads back (i18n/translate-message.ts).
 */
export const LimitMsg = {
  weeklySendsLimit:
    'This business already has {{max}} weekly sends running, the most it may have. Cancel one before adding another.',
  phoneUpdatesLimit:
    'This post was already updated on phones {{max}} times in the last hour, the most allowed. Save the text without updating phones, or try again later.',
  notifyPerDayMax: 'At most {{max}} a day: the most this platform allows',
  notifyPerWeekMax: 'At most {{max}} a week: the most this platform allows',
  /** A day's limit above the week's: `max` is the week's. */
  notifyPerDayOverWeek: 'At most {{max}} a day: no more than in a week',
} as const;

export type LimitMsgKey = keyof typeof LimitMsg;

/** The message with its limit filled in. */
export const limitMessage = (key: LimitMsgKey, max: number): string =>
  LimitMsg[key].replace('{{max}}', String(max));

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = (Object.keys(LimitMsg) as LimitMsgKey[]).map((key) => ({
  key,
  pattern: new RegExp(`^${literal(LimitMsg[key]).replace(literal('{{max}}'), '(\\d+)')}$`),
}));

/** Which limit message this is and the limit it names, or undefined for any other text. */
export function readLimitMessage(message: string): { key: LimitMsgKey; max: number } | undefined {
  for (const { key, pattern } of patterns) {
    const match = pattern.exec(message);
    if (match) return { key, max: Number(match[1]) };
  }
  return undefined;
}
