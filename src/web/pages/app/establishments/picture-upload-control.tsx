import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import { useUploadEstablishmentPicture } from '../../../features/establishments/api/establishments.api';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { imageFileProblem } from '../../../lib/image-file';
import { translateMessage } from '../../../lib/translate-message';

// The server's limit (10 MB): a bigger file is refused here without sending it.

interface Props {
  establishmentId: string;
  which: 'logo' | 'cover';
  /** The current picture's address, if any. */
  src: string | undefined;
  disabled?: boolean;
}

/** The text for a failed picture upload: the file's own message (413, 415, 409) or the error's. */
export function uploadErrorText(t: Parameters<typeof translateMessage>[0], failure: unknown) {
  const field = failure instanceof ApiError ? failure.fields.file : undefined;
  return field ? translateMessage(t, field) : apiErrorText(t, failure);
}

/** The logo (square) or cover (wide) with a preview while it uploads, and its error under it. */
export function PictureUploadControl({ establishmentId, which, src, disabled }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadEstablishmentPicture(establishmentId, which);
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  // The preview's object URL is released when replaced or when the control goes away.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    setError(null);
    const problem = imageFileProblem(t, file);
    if (problem) {
      setError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    try {
      const { message } = await upload.mutateAsync(file);
      enqueueSnackbar(translateMessage(t, message ?? Msg.establishmentUpdated), { variant: 'success' });
    } catch (failure) {
      setError(uploadErrorText(t, failure));
    } finally {
      setPreview(null);
    }
  };

  const shown = preview ?? src;
  const isLogo = which === 'logo';
  return (
    <Stack
      spacing={1.5}
      sx={{ alignItems: 'flex-start', minWidth: 0, maxWidth: isLogo ? { sm: 200 } : undefined }}
    >
      <Typography variant="subtitle1" component="h3">
        {t(`establishmentPage.profile.${which}.title`)}
      </Typography>
      <Box
        sx={(theme) => ({
          position: 'relative',
          width: isLogo ? 128 : '100%',
          maxWidth: 560,
          aspectRatio: isLogo ? '1 / 1' : '8 / 3',
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
          color: 'common.white',
          backgroundImage: `linear-gradient(135deg, ${theme.palette.primary.main} 0%, ${theme.palette.secondary.main} 100%)`,
        })}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={
              preview
                ? t('establishmentPage.profile.previewAlt')
                : t(`establishmentPage.profile.${which}.alt`)
            }
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <StorefrontOutlinedIcon aria-hidden sx={{ fontSize: 48, opacity: 0.8 }} />
        )}
        {upload.isPending && (
          // A dimmed veil over the preview so the spinner reads on any picture.
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(0, 0, 0, 0.45)',
              color: 'common.white',
            }}
          >
            <CircularProgress color="inherit" aria-label={t('establishmentPage.profile.uploading')} />
          </Box>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={onFile}
        aria-describedby={error ? errorId : undefined}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<PhotoCameraOutlined />}
        onClick={() => input.current?.click()}
        disabled={disabled || upload.isPending}
      >
        {upload.isPending
          ? t('establishmentPage.profile.uploading')
          : t(`establishmentPage.profile.${which}.${src ? 'change' : 'upload'}`)}
      </Button>
      {error ? (
        <Typography id={errorId} role="alert" variant="body2" color="error">
          {error}
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`establishmentPage.profile.${which}.hint`)}
        </Typography>
      )}
    </Stack>
  );
}
