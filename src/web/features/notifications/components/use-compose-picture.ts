import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Media } from '../../../../shared/schemas/notification.schema';
import { imageFileProblem } from '../../../lib/image-file';
import { translateMessage } from '../../../lib/translate-message';
import { useUploadMedia } from '../api/notifications.api';
import { uploadFailureText } from './compose-helpers';

/** The compose card's picture: uploaded as soon as it is chosen, shown from the file meanwhile. */
export function useComposePicture(establishmentId: string) {
  const { t } = useTranslation();
  const upload = useUploadMedia(establishmentId);
  const [media, setMedia] = useState<Media | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The local preview's object URL is released when replaced or when the card goes away.
  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  const onFile = async (file: File) => {
    setError(null);
    const problem = imageFileProblem(t, file);
    if (problem) {
      setError(problem);
      return;
    }
    setMedia(null);
    setLocalPreview(URL.createObjectURL(file));
    try {
      setMedia(await upload.mutateAsync(file));
    } catch (caught) {
      setError(uploadFailureText(t, caught));
    } finally {
      setLocalPreview(null);
    }
  };

  return {
    media,
    /** What the picker and the preview show: the chosen file while it uploads, then the upload. */
    src: localPreview ?? media?.url ?? null,
    error,
    uploading: upload.isPending,
    onFile,
    remove: () => {
      setMedia(null);
      setError(null);
    },
    /** Start from a picture already uploaded (a draft's, a past post's). */
    load: (from: { id: string; url: string } | null) => {
      setMedia(from ? { id: from.id, url: from.url, width: 0, height: 0 } : null);
      setError(null);
    },
    /** The server refused the uploaded picture at send time: it goes, and the reason stays beside the picker. */
    refuse: (message: string) => {
      setMedia(null);
      setError(translateMessage(t, message));
    },
  };
}

/** The compose card's picture state, as the message fields show it. */
export type ComposePicture = ReturnType<typeof useComposePicture>;
