import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { type Comment, CommentMsg } from '../../../../shared/schemas/comment.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDialogAction } from '../../../lib/use-dialog-action';
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
  const action = useDialogAction(remove.isPending, onClose);

  const confirm = () =>
    action.run(
      async () => {
        const { message } = await remove.mutateAsync(comment.id);
        enqueueSnackbar(commentMessage(t, message || CommentMsg.deleted), { variant: 'success' });
      },
      (caught) => commentErrorText(t, caught),
    );

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
      onConfirm={confirm}
      {...action.confirmProps}
    />
  );
}
