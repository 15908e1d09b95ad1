import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDialogAction } from '../../../lib/use-dialog-action';
import { useCancelScheduled } from '../api/scheduled.api';
import { failureText } from './compose-helpers';
import { scheduleMessageText } from './schedule-helpers';

interface Props {
  /** The scheduled send to cancel; null: closed. */
  post: Post | null;
  /** Its due time, as the list writes it. */
  due: string;
  onClose(): void;
}

/** Ask before cancelling a scheduled send: it will not go out, and cannot come back. */
export function CancelScheduledDialog({ post, due, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const cancel = useCancelScheduled();
  const action = useDialogAction(cancel.isPending, onClose);

  const confirm = async () => {
    if (!post) return;
    await action.run(
      async () => {
        const { message } = await cancel.mutateAsync(post.id);
        enqueueSnackbar(scheduleMessageText(t, message), { variant: 'success' });
      },
      (caught) => failureText(t, caught),
    );
  };

  // An occurrence of a weekly send: cancelling it stops the series.
  const weekly = Boolean(post?.recurrence);
  return (
    <ConfirmDialog
      open={post !== null}
      title={weekly ? t('weekly.cancelTitle') : t('schedule.cancelDialog.title')}
      text={weekly ? t('weekly.cancelText', { when: due }) : t('schedule.cancelDialog.text', { when: due })}
      confirmLabel={weekly ? t('weekly.cancelConfirm') : t('schedule.cancelDialog.confirm')}
      cancelLabel={t('schedule.cancelDialog.keep')}
      danger
      onConfirm={confirm}
      {...action.confirmProps}
    />
  );
}
