import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { translateMessage } from './translate-message';

/** The text to show for a failed account call: its code's translation, else its (translated) message. */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('common:errors.INTERNAL');
  const fallback = translateMessage(t, error.message);
  return t(`common:errors.${error.code}`, { defaultValue: fallback });
}
