import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useDialogAction } from '../../../lib/use-dialog-action';
import { useWithdrawPost } from '../api/notifications.api';

interface Props {
  post: Post;
  open: boolean;
  onClose(): void;
}

/**
 * Ask before "Withdraw from phones": the notification leaves the phones that got it and reaches
 * no one more; a post stays in the feed.
 */
export function WithdrawPostDialog({ post, open, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const withdraw = useWithdrawPost();
  const action = useDialogAction(withdraw.isPending, onClose);

  const confirm = () =>
    action.run(
      async () => {
        const { message } = await withdraw.mutateAsync(post.id);
        enqueueSnackbar(translateMessage(t, message || Msg.withdrawnFromPhones), { variant: 'success' });
      },
      (caught) => apiErrorText(t, caught),
    );

  return (
    <ConfirmDialog
      open={open}
      title={t('notifications.withdraw.title')}
      text={post.inFeed ? t('notifications.withdraw.textPost') : t('notifications.withdraw.text')}
      confirmLabel={t('notifications.withdraw.confirm')}
      onConfirm={confirm}
      {...action.confirmProps}
    />
  );
}
