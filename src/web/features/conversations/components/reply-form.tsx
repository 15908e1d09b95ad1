import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TEXT_MAX } from '../../../../shared/schemas/conversation.schema';
import { FileChooserButton } from '../../../components/upload-with-preview';
import { fileErrorText } from '../../../lib/api-error-text';
import { imageFileProblem } from '../../../lib/image-file';
import { useSendMessage } from '../api/conversations.api';
import { useObjectUrl, useUploadPicture } from '../api/message-picture.api';
import { conversationErrorText } from '../conversation-message';

/** A picture chosen for the next message: the file (its preview) and, once uploaded, its id. */
interface Attached {
  file: File;
  id: string | null;
}

/**
 * The box under a conversation: the follower's next message, or the business's answer. Words, one
 * picture, or both; the picture is uploaded as soon as it is chosen, so a refusal shows at once.
 */
export function ReplyForm({ conversationId, asBusiness }: { conversationId: string; asBusiness: boolean }) {
  const { t } = useTranslation();
  const send = useSendMessage(conversationId);
  const upload = useUploadPicture(conversationId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attached, setAttached] = useState<Attached | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const preview = useObjectUrl(attached?.file);
  const pictureErrorId = useId();

  const choose = async (file: File) => {
    setPictureError(null);
    const problem = imageFileProblem(t, file);
    if (problem) {
      setPictureError(problem);
      return;
    }
    setAttached({ file, id: null });
    try {
      const { picture } = await upload.mutateAsync(file);
      setAttached((current) => (current?.file === file ? { file, id: picture.id } : current));
    } catch (caught) {
      setAttached(null);
      setPictureError(fileErrorText(t, caught));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && !attached) {
      setError(t('conversations.form.required'));
      return;
    }
    if (attached && !attached.id) return;
    try {
      await send.mutateAsync({ text: text.trim(), ...(attached?.id ? { picture: attached.id } : {}) });
      setText('');
      setAttached(null);
    } catch (caught) {
      setError(conversationErrorText(t, caught));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={1}>
        <TextField
          label={asBusiness ? t('conversations.form.answerLabel') : t('conversations.form.label')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          multiline
          minRows={2}
          fullWidth
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX } }}
        />
        {attached && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {preview && (
              <Box
                component="img"
                src={preview}
                alt={t('conversations.picture.chosen')}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
              />
            )}
            <IconButton
              aria-label={t('conversations.picture.remove')}
              onClick={() => setAttached(null)}
              size="small"
            >
              <CloseIcon fontSize="small" />
            </IconButton>
            {!attached.id && <Typography variant="body2">{t('conversations.picture.uploading')}</Typography>}
          </Stack>
        )}
        {pictureError && (
          <Typography id={pictureErrorId} variant="body2" color="error" role="alert">
            {pictureError}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            loading={send.isPending}
            disabled={Boolean(attached && !attached.id)}
          >
            {asBusiness ? t('conversations.form.answer') : t('conversations.form.send')}
          </Button>
          <FileChooserButton
            onFiles={([file]) => void choose(file!)}
            startIcon={<PhotoCameraOutlined />}
            describedBy={pictureError ? pictureErrorId : undefined}
            loading={upload.isPending}
          >
            {attached ? t('conversations.picture.replace') : t('conversations.picture.attach')}
          </FileChooserButton>
        </Stack>
      </Stack>
    </Box>
  );
}
