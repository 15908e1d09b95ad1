import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PhonelinkEraseOutlinedIcon from '@mui/icons-material/PhonelinkEraseOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/schemas/notification.schema';
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
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
    setAnchor(null);
    try {
      await setPinned.mutateAsync(isPinned ? null : post.id);
      enqueueSnackbar(isPinned ? t('notifications.post.unpinDone') : t('notifications.post.pinDone'), {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  const open = (which: 'edit' | 'withdraw' | 'delete') => {
    setAnchor(null);
    setDialog(which);
  };
  return (
    <>
      <IconButton
        aria-label={t('notifications.post.actions')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        edge="end"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {mayPin && (
          <MenuItem onClick={togglePin} disabled={pinned.isPending}>
            <ListItemIcon>
              <PushPinOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>
              {isPinned ? t('notifications.post.unpin') : t('notifications.post.pin')}
            </ListItemText>
          </MenuItem>
        )}
        {mayDuplicate && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              startWith({
                text: post.text,
                title: post.title ?? '',
                link: post.link ?? '',
                actions: post.actions,
                translations: post.translations,
                richTranslations: post.richTranslations,
                media: post.media,
              });
            }}
          >
            <ListItemIcon>
              <ContentCopyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('drafts.duplicate')}</ListItemText>
          </MenuItem>
        )}
        {mayEdit && (
          <MenuItem onClick={() => open('edit')}>
            <ListItemIcon>
              <EditOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('notifications.post.edit')}</ListItemText>
          </MenuItem>
        )}
        {mayWithdraw && (
          <MenuItem onClick={() => open('withdraw')}>
            <ListItemIcon>
              <PhonelinkEraseOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('notifications.withdraw.action')}</ListItemText>
          </MenuItem>
        )}
        {mayDelete && (
          <MenuItem onClick={() => open('delete')} sx={{ color: 'error.main' }}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('notifications.post.delete')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
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
