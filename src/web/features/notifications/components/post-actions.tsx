import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { useCan } from '../../../lib/use-can';
import { DeletePostDialog } from './delete-post-dialog';
import { EditPostDialog } from './edit-post-dialog';

/** Edit and delete, for the post's owner or an admin; nothing at all for anyone else. */
export function PostActions({ post, onDeleted }: { post: Post; onDeleted?(): void }) {
  const { t } = useTranslation();
  const can = useCan();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const resource = { ownerId: post.ownerId ?? undefined, establishmentId: post.establishment.id };
  const mayEdit = can('notificationPost:edit', resource);
  const mayDelete = can('notificationPost:delete', resource);
  if (!mayEdit && !mayDelete) return null;

  const open = (which: 'edit' | 'delete') => {
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
        {mayEdit && (
          <MenuItem onClick={() => open('edit')}>
            <ListItemIcon>
              <EditOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('notifications.post.edit')}</ListItemText>
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
