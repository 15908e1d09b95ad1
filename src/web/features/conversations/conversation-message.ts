import type { TFunction } from 'i18next';
import { ConversationMsg } from '../../../shared/schemas/conversation.schema';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';

const msgKey = new Map<string, string>(Object.entries(ConversationMsg).map(([key, text]) => [text, key]));

/** This feature's translation of a conversation route's message, or '' when it has none. */
function ownTranslation(t: TFunction, message: string | undefined): string {
  const key = message ? msgKey.get(message) : undefined;
  return key ? t(`conversations.serverMessages.${key}`, { defaultValue: '' }) : '';
}

/**
 * A failed conversation call's text in the user's language: the precise message first ("You cannot
 * write to this business."), the field's message of a 400, then the code's translation.
 */
export function conversationErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return apiErrorText(t, error);
  return ownTranslation(t, error.message) || ownTranslation(t, error.fields.text) || apiErrorText(t, error);
}
