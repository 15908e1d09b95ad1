import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useDeletePost } from '../api/notifications.api';

interface Props {
  post: Post;
  open: boolean;
  onClose(): void;
  /** After the post is gone (the post page leaves for the establishment). */
  onDeleted?(): void;
}

/** Ask before deleting a post; it leaves every feed and cannot come back. */
export function DeletePostDialog({ post, open, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeletePost();
  const titleId = useId();
  const textId = useId();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (remove.isPending) return;
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    setFailure(null);
    try {
      const { message } = await remove.mutateAsync(post.id);
      enqueueSnackbar(translateMessage(t, message || Msg.postDeleted), { variant: 'success' });
      onClose();
      onDeleted?.();
    } catch (caught) {
      setFailure(apiErrorText(t, caught));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('notifications.delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('notifications.delete.text')}</DialogContentText>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={remove.isPending} autoFocus>
          {t('notifications.delete.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} loading={remove.isPending}>
          {t('notifications.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
