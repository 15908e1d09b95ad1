import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { CircularProgress, InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from '../../../../shared/schemas/establishment.schema';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useCaptionGalleryImage } from '../api/gallery.api';

/** One picture of an establishment's gallery, and whether the controls on it are off. */
export interface GalleryImageProps {
  establishmentId: string;
  image: GalleryImage;
  disabled?: boolean;
}

/** A picture's caption, edited in place: saved on blur or Enter, Escape puts the saved one back. */
export function GalleryCaptionField({ establishmentId, image, disabled }: GalleryImageProps) {
  const { t } = useTranslation();
  const save = useCaptionGalleryImage(establishmentId);
  const [value, setValue] = useState(image.caption);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  // A caption changed elsewhere (a refetch) shows here unless this field has unsaved text.
  useEffect(() => setValue(image.caption), [image.caption]);
  // "Saved" shows briefly, then the field looks like any other again.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 2500);
    return () => clearTimeout(timer);
  }, [saved]);

  const commit = async () => {
    const caption = value.trim();
    if (caption === image.caption) {
      setValue(image.caption);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ imageId: image.id, caption });
      setSaved(true);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields.caption : undefined;
      setError(field ? translateMessage(t, field) : apiErrorText(t, failure));
    }
  };

  return (
    <TextField
      size="small"
      label={t('establishmentPage.gallery.captionLabel')}
      placeholder={t('establishmentPage.gallery.captionPlaceholder')}
      value={value}
      disabled={disabled}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          (event.target as HTMLInputElement).blur();
        } else if (event.key === 'Escape') {
          setValue(image.caption);
          setError(null);
        }
      }}
      error={Boolean(error)}
      helperText={error ?? (saved ? t('establishmentPage.gallery.captionSaved') : ' ')}
      slotProps={{
        input: {
          endAdornment: save.isPending ? (
            <InputAdornment position="end">
              <CircularProgress size={16} aria-label={t('establishmentPage.gallery.captionSaving')} />
            </InputAdornment>
          ) : saved ? (
            <InputAdornment position="end">
              <CheckCircleOutlineIcon fontSize="small" color="success" aria-hidden />
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
