import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { HintedCheckbox } from '../../../components/hinted-checkbox';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useDialogAction } from '../../../lib/use-dialog-action';
import { useDeletePost } from '../api/notifications.api';
import { wentToPhones } from './edit-post-dialog';

interface Props {
  post: Post;
  open: boolean;
  onClose(): void;
  /** After the post is gone (the post page leaves for the establishment). */
  onDeleted?(): void;
}

/**
 * Ask before deleting a post; it leaves every feed and cannot come back. A send that reached phones
 * can be withdrawn from them too.
 */
export function DeletePostDialog({ post, open, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeletePost();
  const action = useDialogAction(remove.isPending, onClose);
  // Off unless asked: the phones keep what they showed.
  const [withdraw, setWithdraw] = useState(false);
  const offerWithdraw = wentToPhones(post);

  // Each opening starts unticked.
  useEffect(() => {
    if (open) setWithdraw(false);
  }, [open]);

  const confirm = async () => {
    const deleted = await action.run(
      async () => {
        const { message } = await remove.mutateAsync({ id: post.id, withdraw: offerWithdraw && withdraw });
        enqueueSnackbar(translateMessage(t, message || Msg.postDeleted), { variant: 'success' });
      },
      (caught) => apiErrorText(t, caught),
    );
    if (deleted) onDeleted?.();
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('notifications.delete.title')}
      text={t('notifications.delete.text')}
      confirmLabel={t('notifications.delete.confirm')}
      cancelLabel={t('notifications.delete.cancel')}
      danger
      onConfirm={confirm}
      {...action.confirmProps}
    >
      {offerWithdraw && (
        <HintedCheckbox
          checked={withdraw}
          onChange={setWithdraw}
          disabled={remove.isPending}
          label={t('notifications.delete.withdraw')}
          hint={t('notifications.delete.withdrawHint')}
          sx={{ mt: 2 }}
        />
      )}
    </ConfirmDialog>
  );
}
