import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Comment, CommentMsg } from '../../../../shared/schemas/comment.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      title={t('comments.delete.title')}
      text={
        comment.mine
          ? t('comments.delete.textOwn')
          : t('comments.delete.textOther', { name: comment.author.name })
      }
      confirmLabel={t('comments.delete.confirm')}
      cancelLabel={t('comments.delete.cancel')}
      danger
      pending={remove.isPending}
      error={failure}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
