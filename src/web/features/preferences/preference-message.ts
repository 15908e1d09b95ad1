import type { TFunction } from 'i18next';
import { Msg } from '../../../shared/messages';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { translateMessage } from '../../lib/translate-message';

const msgKey = new Map<string, string>(Object.entries(Msg).map(([key, text]) => [text, key]));

/** This feature's translation of a message the preference routes added to Msg, or '' when it has none. */
function ownTranslation(t: TFunction, message: string): string {
  const key = msgKey.get(message);
  return key ? t(`preferences.serverMessages.${key}`, { defaultValue: '' }) : '';
}

/**
 * A server message of the preference API in the user's language: this feature's translations of
 * the messages its routes added (preferences.serverMessages), else the app's shared ones
 * (common:messages: "Preference created!", "group is required"…), else the text as sent.
 */
export function preferenceMessage(t: TFunction, message: string | undefined): string {
  return (message && ownTranslation(t, message)) || translateMessage(t, message);
}

/**
 * A failed preference call's text. The precise message comes first ("This group still holds
 * preferences…" says more than the 409's generic CONFLICT text), then the code's translation.
 */
export function preferenceErrorText(t: TFunction, error: unknown): string {
  return (error instanceof ApiError && ownTranslation(t, error.message)) || apiErrorText(t, error);
}
