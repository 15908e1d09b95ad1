import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Media, MediaKind } from '../../../../shared/schemas/notification.schema';
import { postMediaFileProblem, postMediaKindOf, videoPosterOf } from '../../../lib/post-media-file';
import { translateMessage } from '../../../lib/translate-message';
import { useUploadMedia } from '../api/notifications.api';
import { uploadFailureText } from './compose-helpers';

/** What a media row says when only its picture is known (a draft's, an older post's). */
const PICTURE_ONLY = {
  width: 0,
  height: 0,
  kind: 'picture',
  fileUrl: null,
  fileBytes: null,
  durationSeconds: null,
} as const;

/**
 * The compose card's picture, PDF or video: uploaded as soon as it is chosen (a video with the
 * frame the browser takes as its poster), shown from the file meanwhile.
 */
export function useComposePicture(establishmentId: string) {
  const { t } = useTranslation();
  const upload = useUploadMedia(establishmentId);
  const [media, setMedia] = useState<Media | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploadingKind, setUploadingKind] = useState<MediaKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The local preview's object URL is released when replaced or when the card goes away.
  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  const onFile = async (file: File) => {
    setError(null);
    const problem = postMediaFileProblem(t, file);
    if (problem) {
      setError(problem);
      return;
    }
    const kind = postMediaKindOf(file);
    setMedia(null);
    setUploadingKind(kind);
    try {
      const poster = kind === 'video' ? await videoPosterOf(file) : null;
      // A PDF shows nothing until the server has drawn its first page.
      if (kind !== 'pdf') setLocalPreview(URL.createObjectURL(poster ?? file));
      setMedia(await upload.mutateAsync({ file, poster }));
    } catch (caught) {
      setError(uploadFailureText(t, caught));
    } finally {
      setLocalPreview(null);
      setUploadingKind(null);
    }
  };

  return {
    media,
    /** What the picker and the preview show: the chosen file while it uploads, then the upload. */
    src: localPreview ?? media?.url ?? null,
    /** What is chosen: a picture, a PDF or a video (null: nothing). */
    kind: uploadingKind ?? media?.kind ?? null,
    error,
    uploading: uploadingKind !== null,
    onFile,
    remove: () => {
      setMedia(null);
      setError(null);
    },
    /** Start from a picture already uploaded (a draft's, a past post's). */
    load: (from: (Pick<Media, 'id' | 'url'> & Partial<Media>) | null) => {
      setMedia(from ? { ...PICTURE_ONLY, ...from } : null);
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
