import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PlayCircleFilledWhiteOutlinedIcon from '@mui/icons-material/PlayCircleFilledWhiteOutlined';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaKind } from '../../../../shared/schemas/notification.schema';
import { POST_MEDIA_ACCEPT } from '../../../../shared/uploads';
import { BusyOverlay } from '../../../components/busy-overlay';

const REMOVE_LABEL: Record<MediaKind, string> = {
  picture: 'notifications.compose.removePicture',
  pdf: 'notifications.compose.removePdf',
  video: 'notifications.compose.removeVideo',
};

interface Props {
  /** The picture shown: the uploaded one (a PDF's first page, a video's poster), or a local preview while it uploads. */
  src: string | null;
  /** What is chosen: a picture, a PDF or a video; null when nothing is. */
  kind: MediaKind | null;
  uploading: boolean;
  /** Why the last picture was refused, shown beside the control. */
  error: string | null;
  disabled?: boolean;
  onFile(file: File): void;
  onRemove(): void;
}

/**
 * Choose or drop one picture, PDF (a menu) or short video for a notification; a thumbnail (the
 * PDF's first page, the video's poster, marked as such) with a remove button once chosen.
 */
export function MediaPicker({ src, kind, uploading, error, disabled, onFile, onRemove }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const errorId = useId();
  const hintId = useId();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files?.[0];
    if (file && !disabled && !uploading) onFile(file);
  };
  const onDragOver = (event: DragEvent) => {
    if (disabled || uploading) return;
    event.preventDefault();
    setDragging(true);
  };

  return (
    <Stack spacing={1}>
      <Box
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 2,
          p: 1.5,
          borderRadius: 2,
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.selected' : 'transparent',
          transition: 'background-color 120ms, border-color 120ms',
        }}
      >
        {(src || kind) && (
          <Box sx={{ position: 'relative', width: 112, height: 112, flexShrink: 0, alignSelf: 'flex-start' }}>
            {src ? (
              <Box
                component="img"
                src={src}
                alt={t(kind === 'pdf' ? 'notifications.compose.pdfAlt' : 'notifications.compose.pictureAlt')}
                sx={{
                  width: '100%',
                  height: '100%',
                  objectFit: 'cover',
                  borderRadius: 1.5,
                  display: 'block',
                }}
              />
            ) : (
              <Box sx={{ width: '100%', height: '100%', borderRadius: 1.5, bgcolor: 'action.hover' }} />
            )}
            {kind === 'video' && (
              <PlayCircleFilledWhiteOutlinedIcon
                aria-hidden
                sx={{
                  position: 'absolute',
                  inset: 0,
                  m: 'auto',
                  fontSize: 40,
                  color: 'common.white',
                  opacity: 0.9,
                }}
              />
            )}
            {kind === 'pdf' && (
              <PictureAsPdfOutlinedIcon
                aria-hidden
                sx={{
                  position: 'absolute',
                  left: 6,
                  bottom: 6,
                  color: 'error.main',
                  bgcolor: 'background.paper',
                  borderRadius: 0.5,
                }}
              />
            )}
            {uploading ? (
              <BusyOverlay label={t('notifications.compose.uploading')} size={32} borderRadius={1.5} />
            ) : (
              <Tooltip title={t(REMOVE_LABEL[kind ?? 'picture'])}>
                <IconButton
                  size="small"
                  onClick={onRemove}
                  disabled={disabled}
                  aria-label={t(REMOVE_LABEL[kind ?? 'picture'])}
                  sx={{
                    position: 'absolute',
                    top: 4,
                    right: 4,
                    bgcolor: 'rgba(0, 0, 0, 0.6)',
                    color: 'common.white',
                    '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.8)' },
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        )}
        <Stack spacing={0.75} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <input
            ref={input}
            type="file"
            accept={POST_MEDIA_ACCEPT}
            hidden
            onChange={onChange}
            aria-describedby={error ? errorId : hintId}
          />
          <Button
            variant="outlined"
            startIcon={<AddPhotoAlternateOutlinedIcon />}
            onClick={() => input.current?.click()}
            disabled={disabled || uploading}
            aria-describedby={error ? errorId : hintId}
          >
            {src || kind ? t('notifications.compose.changeMedia') : t('notifications.compose.addMedia')}
          </Button>
          <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
            {dragging ? t('notifications.compose.dropHere') : t('notifications.compose.mediaHint')}
          </Typography>
        </Stack>
      </Box>
      {error && (
        <Typography id={errorId} role="alert" variant="body2" color="error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
