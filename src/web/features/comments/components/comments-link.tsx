import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { Button, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { postPath } from '../../../../shared/push/payload';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/** Whether a post's card links to its comments: a post in the feeds with comments, or taking them. */
export const hasCommentsLink = (post: Post) =>
  post.inFeed && post.delivery?.status !== 'scheduled' && (post.comments.count > 0 || post.comments.enabled);

/** "3 comments" on a post's card, to the comments on its page; nothing when there are none and none are taken. */
export function CommentsLink({ post, sx }: { post: Post; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { count } = post.comments;
  if (!hasCommentsLink(post)) return null;
  return (
    <Button
      component={RouterLink}
      to={`${postPath(post.establishment.id, post.id)}#comments`}
      size="small"
      startIcon={<ChatBubbleOutlineIcon />}
      sx={sx}
      aria-label={t('comments.link.label', {
        count,
        formatted: format.number(count),
        name: post.establishment.name,
      })}
    >
      {count === 0
        ? t('comments.link.none')
        : t('comments.link.count', { count, formatted: format.number(count) })}
    </Button>
  );
}
