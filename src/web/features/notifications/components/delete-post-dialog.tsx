import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      title={t('notifications.delete.title')}
      text={t('notifications.delete.text')}
      confirmLabel={t('notifications.delete.confirm')}
      cancelLabel={t('notifications.delete.cancel')}
      danger
      pending={remove.isPending}
      error={failure}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
