import type { TFunction } from 'i18next';
import { ErrorCode } from '../../shared/error-codes';
import { ApiError } from './api-client';
import { isKnownMessage, translateMessage } from './translate-message';

/**
 * The text to show for a failed call: the server's own reason when it is one of the shared messages
 * (a 409 "You are the only admin..." says more than the code's generic "This conflicts..."), else
 * its code's translation, else its message as it came. A refused form keeps "check the highlighted
 * fields": its reasons stand beside the fields.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('common:errors.INTERNAL');
  const fallback = translateMessage(t, error.message);
  if (error.code !== ErrorCode.VALIDATION && isKnownMessage(error.message)) return fallback;
  return t(`common:errors.${error.code}`, { defaultValue: fallback });
}

/** The text for a failed file upload: the file field's own message (413, 415, 409) or the error's. */
export function fileErrorText(t: TFunction, error: unknown): string {
  const field = error instanceof ApiError ? error.fields.file : undefined;
  return field ? translateMessage(t, field) : apiErrorText(t, error);
}
