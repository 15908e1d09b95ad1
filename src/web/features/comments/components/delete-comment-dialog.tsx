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
import { type Comment, CommentMsg } from '../../../../shared/schemas/comment.schema';
import { useDeleteComment } from '../api/comments.api';
import { commentErrorText, commentMessage } from '../comment-message';

interface Props {
  postId: string;
  comment: Comment;
  open: boolean;
  onClose(): void;
}

/** Ask before removing a comment (one's own, or as a moderator anyone's); it cannot come back. */
export function DeleteCommentDialog({ postId, comment, open, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteComment(postId);
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
      const { message } = await remove.mutateAsync(comment.id);
      enqueueSnackbar(commentMessage(t, message || CommentMsg.deleted), { variant: 'success' });
      onClose();
    } catch (caught) {
      setFailure(commentErrorText(t, caught));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('comments.delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {comment.mine
            ? t('comments.delete.textOwn')
            : t('comments.delete.textOther', { name: comment.author.name })}
        </DialogContentText>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={remove.isPending} autoFocus>
          {t('comments.delete.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} loading={remove.isPending}>
          {t('comments.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
