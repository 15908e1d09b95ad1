import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { Alert, Box, Card, CardContent, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel, Msg, tooLong } from '../../../../shared/messages';
import { FileChooserButton } from '../../../components/upload-with-preview';
import { ApiError } from '../../../lib/api-client';
import { fileErrorText } from '../../../lib/api-error-text';
import { imageFileProblem } from '../../../lib/image-file';
import { translateMessage } from '../../../lib/translate-message';
import { useAddGalleryImage } from '../api/gallery.api';

const CAPTION_MAX = 200;

interface Props {
  establishmentId: string;
  /** How many more pictures the gallery takes. */
  room: number;
  disabled?: boolean;
}

interface Failure {
  name: string;
  message: string;
}

/** Choose one or more pictures, with an optional caption; they upload one after another with progress. */
export function GalleryUploadCard({ establishmentId, room, disabled }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddGalleryImage(establishmentId);
  const [caption, setCaption] = useState('');
  const [captionError, setCaptionError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const full = room <= 0;

  const onFiles = async (files: File[]) => {
    setFailures([]);
    setCaptionError(null);
    if (caption.length > CAPTION_MAX) {
      setCaptionError(translateMessage(t, tooLong(FieldLabel.caption, CAPTION_MAX)));
      return;
    }
    // Files beyond the gallery's room are not sent: the server would refuse each one.
    const sending = files.slice(0, Math.max(room, 0));
    const failed: Failure[] = files
      .slice(sending.length)
      .map((file) => ({ name: file.name, message: translateMessage(t, Msg.galleryFull) }));
    let added = 0;
    setProgress({ done: 0, total: sending.length });
    for (const [index, file] of sending.entries()) {
      const problem = imageFileProblem(t, file);
      if (problem) {
        failed.push({ name: file.name, message: problem });
      } else {
        try {
          await add.mutateAsync({ file, caption: caption.trim() });
          added++;
        } catch (failure) {
          // A bad caption fails every file alike: say it once, beside the caption, and stop.
          const captionMessage = failure instanceof ApiError ? failure.fields.caption : undefined;
          if (captionMessage) {
            setCaptionError(translateMessage(t, captionMessage));
            break;
          }
          failed.push({ name: file.name, message: fileErrorText(t, failure) });
        }
      }
      setProgress({ done: index + 1, total: sending.length });
    }
    setProgress(null);
    setFailures(failed);
    if (added > 0) {
      setCaption('');
      enqueueSnackbar(t('establishmentPage.gallery.uploaded', { value: added }), { variant: 'success' });
    }
  };

  const busy = progress !== null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography variant="h6" component="h2">
              {t('establishmentPage.gallery.addTitle')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('establishmentPage.gallery.addText')}
            </Typography>
          </Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label={t('establishmentPage.gallery.captionLabel')}
              value={caption}
              onChange={(event) => setCaption(event.target.value)}
              disabled={busy || disabled || full}
              error={Boolean(captionError)}
              helperText={captionError ?? t('establishmentPage.gallery.captionHint')}
              slotProps={{ htmlInput: { maxLength: CAPTION_MAX + 50 } }}
              sx={{ flexGrow: 1 }}
            />
            <FileChooserButton
              multiple
              onFiles={onFiles}
              variant="contained"
              startIcon={<AddPhotoAlternateOutlinedIcon />}
              disabled={busy || disabled || full}
              sx={{ flexShrink: 0, minHeight: 56 }}
            >
              {t('establishmentPage.gallery.choose')}
            </FileChooserButton>
          </Stack>
          {busy && (
            <Box role="status">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('establishmentPage.gallery.progress', {
                  current: Math.min(progress.done + 1, progress.total),
                  total: progress.total,
                })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={progress.total ? (progress.done / progress.total) * 100 : 0}
                aria-label={t('establishmentPage.gallery.progressLabel')}
              />
            </Box>
          )}
          {full && !busy && <Alert severity="info">{translateMessage(t, Msg.galleryFull)}</Alert>}
          {failures.length > 0 && (
            <Alert severity="error" onClose={() => setFailures([])}>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('establishmentPage.gallery.failedTitle')}
              </Typography>
              <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
                {failures.map((failure, index) => (
                  // Two files may share a name; the position keeps the keys apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt, never reordered
                  <li key={`${index}-${failure.name}`}>
                    <Box component="span" dir="auto" sx={{ wordBreak: 'break-all' }}>
                      {failure.name}
                    </Box>
                    {': '}
                    {failure.message}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
