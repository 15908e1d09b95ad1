import CommentsDisabledOutlinedIcon from '@mui/icons-material/CommentsDisabledOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Comment, CommentMsg } from '../../../../shared/schemas/comment.schema';
import { KebabMenu } from '../../../components/kebab-menu';
import { RelativeTime } from '../../../components/relative-time';
import { nameInitials } from '../../../lib/initials';
import { avatarUrl, logoUrl } from '../../../lib/media-urls';
import { useEditComment, useSetCommentHidden, useSetMuted } from '../api/comments.api';
import { commentErrorText, commentMessage } from '../comment-message';
import { CommentForm } from './comment-form';
import { CommentText } from './comment-text';
import { DeleteCommentDialog } from './delete-comment-dialog';

/**
 * One comment: who (the business, with its logo and an "operator" badge, when written in its voice),
 * when, whether edited or hidden, the text; edit inline (its author), remove (author, moderators),
 * hide and mute its author (moderators).
 */
export function CommentItem({
  postId,
  establishmentId,
  comment,
  children,
}: {
  postId: string;
  /** The post's establishment: whose mutes the menu changes. */
  establishmentId: string;
  comment: Comment;
  /** Under the text: the comment's replies and the reply box (comment-thread.tsx). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const edit = useEditComment(postId);
  const hide = useSetCommentHidden(postId);
  const mute = useSetMuted(establishmentId);
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const nameId = useId();
  const { author } = comment;

  const run = async (action: () => Promise<{ message?: string }>) => {
    try {
      const { message } = await action();
      if (message) enqueueSnackbar(commentMessage(t, message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(commentErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      aria-labelledby={nameId}
      sx={{ py: 1.5, ...(comment.hidden ? { opacity: 0.72 } : {}) }}
    >
      {comment.asBusiness ? (
        <Avatar
          src={logoUrl(author.avatar)}
          alt=""
          variant="rounded"
          sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          <StorefrontOutlinedIcon fontSize="small" />
        </Avatar>
      ) : (
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
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25 }}
        >
          <Typography id={nameId} variant="subtitle2" component="span">
            {author.name}
            {comment.mine && !comment.asBusiness && (
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 0.5 }}>
                {t('comments.item.you')}
              </Typography>
            )}
          </Typography>
          {comment.asBusiness && (
            <Chip size="small" color="primary" label={t('comments.item.operator')} sx={{ height: 20 }} />
          )}
          {comment.hidden && (
            <Chip
              size="small"
              variant="outlined"
              icon={<VisibilityOffOutlinedIcon />}
              label={t('comments.item.hidden')}
              sx={{ height: 20 }}
            />
          )}
          <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
            <RelativeTime iso={comment.createdAt} />
            {comment.editedAt && ` · ${t('comments.item.edited')}`}
            {comment.writtenBy && ` · ${t('comments.item.writtenBy', { name: comment.writtenBy })}`}
          </Typography>
        </Stack>
        {comment.hidden && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {comment.mine ? t('comments.item.hiddenForAuthor') : t('comments.item.hiddenForModerator')}
          </Typography>
        )}
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
        {children}
      </Box>
      {!editing && (comment.canEdit || comment.canDelete || comment.canHide || comment.canMute) && (
        <CommentActions
          comment={comment}
          onEdit={() => setEditing(true)}
          onDelete={() => setDeleting(true)}
          onHide={() => run(() => hide.mutateAsync({ id: comment.id, hidden: !comment.hidden }))}
          onMute={() => run(() => mute.mutateAsync({ userId: author.id, muted: !comment.authorMuted }))}
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
  onHide,
  onMute,
}: {
  comment: Comment;
  onEdit(): void;
  onDelete(): void;
  onHide(): void;
  onMute(): void;
}) {
  const { t } = useTranslation();
  const name = comment.author.name;
  return (
    <Box sx={{ flexShrink: 0, mt: -0.5 }}>
      <KebabMenu
        label={t('comments.item.actions', { name })}
        size="small"
        items={[
          comment.canEdit && {
            id: 'edit',
            label: t('comments.item.edit'),
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: onEdit,
          },
          comment.canHide && {
            id: 'hide',
            label: comment.hidden ? t('comments.item.show') : t('comments.item.hide'),
            icon: comment.hidden ? (
              <VisibilityOutlinedIcon fontSize="small" />
            ) : (
              <VisibilityOffOutlinedIcon fontSize="small" />
            ),
            onClick: onHide,
          },
          comment.canMute && {
            id: 'mute',
            label: comment.authorMuted
              ? t('comments.item.unmute', { name })
              : t('comments.item.mute', { name }),
            icon: <CommentsDisabledOutlinedIcon fontSize="small" />,
            onClick: onMute,
          },
          comment.canDelete && {
            id: 'delete',
            label: t('comments.item.delete'),
            icon: <DeleteOutlineIcon fontSize="small" />,
            onClick: onDelete,
            danger: true,
          },
        ]}
      />
    </Box>
  );
}
