import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { Avatar, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../shared/schemas/account.schema';
import { useUploadAvatar } from '../../../features/account/api/upload-avatar.api';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { imageFileProblem } from '../../../lib/image-file';
import { translateMessage } from '../../../lib/translate-message';
import { avatarUrl, initialsOf } from './avatar-url';

// The server's limit (10 MB): a bigger file is refused here without sending it.
const SIZE = 144;

/** The current picture, large, with "Change picture": preview while uploading, errors under it. */
export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = `${user.firstName} ${user.lastName}`.trim();

  // The preview's object URL is released when replaced or when the card goes away.
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
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields.file : undefined;
      setError(field ? translateMessage(t, field) : apiErrorText(t, failure));
    } finally {
      setPreview(null);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ alignSelf: 'stretch', textAlign: 'start' }}>
            {t('accountPage.avatar.title')}
          </Typography>
          <Box sx={{ position: 'relative', width: SIZE, height: SIZE }}>
            <Avatar
              src={preview ?? avatarUrl(user)}
              alt={preview ? t('accountPage.avatar.previewAlt') : t('accountPage.avatar.alt', { name })}
              sx={{
                width: SIZE,
                height: SIZE,
                fontSize: 52,
                fontWeight: 600,
                bgcolor: 'primary.main',
              }}
            >
              {initialsOf(user)}
            </Avatar>
            {upload.isPending && (
              // A dimmed veil over the preview so the spinner reads on any picture.
              <Box
                sx={{
                  position: 'absolute',
                  inset: 0,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'rgba(0, 0, 0, 0.45)',
                  color: 'common.white',
                }}
              >
                <CircularProgress color="inherit" size={48} aria-label={t('accountPage.avatar.uploading')} />
              </Box>
            )}
          </Box>
          {error && (
            <Typography role="alert" variant="body2" color="error">
              {error}
            </Typography>
          )}
          <input ref={input} type="file" accept="image/*" hidden onChange={onFile} />
          <Button
            variant="outlined"
            startIcon={<PhotoCameraOutlined />}
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
          >
            {upload.isPending ? t('accountPage.avatar.uploading') : t('accountPage.avatar.change')}
          </Button>
          <Typography variant="body2" color="textSecondary">
            {t('accountPage.avatar.hint')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
