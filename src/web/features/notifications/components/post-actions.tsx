import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PhonelinkEraseOutlinedIcon from '@mui/icons-material/PhonelinkEraseOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { KebabMenu } from '../../../components/kebab-menu';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCan } from '../../../lib/use-can';
import { usePinnedPost, useSetPinned } from '../api/pins.api';
import { useStartComposeWith } from './compose-seed';
import { DeletePostDialog } from './delete-post-dialog';
import { EditPostDialog, wentToPhones } from './edit-post-dialog';
import { WithdrawPostDialog } from './withdraw-post-dialog';

/**
 * Edit, withdraw from phones and delete, for the post's owner or an admin; pin to the top of the business's feed or unpin,
 * for who may send for it; nothing at all for anyone else.
 */
export function PostActions({ post, onDeleted }: { post: Post; onDeleted?(): void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { enqueueSnackbar } = useSnackbar();
  const [dialog, setDialog] = useState<'edit' | 'withdraw' | 'delete' | null>(null);
  const resource = { ownerId: post.ownerId ?? undefined, establishmentId: post.establishment.id };
  const mayEdit = can('notificationPost:edit', resource);
  const mayDelete = can('notificationPost:delete', resource);
  // Off the phones, the post kept: who may delete it, once it reached a phone.
  const mayWithdraw = mayDelete && wentToPhones(post);
  const mayPin =
    post.inFeed &&
    post.delivery?.status !== 'scheduled' &&
    can('post:pin', { establishmentId: post.establishment.id });
  const pinned = usePinnedPost(post.establishment.id, mayPin);
  const setPinned = useSetPinned(post.establishment.id);
  // Who may send for the business may start a new send from this one.
  const mayDuplicate = can('notificationPost:create', { establishmentId: post.establishment.id });
  const startWith = useStartComposeWith(post.establishment.id);
  if (!mayEdit && !mayDelete && !mayPin && !mayDuplicate) return null;
  const isPinned = pinned.data?.id === post.id;

  const togglePin = async () => {
    try {
      await setPinned.mutateAsync(isPinned ? null : post.id);
      enqueueSnackbar(isPinned ? t('notifications.post.unpinDone') : t('notifications.post.pinDone'), {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <>
      <KebabMenu
        label={t('notifications.post.actions')}
        edge="end"
        items={[
          mayPin && {
            id: 'pin',
            label: isPinned ? t('notifications.post.unpin') : t('notifications.post.pin'),
            icon: <PushPinOutlinedIcon fontSize="small" />,
            onClick: () => void togglePin(),
            disabled: pinned.isPending,
          },
          mayDuplicate && {
            id: 'duplicate',
            label: t('drafts.duplicate'),
            icon: <ContentCopyIcon fontSize="small" />,
            onClick: () =>
              startWith({
                text: post.text,
                title: post.title ?? '',
                link: post.link ?? '',
                actions: post.actions,
                translations: post.translations,
                richTranslations: post.richTranslations,
                media: post.media,
              }),
          },
          mayEdit && {
            id: 'edit',
            label: t('notifications.post.edit'),
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => setDialog('edit'),
          },
          mayWithdraw && {
            id: 'withdraw',
            label: t('notifications.withdraw.action'),
            icon: <PhonelinkEraseOutlinedIcon fontSize="small" />,
            onClick: () => setDialog('withdraw'),
          },
          mayDelete && {
            id: 'delete',
            label: t('notifications.post.delete'),
            icon: <DeleteOutlineIcon fontSize="small" />,
            onClick: () => setDialog('delete'),
            danger: true,
          },
        ]}
      />
      {mayEdit && <EditPostDialog post={post} open={dialog === 'edit'} onClose={() => setDialog(null)} />}
      {mayWithdraw && (
        <WithdrawPostDialog post={post} open={dialog === 'withdraw'} onClose={() => setDialog(null)} />
      )}
      {mayDelete && (
        <DeletePostDialog
          post={post}
          open={dialog === 'delete'}
          onClose={() => setDialog(null)}
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}
