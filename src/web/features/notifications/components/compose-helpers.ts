/** What the compose card needs besides its layout: the preview's id, a compose key, failure texts. */
import type { TFunction } from 'i18next';
import { readLimitMessage } from '../../../../shared/limit-messages';
import { Msg } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';

/** Stands in for the id the server gives the notification: ids are UUIDs, so the byte count is exact. */
export const PREVIEW_ID = '00000000-0000-4000-8000-000000000000';
const KNOWN_MESSAGES = new Set<string>(Object.values(Msg));

/** A failed call's text: the server's own message when we know it (it says why), else its code's. */
export function failureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && (KNOWN_MESSAGES.has(error.message) || readLimitMessage(error.message)))
    return translateMessage(t, error.message);
  return apiErrorText(t, error);
}

/** A failed picture upload's text: the file's own message, else the call's. */
export function uploadFailureText(t: TFunction, error: unknown): string {
  const field = error instanceof ApiError ? error.fields.file : undefined;
  return field ? translateMessage(t, field) : failureText(t, error);
}

/** A random key; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newComposeKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}
