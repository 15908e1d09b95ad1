import CommentsDisabledOutlinedIcon from '@mui/icons-material/CommentsDisabledOutlined';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { nameInitials } from '../../../lib/initials';
import { avatarUrl } from '../../../lib/media-urls';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useCommentMutes, useSetMuted } from '../api/comments.api';
import { commentErrorText, commentMessage } from '../comment-message';

/**
 * The followers whose comments the business turned off, for its moderators: who, since
 * when, by whom, and a button to turn them on again. Muting happens on a comment's menu.
 */
export function MutedCommentersCard({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const mutes = useCommentMutes(establishmentId);
  const setMuted = useSetMuted(establishmentId);

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {t('comments.mutes.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('comments.mutes.subtitle')}
        </Typography>
        {mutes.isPending ? (
          <Box role="status" aria-busy="true" aria-label={t('comments.mutes.loading')}>
            <Skeleton height={56} />
          </Box>
        ) : mutes.isError ? (
          <RetryAlert retryLabel={t('comments.section.retry')} onRetry={mutes.refetch} sx={{ mt: 1 }}>
            {commentErrorText(t, mutes.error)}
          </RetryAlert>
        ) : mutes.data.items.length === 0 ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary', pt: 2 }}>
            <CommentsDisabledOutlinedIcon aria-hidden />
            <Typography variant="body2">{t('comments.mutes.empty')}</Typography>
          </Box>
        ) : (
          <List aria-labelledby={titleId}>
            {mutes.data.items.map((mute) => (
              <ListItem
                key={mute.user.id}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    onClick={async () => {
                      try {
                        const { message } = await setMuted.mutateAsync({
                          userId: mute.user.id,
                          muted: false,
                        });
                        enqueueSnackbar(commentMessage(t, message), { variant: 'success' });
                      } catch (error) {
                        enqueueSnackbar(commentErrorText(t, error), { variant: 'error' });
                      }
                    }}
                    aria-label={t('comments.mutes.unmuteLabel', { name: mute.user.name })}
                  >
                    {t('comments.mutes.unmute')}
                  </Button>
                }
                sx={{ pr: 12 }}
              >
                <ListItemAvatar>
                  <Avatar src={avatarUrl(mute.user.avatar)} alt="">
                    {nameInitials(mute.user.name)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={mute.user.name}
                  secondary={
                    mute.mutedBy
                      ? t('comments.mutes.sinceBy', { date: format.date(mute.mutedAt), name: mute.mutedBy })
                      : t('comments.mutes.since', { date: format.date(mute.mutedAt) })
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
