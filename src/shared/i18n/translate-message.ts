import type { TFunction } from 'i18next';
import { readLimitMessage } from '../limit-messages';
import { FieldLabel, Msg } from '../messages';

const messageKey = new Map<string, string>(Object.entries(Msg).map(([key, text]) => [text, key]));
const labelKey = new Map<string, string>(Object.entries(FieldLabel).map(([key, label]) => [label, key]));

/** Whether the message is one of the shared texts (Msg, LimitMsg): translateMessage has words for it. */
export const isKnownMessage = (message: string): boolean =>
  messageKey.has(message) || readLimitMessage(message) !== undefined;

/**
 * Translate a message written once in the shared schemas (English, as the spec quotes it) into
 * the user's language: known messages by their Msg key, a limit's message (LimitMsg) with its
 * number, "<field> is required" and "<Field> must be at most N characters" by their field.
 * A message with no translation is shown as it is.
 */
export function translateMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  const key = messageKey.get(message);
  if (key) return t(`common:messages.${key}`, { defaultValue: message });
  const limit = readLimitMessage(message);
  if (limit) return t(`common:messages.${limit.key}`, { max: limit.max, defaultValue: message });
  const required = /^(.+) is required$/.exec(message);
  const label = required ? labelKey.get(required[1]!) : undefined;
  if (label) {
    return t('common:messages.required', { field: t(`common:fieldLabels.${label}`), defaultValue: message });
  }
  const long = /^(.+) must be at most (\d+) characters$/.exec(message);
  const longLabel = long ? labelKey.get(long[1]!.charAt(0).toLowerCase() + long[1]!.slice(1)) : undefined;
  if (long && longLabel) {
    const text = t('common:messages.tooLong', {
      field: t(`common:fieldLabels.${longLabel}`),
      max: Number(long[2]),
      defaultValue: message,
    });
    return text.charAt(0).toLocaleUpperCase() + text.slice(1);
  }
  return message;
}
