import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { translateMessage } from './translate-message';

/** The text to show for a failed account call: its code's translation, else its (translated) message. */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('common:errors.INTERNAL');
  const fallback = translateMessage(t, error.message);
  return t(`common:errors.${error.code}`, { defaultValue: fallback });
}

/** The text for a failed file upload: the file field's own message (413, 415, 409) or the error's. */
export function fileErrorText(t: TFunction, error: unknown): string {
  const field = error instanceof ApiError ? error.fields.file : undefined;
  return field ? translateMessage(t, field) : apiErrorText(t, error);
}
