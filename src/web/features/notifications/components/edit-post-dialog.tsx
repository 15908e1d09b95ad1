import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import {
  EditPostBodySchema,
  NOTIFICATION_TEXT_MAX,
  type Post,
} from '../../../../shared/schemas/notification.schema';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useEditPost } from '../api/notifications.api';

interface Props {
  post: Post;
  open: boolean;
  onClose(): void;
}

/** Whether a send reached some phone, so "Update on phones" has somewhere to go (its senders see the figures). */
export const wentToPhones = (post: Post) => post.delivery !== null && post.delivery.sent > 0;

/**
 * Change a post's text (its owner or an admin), and for a send that reached phones, there too if
 * asked; the server's field messages land on the field.
 */
export function EditPostDialog({ post, open, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const edit = useEditPost();
  const titleId = useId();
  const phonesHintId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  // Off unless asked: each phone that got it gets one more push.
  const [updatePhones, setUpdatePhones] = useState(false);
  const offerPhones = wentToPhones(post);
  const form = useApiForm(EditPostBodySchema, { defaultValues: { text: post.text } });
  const error = form.formState.errors.text?.message;
  const { reset } = form;

  // Each opening starts from the post as it is now.
  useEffect(() => {
    if (!open) return;
    reset({ text: post.text });
    setUpdatePhones(false);
  }, [open, post.text, reset]);

  const close = () => {
    if (edit.isPending) return;
    setFailure(null);
    form.reset({ text: post.text });
    onClose();
  };

  const save = form.handleSubmit(async ({ text }) => {
    setFailure(null);
    try {
      const { message } = await edit.mutateAsync({
        id: post.id,
        text,
        updatePhones: offerPhones && updatePhones,
      });
      enqueueSnackbar(translateMessage(t, message || Msg.postUpdated), { variant: 'success' });
      form.reset({ text });
      onClose();
    } catch (caught) {
      if (!form.applyServerErrors(caught)) setFailure(apiErrorText(t, caught));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>{t('notifications.edit.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {offerPhones ? t('notifications.edit.textPhones') : t('notifications.edit.text')}
          </DialogContentText>
          <TextField
            {...form.register('text')}
            label={t('notifications.compose.textLabel')}
            multiline
            minRows={4}
            maxRows={14}
            fullWidth
            autoFocus
            error={Boolean(error)}
            helperText={error ? translateMessage(t, error) : ' '}
            slotProps={{ htmlInput: { maxLength: NOTIFICATION_TEXT_MAX + 100, dir: 'auto' } }}
          />
          {offerPhones && (
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={updatePhones}
                    onChange={(event) => setUpdatePhones(event.target.checked)}
                    disabled={edit.isPending}
                    slotProps={{ input: { 'aria-describedby': phonesHintId } }}
                  />
                }
                label={t('notifications.edit.updatePhones')}
              />
              <FormHelperText id={phonesHintId} sx={{ mt: -0.5, ml: 4 }}>
                {t('notifications.edit.updatePhonesHint')}
              </FormHelperText>
            </Box>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={edit.isPending}>
            {t('notifications.edit.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={edit.isPending}>
            {t('notifications.edit.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
