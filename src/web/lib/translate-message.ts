import type { TFunction } from 'i18next';
import { FieldLabel, Msg } from '../../shared/messages';

const messageKey = new Map<string, string>(Object.entries(Msg).map(([key, text]) => [text, key]));
const labelKey = new Map<string, string>(Object.entries(FieldLabel).map(([key, label]) => [label, key]));

/**
 * Translate a message written once in the shared schemas (English, as the spec quotes it) into
 * the user's language: known messages by their Msg key, "<field> is required" by its field.
 * A message with no translation is shown as it is.
 */
export function translateMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  const key = messageKey.get(message);
  if (key) return t(`common:messages.${key}`, { defaultValue: message });
  const required = /^(.+) is required$/.exec(message);
  const label = required ? labelKey.get(required[1]!) : undefined;
  if (label) {
    return t('common:messages.required', { field: t(`common:fieldLabels.${label}`), defaultValue: message });
  }
  return message;
}
