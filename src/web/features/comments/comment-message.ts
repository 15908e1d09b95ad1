import type { TFunction } from 'i18next';
import { CommentMsg } from '../../../shared/schemas/comment.schema';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { translateMessage } from '../../lib/translate-message';

const msgKey = new Map<string, string>(Object.entries(CommentMsg).map(([key, text]) => [text, key]));

/** This feature's translation of a message of the comment rules (CommentMsg), or '' when it is none of them. */
function ownTranslation(t: TFunction, message: string): string {
  const key = msgKey.get(message);
  return key ? t(`comments.serverMessages.${key}`, { defaultValue: '' }) : '';
}

/**
 * A message of the comment API or schema in the user's language: this feature's translations of
 * CommentMsg ("comment is required", "Comments are turned off for this post."), else the app's
 * shared ones, else the text as sent.
 */
export function commentMessage(t: TFunction, message: string | undefined): string {
  return (message && ownTranslation(t, message)) || translateMessage(t, message);
}

/** A failed comment call's text: its own message when it is one of ours, else its code's translation. */
export function commentErrorText(t: TFunction, error: unknown): string {
  return (error instanceof ApiError && ownTranslation(t, error.message)) || apiErrorText(t, error);
}
