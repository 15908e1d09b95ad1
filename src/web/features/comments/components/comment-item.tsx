import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Avatar,
  Box,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Comment, CommentMsg } from '../../../../shared/schemas/comment.schema';
import { RelativeTime } from '../../../components/relative-time';
import { nameInitials } from '../../../lib/initials';
import { avatarUrl } from '../../../lib/media-urls';
import { useEditComment } from '../api/comments.api';
import { commentMessage } from '../comment-message';
import { CommentForm } from './comment-form';
import { CommentText } from './comment-text';
import { DeleteCommentDialog } from './delete-comment-dialog';

/** One comment: who, when, whether edited, the text; edit inline (its author), remove (author, moderators). */
export function CommentItem({ postId, comment }: { postId: string; comment: Comment }) {
  const { t } = useTranslation();
  const edit = useEditComment(postId);
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const nameId = useId();
  const { author } = comment;

  return (
    <Stack component="li" direction="row" spacing={1.5} aria-labelledby={nameId} sx={{ py: 1.5 }}>
      <Avatar
        src={avatarUrl(author.avatar)}
        alt=""
        sx={{
          width: 36,
          height: 36,
          fontSize: '0.875rem',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        {nameInitials(author.name)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
          <Typography id={nameId} variant="subtitle2" component="span">
            {author.name}
            {comment.mine && (
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 0.5 }}>
                {t('comments.item.you')}
              </Typography>
            )}
          </Typography>
          <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
            <RelativeTime iso={comment.createdAt} />
            {comment.editedAt && ` · ${t('comments.item.edited')}`}
          </Typography>
        </Stack>
        {editing ? (
          <Box sx={{ mt: 1 }}>
            <CommentForm
              label={t('comments.form.editLabel')}
              initialText={comment.text}
              submitLabel={t('comments.form.save')}
              autoFocus
              onSubmit={async (text) => {
                const { message } = await edit.mutateAsync({ id: comment.id, text });
                setEditing(false);
                enqueueSnackbar(commentMessage(t, message || CommentMsg.updated), { variant: 'success' });
              }}
              onCancel={() => setEditing(false)}
            />
          </Box>
        ) : (
          <CommentText text={comment.text} />
        )}
      </Box>
      {!editing && (comment.canEdit || comment.canDelete) && (
        <CommentActions
          comment={comment}
          onEdit={() => setEditing(true)}
          onDelete={() => setDeleting(true)}
        />
      )}
      {comment.canDelete && (
        <DeleteCommentDialog
          postId={postId}
          comment={comment}
          open={deleting}
          onClose={() => setDeleting(false)}
        />
      )}
    </Stack>
  );
}

function CommentActions({
  comment,
  onEdit,
  onDelete,
}: {
  comment: Comment;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: () => void) => {
    setAnchor(null);
    action();
  };
  return (
    <Box sx={{ flexShrink: 0, mt: -0.5 }}>
      <IconButton
        size="small"
        aria-label={t('comments.item.actions', { name: comment.author.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {comment.canEdit && (
          <MenuItem onClick={() => choose(onEdit)}>
            <ListItemIcon>
              <EditOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('comments.item.edit')}</ListItemText>
          </MenuItem>
        )}
        {comment.canDelete && (
          <MenuItem onClick={() => choose(onDelete)} sx={{ color: 'error.main' }}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('comments.item.delete')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}
