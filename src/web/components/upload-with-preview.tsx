import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { Box, Button, type ButtonProps, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileErrorText } from '../lib/api-error-text';
import { imageFileProblem } from '../lib/image-file';
import { BusyOverlay } from './busy-overlay';

interface FileChooserProps extends Omit<ButtonProps, 'onClick'> {
  /** Called with the chosen files (never empty). */
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  /** The id of the text that describes the input (an error), if any. */
  describedBy?: string;
}

/** A button that opens the file chooser for pictures; choosing the same file twice still counts. */
export function FileChooserButton({ onFiles, multiple, describedBy, children, ...button }: FileChooserProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple={multiple}
        hidden
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same file again still fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}

const FRAME = {
  circle: { width: 144, aspectRatio: '1 / 1', borderRadius: '50%' },
  square: { width: 128, aspectRatio: '1 / 1', borderRadius: 2 },
  wide: { width: '100%', aspectRatio: '8 / 3', borderRadius: 2 },
} as const;

interface Props {
  /** Sends the picture; resolves to the text of the success snackbar, rejects with the failure. */
  upload: (file: File) => Promise<string>;
  /** The current picture's address, if any. */
  src: string | undefined;
  shape: keyof typeof FRAME;
  /** Shown in the frame when there is no picture (initials, an icon). */
  fallback: ReactNode;
  labels: { button: string; uploading: string; alt: string; previewAlt: string; hint: string };
  disabled?: boolean;
}

/**
 * One picture (avatar, logo, cover) with "Change": the chosen file is previewed at once under a
 * spinner while it uploads; a refused file's reason replaces the hint.
 */
export function UploadWithPreview({ upload, src, shape, fallback, labels, disabled }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  // The preview's object URL is released when replaced or when the control goes away.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onFiles = async ([file]: File[]) => {
    if (!file) return;
    setError(null);
    const problem = imageFileProblem(t, file);
    if (problem) {
      setError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    try {
      enqueueSnackbar(await upload(file), { variant: 'success' });
    } catch (failure) {
      setError(fileErrorText(t, failure));
    } finally {
      setBusy(false);
      setPreview(null);
    }
  };

  const shown = preview ?? src;
  const circle = shape === 'circle';
  return (
    <Stack spacing={1.5} sx={{ alignItems: circle ? 'center' : 'flex-start', minWidth: 0 }}>
      <Box
        sx={(theme) => ({
          ...FRAME[shape],
          position: 'relative',
          maxWidth: 560,
          overflow: 'hidden',
          border: circle ? 0 : 1,
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
          // Initials on the theme's primary colour take its contrast text (dark on ONE_DARK's light blue).
          color: circle ? 'primary.contrastText' : 'common.white',
          backgroundImage: circle
            ? undefined
            : `linear-gradient(135deg, ${theme.palette.primary.main} 0%, ${theme.palette.secondary.main} 100%)`,
          bgcolor: circle ? 'primary.main' : undefined,
        })}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={preview ? labels.previewAlt : labels.alt}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          fallback
        )}
        {busy && <BusyOverlay label={labels.uploading} size={circle ? 48 : undefined} />}
      </Box>
      <FileChooserButton
        variant="outlined"
        size={circle ? 'medium' : 'small'}
        startIcon={<PhotoCameraOutlined />}
        onFiles={onFiles}
        describedBy={error ? errorId : undefined}
        disabled={disabled || busy}
      >
        {busy ? labels.uploading : labels.button}
      </FileChooserButton>
      {error ? (
        <Typography id={errorId} role="alert" variant="body2" color="error">
          {error}
        </Typography>
      ) : (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', textAlign: circle ? 'center' : undefined }}
        >
          {labels.hint}
        </Typography>
      )}
    </Stack>
  );
}
