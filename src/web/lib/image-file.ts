import type { TFunction } from 'i18next';
import { Msg } from '../../shared/messages';
import { MAX_IMAGE_BYTES } from '../../shared/uploads';
import { translateMessage } from './translate-message';

/**
 * Why this file cannot be uploaded as a picture, in the user's language, or null. The same
 * messages as the server's answers, said before the upload starts.
 */
export function imageFileProblem(t: TFunction, file: File): string | null {
  // Some systems give no type (HEIC on older browsers): the server decides those.
  if (file.type && !file.type.startsWith('image/')) return translateMessage(t, Msg.imageInvalid);
  if (file.size > MAX_IMAGE_BYTES) return translateMessage(t, Msg.imageTooLarge);
  return null;
}
