import ForumOutlined from '@mui/icons-material/ForumOutlined';
import {
  Badge,
  Box,
  Card,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ConversationSummary } from '../../../../shared/schemas/conversation.schema';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { RelativeTime } from '../../../components/relative-time';
import { RetryAlert } from '../../../components/retry-alert';
import { conversationErrorText } from '../conversation-message';

interface Props {
  items: ConversationSummary[] | undefined;
  error: unknown;
  onRetry(): void;
  /** The business's inbox names the follower; the follower's list names the business. */
  asBusiness: boolean;
}

/** Conversations, newest first: unread ones marked, each opening its page. */
export function ConversationList({ items, error, onRetry, asBusiness }: Props) {
  const { t } = useTranslation();
  if (error && !items)
    return (
      <RetryAlert retryLabel={t('conversations.retry')} onRetry={onRetry}>
        {conversationErrorText(t, error)}
      </RetryAlert>
    );
  if (!items) return <ListSkeleton rows={4} picture="circular" />;
  if (items.length === 0)
    return (
      <Card>
        <EmptyState
          icon={<ForumOutlined />}
          title={t('conversations.empty.title')}
          text={asBusiness ? t('conversations.empty.inbox') : t('conversations.empty.mine')}
        />
      </Card>
    );
  return (
    <Card>
      <List disablePadding aria-label={t('conversations.listLabel')}>
        {items.map((item) => (
          <ListItem key={item.id} disablePadding divider>
            <ListItemButton component={RouterLink} to={`/app/messages/${item.id}`}>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Badge color="primary" variant="dot" invisible={!item.unread} aria-hidden>
                      <Typography component="span" sx={{ fontWeight: item.unread ? 700 : 400 }}>
                        {asBusiness ? item.follower.name : item.establishment.name}
                      </Typography>
                    </Badge>
                    {item.unread && (
                      <Box component="span" sx={visuallyHidden}>
                        {t('conversations.unread')}
                      </Box>
                    )}
                    <Typography variant="caption" color="textSecondary">
                      {item.closed
                        ? t('conversations.state.closed')
                        : item.answered
                          ? t('conversations.state.answered')
                          : t('conversations.state.open')}
                    </Typography>
                  </Stack>
                }
                secondary={
                  <>
                    <Typography component="span" variant="body2" sx={{ display: 'block' }} noWrap>
                      {item.lastMessage || t('conversations.picture.lastMessage')}
                    </Typography>
                    <RelativeTime iso={item.lastMessageAt} />
                  </>
                }
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
